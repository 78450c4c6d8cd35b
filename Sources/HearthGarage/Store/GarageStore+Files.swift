public import Foundation
import GRDB
public import HearthCloudModel
public import HearthCore
import HearthStore
import HearthSync

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
        try await setFile(
            asset, originalName: originalName, of: vehicleID, role: "photo", what: "vehicle photo",
            limit: Self.maxPhotoBytes, advice: "choose a smaller picture"
        ) { (vehicle: inout Vehicle, name, asset) in
            vehicle.photoFile = name
            vehicle.photoAsset = asset
        }
    }

    /// Shows vehicle `vehicleID` with the picture at `path`, copied into the documents folder (0600); the next
    /// sync uploads it, and the other devices and the pages show it. The photo it had is removed here.
    /// - Throws: ``ServiceError``: not found (the vehicle, the file), validation failed (a folder, no picture,
    ///   one over ``maxPhotoBytes``), operation failed (no documents folder). Nothing changes when it throws.
    @discardableResult
    public func setPhoto(copying path: String, of vehicleID: UUID) async throws -> Vehicle {
        let (folder, source) = try copySource(path, keeping: "photos")
        let size = try Self.documentFileSize(source)
        guard size <= Self.maxPhotoBytes else {
            throw ServiceError.validationFailed(
                "\(source.lastPathComponent) is \(size >> 20) MB, larger than the \(Self.maxPhotoBytes >> 20) MB a photo may be; choose a smaller picture"
            )
        }
        let data = try Self.readDocumentFile(source)
        guard let format = PictureFormat(sniffing: data) else {
            throw ServiceError.validationFailed(
                "\(source.lastPathComponent) is not a \(PictureFormat.names) picture; choose a photo")
        }
        let old = try await read { db in try Vehicle.fetchOne(db, key: vehicleID) }
        guard let old else { throw Self.missing("vehicle", vehicleID) }
        let name = Self.keptFileName(
            of: vehicleID, role: "photo", asset: CloudAsset(describing: data), original: "photo.\(format.rawValue)")
        let files = ProtectedFileStore(directory: folder)
        try files.write(data, to: name)
        let saved: Vehicle
        do {
            saved = try await updateVehicle(vehicleID) {
                $0.photoFile = name
                $0.photoAsset = nil
            }
        } catch {
            if name != old.photoFile { try? files.remove(name) }
            throw error
        }
        if let previous = old.photoFile, previous != name, VehicleDocument.isPlainFileName(previous) {
            try? files.remove(previous)
        }
        return saved
    }

    /// Keeps the receipt uploaded as `asset` (named `originalName`) with logged service `logID`, or drops it
    /// for nil.
    /// - Throws: ``ServiceError``: not found (the log), validation failed (a receipt over ``maxDocumentBytes``).
    @discardableResult
    public func setReceipt(_ asset: CloudAsset?, originalName: String = "", of logID: UUID) async throws -> ServiceLog {
        try await setFile(
            asset, originalName: originalName, of: logID, role: "receipt", what: "receipt",
            limit: Self.maxDocumentBytes, advice: "scan it at a lower resolution or as a PDF"
        ) { (log: inout ServiceLog, name, asset) in
            log.receiptFile = name
            log.receiptAsset = asset
        }
    }

    /// Replaces the copy of document `documentID` with the file uploaded as `asset` (named `originalName`); its
    /// other fields stay. The new copy has a new name, so every device downloads it at its next sync.
    /// - Throws: ``ServiceError``: not found (the document), validation failed (a file over ``maxDocumentBytes``).
    @discardableResult
    public func setDocumentFile(_ asset: CloudAsset, originalName: String, of documentID: UUID) async throws
        -> VehicleDocument
    {
        try await setFile(
            asset, originalName: originalName, of: documentID, role: "document", what: "document file",
            limit: Self.maxDocumentBytes, advice: "scan it at a lower resolution or as a PDF"
        ) { (document: inout VehicleDocument, name, asset) in
            document.fileName = name ?? document.fileName
            document.fileAsset = asset
            document.originalName = String(originalName.prefix(200))
            document.byteCount = Int(asset?.size ?? Int64(document.byteCount))
        }
    }

    /// Sets the file `role` of record `id` with `assign` (its kept name and asset, or nil and nil), after
    /// checking the asset against `limit`.
    private func setFile<R: GarageRecord>(
        _ asset: CloudAsset?, originalName: String, of id: UUID, role: String, what: String, limit: Int,
        advice: String, assign: @escaping @Sendable (inout R, String?, CloudAsset?) -> Void
    ) async throws -> R {
        if let asset, asset.size > Int64(limit) {
            throw ServiceError.validationFailed(
                "\(what): \(originalName.prefix(80)) is larger than the \(limit >> 20) MB it may be; \(advice)")
        }
        return try await write { tx in
            guard var record = try R.fetchOne(tx.db, key: id) else {
                throw Self.missing(R.entity.rawValue, id)
            }
            assign(
                &record, asset.map { Self.keptFileName(of: id, role: role, asset: $0, original: originalName) },
                asset.map { CloudAsset(fileChecksum: $0.fileChecksum, size: $0.size) })
            return try tx.update(record)
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
