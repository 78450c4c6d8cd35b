public import Foundation
import HearthCore
public import HearthGarage

/// The garage's reports and exports from the pages: the same files `hearth garage report` and `hearth garage
/// export` write, made from the user's copy of their garage and handed over whole.
extension GarageRecords {
    /// The reports a page offers.
    public enum Report: String, Sendable, CaseIterable {
        /// A vehicle's service history (`hearth garage report history`).
        case history
        /// A vehicle's costs in one year (`hearth garage report costs`).
        case costs
        /// Every vehicle's costs and next service (`hearth garage report fleet`).
        case fleet
    }

    /// Report `kind` in `format`: of `vehicleID` (history and costs), for `year` (costs: default this year;
    /// fleet: default everything recorded).
    /// - Throws: ``ServiceError`` `notFound` for a vehicle the user does not have; `validationFailed` for a
    ///   history or costs report without a vehicle.
    public func report(
        _ kind: Report, vehicleID: UUID?, year: Int?, format: GarageReportFormat, userID: String, now: Date
    ) async throws -> WebDownload {
        let garage = try await recent(userID, now: now)
        let reports = ServiceHistoryPDFService(store: garage)
        return try await WebDownload.made { folder in
            let file: GarageReportFile
            switch kind {
            case .fleet:
                file = try await reports.writeFleet(year: year, to: folder, format: format)
            case .history, .costs:
                guard let vehicleID else {
                    throw ServiceError.validationFailed("the \(kind.rawValue) report is of one vehicle; pick one")
                }
                _ = try await owned(vehicleID, in: garage)
                file =
                    kind == .history
                    ? try await reports.writeHistory(for: vehicleID, to: folder, format: format)
                    : try await reports.writeCosts(
                        for: vehicleID, year: year ?? garage.today.year, to: folder, format: format)
            }
            return file.url
        }
    }

    /// The whole garage as `hearth garage export` writes it: the one JSON file, or one of its CSV files
    /// (``GarageStore/archiveCSVNames``), named `csv`.
    /// - Throws: ``ServiceError`` `notFound` for a CSV file the export does not write.
    public func export(_ format: GarageArchiveFormat, csv: String? = nil, userID: String, now: Date) async throws
        -> WebDownload
    {
        let table = csv ?? "service-records"
        guard format == .json || GarageStore.archiveCSVNames.contains(table) else {
            throw ServiceError(
                .notFound,
                "The export has no file \(table.prefix(40)).csv; it has \(GarageStore.archiveCSVNames.joined(separator: ", "))."
            )
        }
        let garage = try await recent(userID, now: now)
        return try await WebDownload.made { folder in
            switch format {
            case .json:
                let file = folder.appendingPathComponent("hearth-garage.json")
                try await garage.exportArchive(format: .json, to: file)
                return file
            case .csv:
                let export = folder.appendingPathComponent("hearth-garage", isDirectory: true)
                try await garage.exportArchive(format: .csv, to: export)
                return export.appendingPathComponent("\(table).csv")
            }
        }
    }
}
