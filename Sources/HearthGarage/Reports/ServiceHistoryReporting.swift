public import Foundation
public import HearthReports

/// Builds and writes a vehicle's garage reports: its service history (the Checkpoint PDF) and the yearly
/// cost roundup.
public protocol ServiceHistoryReporting: Sendable {
    /// The service history of a vehicle as a report document.
    func historyDocument(for vehicleID: UUID, options: ServiceHistoryOptions) async throws -> ReportDocument
    /// What a vehicle's service logs cost in `year`, by category.
    func costSummary(for vehicleID: UUID, year: Int) async throws -> YearlyCostSummary
    /// The yearly cost report of a vehicle as a report document.
    func costDocument(for vehicleID: UUID, year: Int) async throws -> ReportDocument
    /// Writes the service history to `destination` (a file, or a folder to put `<vehicle>_Service_History.pdf` in).
    func writeHistory(
        for vehicleID: UUID, to destination: URL, format: GarageReportFormat, options: ServiceHistoryOptions
    ) async throws -> GarageReportFile
    /// Writes the yearly cost report to `destination` (a file, or a folder to put `<vehicle>_Costs_<year>.pdf` in).
    func writeCosts(for vehicleID: UUID, year: Int, to destination: URL, format: GarageReportFormat) async throws
        -> GarageReportFile
}
