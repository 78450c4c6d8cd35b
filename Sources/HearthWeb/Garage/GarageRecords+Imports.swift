import Foundation
import HearthCore
import HearthGarage
import HearthStore

/// Imports from the pages: a Fuelly, Drivvo, Simply Auto or any CSV export into one vehicle, or a Hearth
/// export of the whole garage, read as `hearth garage import` reads them, first without writing (what would be
/// added, what left out and why), then for real.
extension GarageRecords {
    /// The largest import file the pages take.
    static let maxImportBytes = 10 * 1024 * 1024

    /// Reads another app's export into `options.vehicleID`; with ``ImportOptions/dryRun`` nothing is written.
    /// - Throws: ``ServiceError`` naming the file and what is wrong with it (nothing is saved), `notFound` for
    ///   a vehicle the user does not have.
    func importFile(_ file: UploadedFile, options: ImportOptions, userID: String, now: Date) async throws
        -> ImportReport
    {
        let garage = try await current(userID, now: now)
        _ = try await owned(options.vehicleID, in: garage)
        return try await file.written { url in
            if options.dryRun { return try await GarageImporter(store: garage).importFile(at: url, options: options) }
            return try await saving(userID) {
                try await GarageImporter(store: garage).importFile(at: url, options: options)
            }
        }
    }

    /// Reads a Hearth export (the JSON `hearth garage export` writes) into the user's garage; with `dryRun` it
    /// is read into an empty garage instead, which checks every record and counts them, and nothing is written.
    /// Records already in the garage with the same values are left alone.
    /// - Throws: ``ServiceError`` naming the position in the file and what is wrong (nothing is saved).
    func importArchive(_ file: UploadedFile, dryRun: Bool, userID: String, now: Date) async throws
        -> GarageArchiveSummary
    {
        let garage = try await current(userID, now: now)
        return try await file.written { url in
            if dryRun {
                let empty = GarageStore(
                    database: try AppDatabase.inMemory(schemas: GarageSync.schemas),
                    recorder: NoGarageChangeRecorder(), timeZone: timeZone, now: { now })
                return try await empty.importArchive(from: url)
            }
            return try await saving(userID) { try await garage.importArchive(from: url) }
        }
    }
}
