public import Foundation
public import HearthGarage

/// One vehicle's page: its due list, its service history, its fuel economy, its costs, its expenses and its
/// documents, figured by the same HearthGarage code as the `hearth garage` commands (`due`, `service list`,
/// `fuel`, `costs`, `expenses list`, `documents list`).
public struct GarageVehicleRecords: Sendable, Equatable {
    /// One entry of the service history, with the name of the service it completed.
    public struct HistoryEntry: Sendable, Equatable {
        public var log: ServiceLog
        /// The service's name, the log's own title when it belongs to no service, else "Service".
        public var name: String
    }

    /// The vehicle with its due list, pace and fuel summary (as `hearth garage due VEHICLE --json`).
    public var due: VehicleDue
    /// Every logged service, newest first.
    public var history: [HistoryEntry]
    /// Each fill-up's figure and the average (as `hearth garage fuel VEHICLE --json`).
    public var fuel: FuelEconomy
    /// What the year cost, in all, by category and by month (as `hearth garage costs VEHICLE --year Y --json`).
    public var costs: YearlyCostSummary
    /// The series and SVG of the vehicle's charts.
    public var charts: GarageCharts
    /// Every expense that is not a service (insurance, registration, taxes, parking, tolls…), newest first (as
    /// `hearth garage expenses list VEHICLE --json`).
    public var expenses: [GarageExpense]
    /// The vehicle's papers, soonest expiry first (as `hearth garage documents list VEHICLE --json`); a file is
    /// on the server once the device that added it has synced (``VehicleDocument/fileAsset``).
    public var documents: [VehicleDocument]
}
