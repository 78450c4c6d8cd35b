public import Foundation
import HearthCore
public import HearthReports

extension ServiceHistoryPDFService {
    /// `Fleet_Report.pdf`, or `Fleet_Report_<year>.pdf` for one year.
    public static func fleetFileName(year: Int?, format: GarageReportFormat = .pdf) -> String {
        "Fleet_Report\(year.map { "_\($0)" } ?? "").\(format.fileExtension)"
    }

    /// Every vehicle's costs, distance, cost per mile and next due service, in `year` (nil: everything
    /// recorded); vehicles by name.
    public func fleetSummary(year: Int? = nil) async throws -> FleetSummary {
        let vehicles = try await store.vehicles()
        let due = try await store.due(vehicleID: nil, settings: DueSettings(), thresholds: UrgencyThresholds())
        let dueByVehicle = Dictionary(due.map { ($0.vehicle.id, $0) }, uniquingKeysWith: { first, _ in first })
        let runsToToday = year == nil || year == store.today.year
        var rows: [FleetSummary.Row] = []
        for vehicle in vehicles {
            let logs = try await store.logs(of: vehicle.id).filter { year == nil || $0.performedDate.year == year }
            let expenses = try await store.expenses(of: vehicle.id).filter { year == nil || $0.date.year == year }
            let serviceCost = logs.compactMap(\.cost).reduce(Decimal(0), +)
            let expenseCost = expenses.map(\.amount).reduce(Decimal(0), +)
            var readings = logs.map(\.mileageAtService) + expenses.compactMap(\.odometer)
            if runsToToday { readings.append(vehicle.currentMileage) }
            readings.removeAll { $0 <= 0 }
            let distance = readings.count >= 2 ? readings.max()! - readings.min()! : nil
            let cost = serviceCost + expenseCost
            let summary = dueByVehicle[vehicle.id]
            rows.append(
                FleetSummary.Row(
                    vehicleID: vehicle.id, vehicle: vehicle.displayName, serviceCost: serviceCost,
                    expenseCost: expenseCost, cost: cost, distance: distance,
                    costPerMile: distance.flatMap { $0 > 0 ? FleetSummary.perMile(cost, miles: $0) : nil },
                    fuelCostPerMile: summary?.fuelEconomy?.costPerMile,
                    nextDue: summary.flatMap { FleetSummary.nextDue($0.items) }))
        }
        rows.sort { $0.vehicle.localizedStandardCompare($1.vehicle) == .orderedAscending }
        return FleetSummary(year: year, rows: rows)
    }

    /// The fleet report: totals, a chart of each vehicle's services and expenses, the figures per vehicle, and
    /// what each has due next.
    public func fleetDocument(year: Int? = nil) async throws -> ReportDocument {
        let summary = try await fleetSummary(year: year)
        let period = year.map(String.init) ?? "Everything recorded"
        var blocks: [ReportBlock] = [.heading(year.map { "Fleet report \($0)" } ?? "Fleet report")]
        blocks.append(
            .keyValues([
                ("Vehicles", String(summary.rows.count)), ("Period", period),
                ("Total cost", Formatting.currency(summary.total)),
                ("Distance", "\(Self.miles(summary.distance)) mi"),
                ("Cost per mile", summary.costPerMile.map { Formatting.currency($0, fractionDigits: 3) } ?? "—"),
            ]))
        guard !summary.rows.isEmpty else {
            blocks.append(.paragraph("No vehicles yet. Add one with `hearth garage vehicle add`."))
            return fleetReport(blocks, period: period)
        }
        let names = summary.rows.map(\.vehicle)
        blocks.append(
            .chart(
                .bars(
                    title: "Cost by vehicle", unit: "$", categories: names,
                    series: [
                        .init(
                            name: "Services",
                            points: summary.rows.map { .init(category: $0.vehicle, value: $0.serviceCost) }),
                        .init(
                            name: "Expenses",
                            points: summary.rows.map { .init(category: $0.vehicle, value: $0.expenseCost) }),
                    ],
                    height: 190)))
        blocks.append(.heading("Costs and distance", level: 2))
        blocks.append(
            .table(
                ReportTable(
                    columns: [
                        .init("Vehicle", width: 2), .init("Services", alignment: .right),
                        .init("Expenses", alignment: .right), .init("Total", alignment: .right),
                        .init("Miles", alignment: .right), .init("Per mile", alignment: .right),
                        .init("Fuel/mi", alignment: .right),
                    ],
                    rows: summary.rows.map { row in
                        [
                            row.vehicle, Formatting.currency(row.serviceCost), Formatting.currency(row.expenseCost),
                            Formatting.currency(row.cost), row.distance.map(Self.miles) ?? "—",
                            row.costPerMile.map { Formatting.currency($0, fractionDigits: 3) } ?? "—",
                            row.fuelCostPerMile.map { Formatting.currency($0, fractionDigits: 3) } ?? "—",
                        ]
                    },
                    totals: [
                        "All vehicles", Formatting.currency(summary.rows.reduce(0) { $0 + $1.serviceCost }),
                        Formatting.currency(summary.rows.reduce(0) { $0 + $1.expenseCost }),
                        Formatting.currency(summary.total), Self.miles(summary.distance),
                        summary.costPerMile.map { Formatting.currency($0, fractionDigits: 3) } ?? "—", "",
                    ])))
        blocks.append(.heading("Next due", level: 2))
        blocks.append(
            .table(
                ReportTable(
                    columns: [
                        .init("Vehicle", width: 2), .init("Service", width: 2), .init("Status"),
                        .init("Expected", width: 1.2), .init("Due mileage", alignment: .right),
                    ],
                    rows: summary.rows.map { row in
                        guard let next = row.nextDue else { return [row.vehicle, "Nothing tracked", "—", "—", "—"] }
                        return [
                            row.vehicle, next.service, next.status.label, next.expected?.iso ?? "—",
                            next.dueMileage.map(Self.miles) ?? "—",
                        ]
                    },
                    zebra: false)))
        return fleetReport(blocks, period: period)
    }

    private func fleetReport(_ blocks: [ReportBlock], period: String) -> ReportDocument {
        ReportDocument(
            metadata: ReportMetadata(
                title: "Fleet Report — \(period)", author: "Hearth Garage",
                subject: "Costs, distance and next due service of every vehicle",
                keywords: "vehicles, fleet, costs, maintenance"),
            theme: .brutalist,
            header: PageBand(left: "Hearth Garage", center: "Fleet report", right: period),
            footer: .standardFooter,
            blocks: blocks)
    }

    /// Writes the fleet report to `destination` (a file, or a folder to put `Fleet_Report.pdf` in).
    public func writeFleet(year: Int? = nil, to destination: URL, format: GarageReportFormat = .pdf) async throws
        -> GarageReportFile
    {
        let document = try await fleetDocument(year: year)
        let file = try write(
            document, to: Self.resolve(destination, name: Self.fleetFileName(year: year, format: format)),
            format: format)
        await store.analytics.track(GarageEvent.exportMade(format: format.analyticsFormat))
        return file
    }
}
