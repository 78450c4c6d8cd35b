public import Foundation
import GRDB
public import HearthCloudModel
public import HearthCore

/// A vehicle's photo and a logged service's receipt, set from a file already uploaded to the server (a page's
/// upload). The record names the copy each device keeps in its `documents` folder; the devices download it at
/// their next sync (``GarageFileTransfer``).
extension GarageStore {
    /// The largest photo a vehicle may be shown with: 10 MB.
    public static let maxPhotoBytes = 10 * 1024 * 1024

    /// Shows vehicle `vehicleID` with the photo uploaded as `asset` (named `originalName`), or with its icon
    /// again for nil.
    /// - Throws: ``ServiceError``: not found (the vehicle), validation failed (a photo over ``maxPhotoBytes``).
    @discardableResult
    public func setPhoto(_ asset: CloudAsset?, originalName: String = "", of vehicleID: UUID) async throws -> Vehicle {
        if let asset, asset.size > Int64(Self.maxPhotoBytes) {
            throw ServiceError.validationFailed(
                "vehicle photo: \(originalName.prefix(80)) is larger than the \(Self.maxPhotoBytes >> 20) MB a photo may be; choose a smaller picture"
            )
        }
        return try await write { tx in
            guard var vehicle = try Vehicle.fetchOne(tx.db, key: vehicleID) else {
                throw Self.missing("vehicle", vehicleID)
            }
            vehicle.photoFile = asset.map {
                Self.keptFileName(of: vehicleID, role: "photo", asset: $0, original: originalName)
            }
            vehicle.photoAsset = asset.map { CloudAsset(fileChecksum: $0.fileChecksum, size: $0.size) }
            return try tx.update(vehicle)
        }
    }

    /// Keeps the receipt uploaded as `asset` (named `originalName`) with logged service `logID`, or drops it
    /// for nil.
    /// - Throws: ``ServiceError``: not found (the log), validation failed (a receipt over ``maxDocumentBytes``).
    @discardableResult
    public func setReceipt(_ asset: CloudAsset?, originalName: String = "", of logID: UUID) async throws -> ServiceLog {
        if let asset, asset.size > Int64(Self.maxDocumentBytes) {
            throw ServiceError.validationFailed(
                "receipt: \(originalName.prefix(80)) is larger than the \(Self.maxDocumentBytes >> 20) MB a receipt may be; scan it at a lower resolution or as a PDF"
            )
        }
        return try await write { tx in
            guard var log = try ServiceLog.fetchOne(tx.db, key: logID) else {
                throw Self.missing("service log entry", logID)
            }
            log.receiptFile = asset.map {
                Self.keptFileName(of: logID, role: "receipt", asset: $0, original: originalName)
            }
            log.receiptAsset = asset.map { CloudAsset(fileChecksum: $0.fileChecksum, size: $0.size) }
            return try tx.update(log)
        }
    }

    /// The name a record's file is kept under: the record's id, what the file is, the start of its SHA-256 (so
    /// a new file is a new name, and every device fetches it) and the original's extension when it is plain.
    static func keptFileName(of id: UUID, role: String, asset: CloudAsset, original: String) -> String {
        "\(id.uuidString.lowercased())-\(role)-\(asset.fileChecksum.prefix(12))"
            + (plainExtension(original).map { ".\($0)" } ?? "")
    }

    /// The extension of file name `original`, lowercased, when it is a plain one ("pdf", "jpg": up to eight
    /// ASCII letters and digits); nil otherwise.
    static func plainExtension(_ original: String) -> String? {
        let ext = URL(fileURLWithPath: original).pathExtension.lowercased()
        let plain = !ext.isEmpty && ext.count <= 8 && ext.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        return plain ? ext : nil
    }
}
