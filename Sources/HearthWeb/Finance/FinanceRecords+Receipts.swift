public import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
public import HearthFinance

/// A group expense's receipt from the pages: a PDF or a picture, checked (its size, its kind by its first
/// bytes, the expense it belongs to) before anything is stored, then kept in the record store as an asset of
/// the user's and named by the expense record the devices receive.
extension FinanceRecords {
    /// The largest receipt the pages take: 25 MB.
    public static let maxReceiptBytes = 25 << 20

    /// Keeps the receipt in `file` (sent as `fileName`) with expense `id` of group `groupID`, replacing one kept
    /// before.
    /// - Throws: ``ServiceError`` `validationFailed` for a file that is no PDF or picture, or over 25 MB (nothing
    ///   is stored); `notFound` for an expense the user's group does not have.
    @discardableResult
    public func setReceipt(
        _ file: Data, fileName: String, ofExpense id: UUID, group groupID: UUID, userID: String, now: Date
    ) async throws -> GroupExpense {
        let finance = try await current(userID, now: now)
        let group = try Self.found(
            try await Self.reading { try await finance.fetchGroup(byID: groupID) }, "group", groupID)
        let old = try Self.found(group.expenses.first { $0.id == id }, "expense in this group", id)
        let kind = try FileKind.checked(file, fileName, what: "receipt", allowsPDF: true, limit: Self.maxReceiptBytes)
        let asset = try await store.storeAsset(CloudPrincipal(userID: userID), data: file)
        let changed = old.with(
            receipt: .some(kind.keptName(fileName)),
            receiptAsset: .some(CloudAsset(fileChecksum: asset.fileChecksum, size: asset.size)), updatedAt: now)
        return try await saving(userID) { try await Self.reading { try await finance.updateExpense(changed) } }
    }

    /// The receipt of expense `id` of group `groupID`, to save.
    /// - Throws: ``ServiceError`` `notFound` for an expense without a receipt on the server.
    public func receipt(ofExpense id: UUID, group groupID: UUID, userID: String, now: Date) async throws
        -> WebStoredFile
    {
        let found = try await groupExpense(id, group: groupID, userID: userID, now: now)
        guard let asset = found.expense.receiptAsset else {
            throw ServiceError(.notFound, "\(found.expense.title) has no receipt on the server.")
        }
        let name = found.expense.receipt.map { ($0 as NSString).lastPathComponent } ?? "receipt"
        return try await WebStoredFile.open(asset, named: name, in: store, userID: userID, inline: false)
    }
}
