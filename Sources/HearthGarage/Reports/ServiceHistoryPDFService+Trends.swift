import Foundation
import HearthCore
import HearthReports

extension ServiceHistoryPDFService {
    /// The service history's charts over time: the fuel economy of each measured fill-up, and what the vehicle
    /// has cost per mile so far at each dated odometer reading. Nothing when neither has two points.
    func trendBlocks(vehicleID: UUID, logs: [ServiceLog]) async throws -> [ReportBlock] {
        let economy = FuelEconomy(fillUps: try await store.fuelLogs(of: vehicleID))
        let expenses = try await store.expenses(of: vehicleID)
        let fuel = Self.fuelEconomyPoints(economy)
        let perMile = Self.costPerMilePoints(logs: logs, expenses: expenses)
        var charts: [ReportBlock] = []
        if fuel.count >= 2 {
            charts.append(
                .chart(
                    .line(
                        title: "Fuel economy per fill-up", unit: "mpg",
                        series: [
                            .init(name: "MPG", points: fuel.map { .init(date: Self.chartDate($0.day), value: $0.mpg) })
                        ],
                        height: 170)))
        }
        if perMile.count >= 2 {
            charts.append(
                .chart(
                    .line(
                        title: "Cost per mile so far (services and expenses)", unit: "$",
                        series: [
                            .init(
                                name: "Cost per mile",
                                points: perMile.map { .init(date: Self.chartDate($0.day), value: $0.costPerMile) })
                        ],
                        height: 170)))
        }
        return charts.isEmpty ? [] : [.heading("Over time", level: 2)] + charts
    }

    /// Each fill-up that closed a chain, with its miles per gallon.
    static func fuelEconomyPoints(_ economy: FuelEconomy) -> [(day: CalendarDay, mpg: Double)] {
        economy.entries.compactMap { entry in entry.mpg.map { (entry.fillUp.date, $0) } }
    }

    /// At each log or expense with an odometer reading past the first one: everything spent up to that day over
    /// the miles since the first reading, to a tenth of a cent. Oldest first.
    static func costPerMilePoints(logs: [ServiceLog], expenses: [GarageExpense]) -> [(
        day: CalendarDay, costPerMile: Decimal
    )] {
        let events =
            (logs.map { (day: $0.performedDate, mileage: $0.mileageAtService, cost: $0.cost ?? 0) }
            + expenses.map { (day: $0.date, mileage: $0.odometer ?? 0, cost: $0.amount) })
            .enumerated().sorted { ($0.element.day, $0.offset) < ($1.element.day, $1.offset) }.map(\.element)
        guard let start = events.first(where: { $0.mileage > 0 })?.mileage else { return [] }
        var spent = Decimal(0)
        var points: [(day: CalendarDay, costPerMile: Decimal)] = []
        for event in events {
            spent += event.cost
            guard event.mileage > start else { continue }
            points.append((event.day, Calculation.rounded(spent / Decimal(event.mileage - start), scale: 3)))
        }
        return points
    }

    /// A day as a chart's x position: its noon in UTC, the zone charts reckon in.
    static func chartDate(_ day: CalendarDay) -> Date {
        day.date(hour: 12, in: TimeZone(identifier: "UTC")!)
    }

    /// The yearly cost report's months, one bar per category that has costs (one bar of the year's totals when
    /// there is a single category).
    static func monthlyChart(_ summary: YearlyCostSummary) -> ReportChart {
        let months = ChartMonths.names
        let series: [ReportChart.Series] =
            summary.categories.count > 1
            ? summary.categories.map { category in
                .init(
                    name: category.label,
                    points: zip(months, summary.monthlyTotals(of: category)).map { .init(category: $0, value: $1) })
            }
            : [
                .init(
                    name: String(summary.year),
                    points: zip(months, summary.monthlyTotals).map { .init(category: $0, value: $1) })
            ]
        return .bars(
            title: summary.categories.count > 1 ? "By month and category" : "By month", unit: "$", categories: months,
            series: series, height: 190)
    }
}
