public import Foundation
import GRDB
import HearthCloudModel
import HearthCore
import HearthStore
public import HearthSync

/// Moves the garage's files (``GarageFileColumns``: vehicle photos, receipts, document copies) between the
/// garage's `documents` folder and the server's assets.
///
/// A file added on this device is uploaded before the round sends its record, so the record goes out naming
/// the asset; a file a record names that this device lacks is downloaded after the round, checked against
/// the record's SHA-256 and size, and kept 0600 under the record's file name. A file that cannot move is
/// reported in the round's problems and tried again at the next round. A file whose record was deleted (or
/// given another file) on another device is removed after the round (``removeUnnamed(since:)``).
///
/// ```swift
/// let files = GarageFileTransfer(store: garage.store, assets: client)
/// let sync = GarageSync.service(store: garage.store, engine: engine, files: files)
/// ```
public struct GarageFileTransfer: Sendable {
    let store: GarageStore
    let assets: any CloudAssetService

    /// Transfers the files of `store` (which must keep a documents folder) through `assets`.
    public init(store: GarageStore, assets: any CloudAssetService) {
        self.store = store
        self.assets = assets
    }

    /// A file one record names.
    struct Named: Sendable {
        var kind: GarageSyncKind
        var columns: GarageFileColumns
        var id: UUID
        var name: String
        var asset: CloudAsset?
    }

    /// Every file the garage's records name, with the asset each was uploaded as.
    func named() async throws -> [Named] {
        try await store.read { db in
            var found: [Named] = []
            for kind in GarageSync.kinds {
                for columns in kind.files {
                    let sql = """
                        SELECT id, \(columns.name.quotedDatabaseIdentifier) AS name, \(columns.asset.quotedDatabaseIdentifier) AS asset
                        FROM \(kind.table.quotedDatabaseIdentifier) WHERE \(columns.name.quotedDatabaseIdentifier) IS NOT NULL
                        """
                    for row in try Row.fetchAll(db, sql: sql) {
                        let asset: String? = row["asset"]
                        found.append(
                            Named(
                                kind: kind, columns: columns, id: row["id"], name: row["name"],
                                asset: asset.flatMap(CloudAsset.init(columnText:))
                            ))
                    }
                }
            }
            return found
        }
    }

    /// The names of the files the garage's records name now: take them before a round, and hand them to
    /// ``removeUnnamed(since:)`` after it.
    public func namedFiles() async throws -> Set<String> {
        Set(try await named().map(\.name))
    }

    /// Removes the copies of files that `before` named and no record names now (their record was deleted, or
    /// given a new file, on another device). Files added meanwhile are not in `before`, so they stay.
    public func removeUnnamed(since before: Set<String>) async throws {
        guard let folder = store.documentsFolder else { return }
        let files = ProtectedFileStore(directory: folder)
        for name in before.subtracting(try await namedFiles()) where VehicleDocument.isPlainFileName(name) {
            try? files.remove(name)
        }
    }

    /// Uploads the files added on this device that are not on the server yet, and records each upload in its
    /// record (which queues the record). Returns one line per file that could not be sent.
    @discardableResult
    public func upload() async throws -> [String] {
        guard let folder = store.documentsFolder else { return [] }
        let files = ProtectedFileStore(directory: folder)
        var problems: [String] = []
        for file in try await named() where file.asset == nil && VehicleDocument.isPlainFileName(file.name) {
            do {
                guard let data = try files.read(file.name) else { continue }
                guard data.count <= GarageStore.maxDocumentBytes else {
                    throw ServiceError.validationFailed(
                        "it is larger than the \(GarageStore.maxDocumentBytes >> 20) MB a garage file may be")
                }
                let asset = try await assets.uploadAsset(data)
                let stored = asset.columnText
                try await store.write { tx in
                    let table = file.kind.table.quotedDatabaseIdentifier
                    try tx.db.execute(
                        sql: """
                            UPDATE \(table) SET \(file.columns.asset.quotedDatabaseIdentifier) = ?, modifiedAt = ?
                            WHERE id = ? AND \(file.columns.name.quotedDatabaseIdentifier) = ?
                            """,
                        arguments: [stored, tx.now, file.id, file.name])
                    if tx.db.changesCount > 0 { try tx.recordChange(file.kind.entity, id: file.id, kind: .update) }
                }
            } catch {
                problems.append("File \(file.name) was not sent: \(error)")
            }
        }
        return problems
    }

    /// Downloads the files records name that this device does not have. Returns one line per file that could
    /// not be fetched or did not match its record.
    @discardableResult
    public func download() async throws -> [String] {
        guard let folder = store.documentsFolder else { return [] }
        let files = ProtectedFileStore(directory: folder)
        var problems: [String] = []
        for file in try await named() {
            guard let asset = file.asset, VehicleDocument.isPlainFileName(file.name),
                !FileManager.default.fileExists(atPath: folder.appendingPathComponent(file.name).path)
            else { continue }
            do {
                try files.write(try await assets.downloadAsset(asset), to: file.name)
            } catch {
                problems.append("File \(file.name) was not downloaded: \(error)")
            }
        }
        return problems
    }
}
