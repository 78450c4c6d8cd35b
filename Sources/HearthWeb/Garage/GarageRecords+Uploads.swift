public import Foundation
import HearthCloud
public import HearthCloudModel
import HearthCore
public import HearthGarage

/// Files from the pages: a document's copy, a vehicle's photo, a logged service's receipt. Each is checked
/// (its size, its kind by its first bytes, the record it belongs to) before anything is stored, then kept in
/// the record store as an asset of the user's, and named by the garage record the devices receive, so they
/// download it at their next sync. A file a device added reaches the pages once that device has synced.
extension GarageRecords {
    /// Keeps a document of the form's vehicle with its file, as `hearth garage documents add` does on a device.
    /// - Throws: ``ServiceError`` `validationFailed` naming each bad field or a file that is no PDF or picture
    ///   (nothing is stored), `notFound` for a vehicle the user does not have.
    @discardableResult
    public func addDocument(_ form: GarageDocumentForm, file: Data, fileName: String, userID: String, now: Date)
        async throws -> VehicleDocument
    {
        let garage = try await current(userID, now: now)
        _ = try await owned(form.vehicleID, in: garage)
        let kind = try FileKind.checked(
            file, fileName, what: "document file", allowsPDF: true, limit: GarageStore.maxDocumentBytes)
        let store = self.store
        return try await saving(userID) {
            try await garage.addDocument(
                form.draft, originalName: kind.keptName(fileName), byteCount: file.count, to: form.vehicleID
            ) { try await store.storeAsset(CloudPrincipal(userID: userID), data: file) }
        }
    }

    /// The vehicle's document `id`.
    /// - Throws: ``ServiceError`` `notFound` when the user's vehicle has no such document.
    public func document(_ id: UUID, of vehicleID: UUID, userID: String, now: Date) async throws -> VehicleDocument {
        try await document(id, of: vehicleID, in: try await recent(userID, now: now))
    }

    /// Changes document `id` of the form's vehicle to the form's values (an empty day clears it), as `hearth
    /// garage documents update` does, and replaces its file with `file` when one is given.
    /// - Throws: ``ServiceError`` `validationFailed` naming each bad field or a file that is no PDF or picture
    ///   (nothing is saved), `notFound` for a document the user's vehicle does not have.
    @discardableResult
    public func updateDocument(
        _ id: UUID, _ form: GarageDocumentForm, file: Data?, fileName: String, userID: String, now: Date
    ) async throws -> VehicleDocument {
        let garage = try await current(userID, now: now)
        _ = try await document(id, of: form.vehicleID, in: garage)
        let kind = try file.map {
            try FileKind.checked(
                $0, fileName, what: "document file", allowsPDF: true, limit: GarageStore.maxDocumentBytes)
        }
        // Every field is checked before a new file is stored, so a refused form stores nothing.
        try await garage.checkDocumentUpdate(id, with: form.edit)
        var asset: CloudAsset?
        if let file { asset = try await store.storeAsset(CloudPrincipal(userID: userID), data: file) }
        return try await saving(userID) {
            var saved = try await garage.updateDocument(id, with: form.edit)
            if let asset, let kind {
                saved = try await garage.setDocumentFile(asset, originalName: kind.keptName(fileName), of: id)
            }
            return saved
        }
    }

    /// Deletes document `id` of the vehicle, as `hearth garage documents delete` does; each device removes
    /// its copy.
    public func removeDocument(_ id: UUID, of vehicleID: UUID, userID: String, now: Date) async throws {
        let garage = try await current(userID, now: now)
        _ = try await document(id, of: vehicleID, in: garage)
        try await saving(userID) { try await garage.removeDocument(id) }
    }

    /// The file of document `id` of the vehicle, to save.
    /// - Throws: ``ServiceError`` `notFound` for a document the user's vehicle does not have, or one whose
    ///   file has not reached the server yet (the device that added it has not synced since).
    public func documentFile(_ id: UUID, of vehicleID: UUID, userID: String, now: Date) async throws -> WebStoredFile {
        let document = try await document(id, of: vehicleID, in: try await recent(userID, now: now))
        guard let asset = document.fileAsset else {
            throw ServiceError(
                .notFound,
                "The file of \(document.label) is still only on the device that added it; it reaches this page when that device syncs (hearth garage sync)."
            )
        }
        return try await WebStoredFile.open(
            asset, named: document.originalName, in: store, userID: userID, inline: false)
    }

    /// Shows the vehicle with the photo in `file`, or with its icon again for nil.
    /// - Throws: ``ServiceError`` `validationFailed` for a file that is no picture or over 10 MB (nothing is
    ///   stored), `notFound` for a vehicle the user does not have.
    @discardableResult
    public func setPhoto(_ file: Data?, fileName: String, of vehicleID: UUID, userID: String, now: Date) async throws
        -> Vehicle
    {
        let garage = try await current(userID, now: now)
        _ = try await owned(vehicleID, in: garage)
        guard let file else { return try await saving(userID) { try await garage.setPhoto(nil, of: vehicleID) } }
        let kind = try FileKind.checked(
            file, fileName, what: "vehicle photo", allowsPDF: false, limit: GarageStore.maxPhotoBytes)
        let asset = try await store.storeAsset(CloudPrincipal(userID: userID), data: file)
        return try await saving(userID) {
            try await garage.setPhoto(asset, originalName: kind.keptName(fileName), of: vehicleID)
        }
    }

    /// The vehicle's photo, to show.
    /// - Throws: ``ServiceError`` `notFound` when the vehicle has no photo here (yet).
    public func photo(of vehicleID: UUID, userID: String, now: Date) async throws -> WebStoredFile {
        let vehicle = try await owned(vehicleID, in: try await recent(userID, now: now))
        guard let asset = vehicle.photoAsset, let name = vehicle.photoFile else {
            throw ServiceError(.notFound, "\(vehicle.displayName) has no photo on the server yet.")
        }
        return try await WebStoredFile.open(asset, named: name, in: store, userID: userID, inline: true)
    }

    /// Keeps the receipt in `file` with entry `logID` of the vehicle's history.
    /// - Throws: ``ServiceError`` `validationFailed` for a file that is no PDF or picture or over 25 MB
    ///   (nothing is stored), `notFound` for an entry the user's vehicle does not have.
    @discardableResult
    public func setReceipt(_ file: Data, fileName: String, of logID: UUID, vehicleID: UUID, userID: String, now: Date)
        async throws -> ServiceLog
    {
        let garage = try await current(userID, now: now)
        _ = try await log(logID, of: vehicleID, in: garage)
        let kind = try FileKind.checked(
            file, fileName, what: "receipt", allowsPDF: true, limit: GarageStore.maxDocumentBytes)
        let asset = try await store.storeAsset(CloudPrincipal(userID: userID), data: file)
        return try await saving(userID) {
            try await garage.setReceipt(asset, originalName: kind.keptName(fileName), of: logID)
        }
    }

    /// The receipt of entry `logID` of the vehicle's history, to save.
    /// - Throws: ``ServiceError`` `notFound` for an entry without a receipt on the server.
    public func receipt(of logID: UUID, vehicleID: UUID, userID: String, now: Date) async throws -> WebStoredFile {
        let log = try await log(logID, of: vehicleID, in: try await recent(userID, now: now))
        guard let asset = log.receiptAsset, let name = log.receiptFile else {
            throw ServiceError(.notFound, "That history entry has no receipt on the server.")
        }
        return try await WebStoredFile.open(asset, named: name, in: store, userID: userID, inline: false)
    }

    /// The vehicle's document `id` in `garage`; `notFound` when the vehicle has no such document.
    private func document(_ id: UUID, of vehicleID: UUID, in garage: GarageStore) async throws -> VehicleDocument {
        try await entry(id, "document", of: vehicleID, in: try await garage.documents(of: vehicleID))
    }

    /// The vehicle's history entry `id` in `garage`; `notFound` when the vehicle has no such entry.
    private func log(_ id: UUID, of vehicleID: UUID, in garage: GarageStore) async throws -> ServiceLog {
        try await entry(id, "history entry", of: vehicleID, in: try await garage.logs(of: vehicleID))
    }
}
