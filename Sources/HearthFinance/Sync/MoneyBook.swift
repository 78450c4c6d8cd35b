public import Foundation
import GRDB
public import HearthCloudModel
import HearthCore
import HearthSync

/// A money book another user shared with this one: whose it is and what this user may do with it.
///
/// A shared book lives in a database of its own on a device (`hearth finance … --book OWNER`), synced with
/// ``FinanceSync/configuration(sendDebounce:book:)``, so its people, transactions, budgets and balances never
/// mix with the user's own. That database keeps this user's rights (its `book.permission` setting, asked after
/// every sync round), and its change recorder refuses a change the rights do not allow before it is written.
public struct MoneyBook: Sendable, Hashable, Codable {
    /// The account that owns the book (its `userRecordName`).
    public var owner: String
    /// The owner's address, when the share names it.
    public var ownerAddress: String?
    /// What this user may do: `READ_ONLY` or `READ_WRITE` (`NONE` once the book is no longer shared with them).
    public var permission: CloudSharePermission

    public init(owner: String, ownerAddress: String? = nil, permission: CloudSharePermission) {
        self.owner = owner
        self.ownerAddress = ownerAddress
        self.permission = permission
    }

    /// Whether this user may change the book.
    public var isWritable: Bool { permission == .readWrite }

    /// How the pages and the CLI name the book: its owner's address, else the account.
    public var ownerName: String { ownerAddress ?? owner }

    /// The setting of a shared book's database holding this user's rights.
    static let permissionSetting = "book.permission"
    /// The setting of a shared book's database holding its owner's address, so `--book` can name the book by it.
    static let addressSetting = "book.owner-address"

    /// Keeps, in the database `store` holds this book in, what this user may do with it and its owner's address
    /// (so that `--book` names it by the address too), as each sync round of the book does.
    public func keep(in store: FinancePersistenceService) async throws {
        if try await store.setting(Self.permissionSetting) != permission.rawValue {
            try await store.setSetting(Self.permissionSetting, to: permission.rawValue)
        }
        if let ownerAddress, try await store.setting(Self.addressSetting) != ownerAddress {
            try await store.setSetting(Self.addressSetting, to: ownerAddress)
        }
    }

    /// Whether `name` names this book: its owner's account, or (ignoring case) its owner's address.
    public func isNamed(_ name: String) -> Bool {
        owner == name || ownerAddress.map { $0.caseInsensitiveCompare(name) == .orderedSame } == true
    }

    /// The books shared with `me`, from the shares the server lists in the shared database.
    static func books(in shares: [CloudShare], for me: String) -> [MoneyBook] {
        var books: [String: MoneyBook] = [:]
        for share in shares where share.zoneID.zoneName == FinanceSync.zoneName && share.isZoneWide {
            guard let owner = share.zoneID.ownerRecordName, owner != me else { continue }
            let mine = share.participants.filter { $0.userRecordName == me && $0.acceptanceStatus == .accepted }
            guard mine.contains(where: { $0.permission != .none }) else { continue }
            let permission: CloudSharePermission =
                mine.contains { $0.permission == .readWrite } ? .readWrite : .readOnly
            let address = share.participants.first { $0.role == .owner }?.emailAddress
            books[owner] = MoneyBook(owner: owner, ownerAddress: address, permission: permission)
        }
        return books.values.sorted { $0.ownerName.localizedStandardCompare($1.ownerName) == .orderedAscending }
    }

    /// Refuses a change in a book shared with this user read-only, or no longer shared with them; a database of
    /// the user's own book has no such setting and takes every change.
    static func checkWritable(in db: Database) throws {
        guard
            let value = try FinancePersistenceService.setting(permissionSetting, in: db),
            value != CloudSharePermission.readWrite.rawValue
        else { return }
        if value == CloudSharePermission.readOnly.rawValue {
            throw ServiceError.unauthorized(
                "This money book is shared with you read-only; nothing was changed. Ask its owner to share it with you read-write."
            )
        }
        throw ServiceError.unauthorized(
            "This money book is no longer shared with you; nothing was changed. Ask its owner to share it with you again."
        )
    }
}
