public import Foundation
public import HearthFinance
public import HearthReports

/// Spending by category in each of the last months: the series (one per category, a bar per month) and the
/// SVG drawn by HearthReports' ``HTMLRenderer``.
public struct FinanceSpendingChart: Sendable, Equatable {
    /// The months, oldest first, as `yyyy-MM`.
    public var months: [String]
    /// Bars by month, one series per category that had spending.
    public var chart: ReportChart
    /// ``chart`` as SVG.
    public var svg: String

    /// The chart of `spending`, the category totals of each of `months` (same order), in `currency`.
    init(months: [String], spending: [[CategorySpending]], currency: CurrencyCode) throws {
        self.months = months
        let categories = TransactionCategory.allCases.filter { category in
            spending.contains { $0.contains { $0.category == category } }
        }
        let series = categories.map { category in
            ReportChart.Series(
                name: category.displayName,
                points: zip(months, spending).map { month, totals in
                    ReportChart.Point(category: month, value: totals.first { $0.category == category }?.amount ?? 0)
                })
        }
        // The currency's symbol as the amounts beside the chart write it ("€", "$", "£").
        let symbol = NumberFormatter()
        symbol.numberStyle = .currency
        symbol.locale = Locale(identifier: "en_US")
        symbol.currencyCode = currency.code
        chart = .bars(title: "Spending by category", unit: symbol.currencySymbol, categories: months, series: series)
        svg = try HTMLRenderer().chartSVG(chart)
    }
}
