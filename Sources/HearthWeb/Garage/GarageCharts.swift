public import Foundation
import HearthCore
public import HearthGarage
public import HearthReports

/// A vehicle's charts: fuel economy at each measured fill-up, and what each month of the year cost. Each
/// comes as its series (``ReportChart``, to draw another way) and as inline SVG drawn by HearthReports'
/// ``HTMLRenderer``, the renderer of the HTML reports.
public struct GarageCharts: Sendable, Equatable {
    /// MPG at each full fill-up that has a figure, by its day.
    public var fuelEconomy: ReportChart
    /// What each month of the cost year cost (services and expenses), January first.
    public var monthlyCost: ReportChart
    /// ``fuelEconomy`` as SVG.
    public var fuelEconomySVG: String
    /// ``monthlyCost`` as SVG.
    public var monthlyCostSVG: String

    /// The month labels of ``monthlyCost``.
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The charts of `fuel` and `costs` for `vehicle`.
    init(vehicle: String, fuel: FuelEconomy, costs: YearlyCostSummary) throws {
        let points = fuel.entries.compactMap { entry -> ReportChart.Point? in
            guard let mpg = entry.mpg else { return nil }
            return ReportChart.Point(date: entry.fillUp.date.date(hour: 12, in: .gmt), value: mpg)
        }
        fuelEconomy = .line(
            title: "\(vehicle): fuel economy", unit: "mpg", series: [.init(name: vehicle, points: points)])
        let totals = costs.monthlyTotals
        monthlyCost = .bars(
            title: "\(vehicle): cost by month, \(costs.year)", unit: "$", categories: Self.months,
            series: [
                .init(
                    name: String(costs.year),
                    points: zip(Self.months, totals).map { ReportChart.Point(category: $0, value: $1) })
            ]
        )
        let renderer = HTMLRenderer()
        fuelEconomySVG = try renderer.chartSVG(fuelEconomy)
        monthlyCostSVG = try renderer.chartSVG(monthlyCost)
    }
}
