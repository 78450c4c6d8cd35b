public import Foundation
import HearthCore
public import HearthReports

/// Monthly and yearly finance reports: income, expenses and net; spending by category against the period
/// before, as a chart and a table; the trend of the last six months (or the year's twelve); and budgets
/// against what was spent. One ``HearthReports/ReportDocument`` rendered by HearthReports' PDF writer or
/// its HTML renderer.
///
/// ```swift
/// let reports = FinanceReportService(store: store)
/// let summary = try await reports.summary(for: .month(FinanceMonth("2026-11")!))
/// try await reports.write(.year(2026), to: URL(fileURLWithPath: "2026.pdf"), format: .pdf)
/// ```
public struct FinanceReportService: Sendable {
    /// Where the figures come from; its clock stamps the generation time, its calendar places months.
    public let store: FinancePersistenceService
    /// Where the DejaVu fonts are read from.
    public let fonts: ReportFonts
    /// Reproducible output (fixed document id), for tests and archives.
    public let deterministic: Bool
    /// The currency to convert income, expenses, categories and trend to, each transaction with the rate
    /// of its own day; nil to sum them as stored (when every amount is in the book currency).
    public var currency: CurrencyCode?

    public init(store: FinancePersistenceService, fonts: ReportFonts = ReportFonts(), deterministic: Bool = false) {
        self.store = store
        self.fonts = fonts
        self.deterministic = deterministic
    }

    static let incomeColor = ReportColor(red: 0x3A, green: 0x8F, blue: 0x5C)
    static let expenseColor = ReportColor(red: 0xC2, green: 0x41, blue: 0x38)
    static let budgetColor = ReportColor(red: 0x2F, green: 0x6E, blue: 0xBA)

    // MARK: Figures

    /// The report's figures for `period`.
    public func summary(for period: FinanceReportPeriod) async throws -> FinanceReportSummary {
        let calendar = store.calendar
        let months = period.months
        guard let first = months.first, let last = months.last else {
            throw PersistenceError.validationFailed("A report needs at least one month")
        }
        let range = try first.range(in: calendar).lowerBound..<last.range(in: calendar).upperBound
        let previousMonths = period.previous.months
        let previousRange =
            try previousMonths[0].range(in: calendar)
            .lowerBound..<previousMonths[previousMonths.count - 1]
            .range(in: calendar).upperBound
        let totals = try await periodTotals(in: range)
        let spending = try await periodSpending(in: range)
        let before = try await periodSpending(in: previousRange)
        var previous: [TransactionCategory: Decimal] = [:]
        for item in before { previous[item.category] = item.amount }
        var categories = spending.map {
            FinanceReportSummary.CategoryChange(
                category: $0.category, spent: $0.amount, previous: previous[$0.category] ?? 0)
        }
        for item in before where !spending.contains(where: { $0.category == item.category }) {
            categories.append(.init(category: item.category, spent: 0, previous: item.amount))
        }
        var trend: [FinanceReportSummary.MonthTotals] = []
        for month in period.trendMonths {
            let figures = try await periodTotals(in: try month.range(in: calendar))
            trend.append(.init(month: month, income: figures.income, expenses: figures.expenses))
        }
        var summary = FinanceReportSummary(
            period: period.description, title: period.title, income: totals.income, expenses: totals.expenses,
            transactionCount: totals.count, categories: categories, trend: trend,
            budgets: try await budgetLines(for: period))
        summary.currency = currency
        return summary
    }

    private func budgetLines(for period: FinanceReportPeriod) async throws -> [FinanceReportSummary.BudgetLine] {
        switch period {
        case .month(let month):
            return try await store.budgetStatuses(in: month).map {
                .init(category: $0.category, budgeted: $0.available, spent: $0.spent)
            }
        case .year:
            // Each month the budget applied in, up to the current month: a year under way is not judged
            // against months still to come.
            let current = store.currentMonth()
            var lines: [TransactionCategory: (budgeted: Decimal, spent: Decimal)] = [:]
            for month in period.months where month <= current {
                for status in try await store.budgetStatuses(in: month) {
                    let line = lines[status.category] ?? (0, 0)
                    lines[status.category] = (line.budgeted + status.budget, line.spent + status.spent)
                }
            }
            return lines.sorted { $0.key.rawValue < $1.key.rawValue }.map {
                .init(category: $0.key, budgeted: $0.value.budgeted, spent: $0.value.spent)
            }
        }
    }

    // MARK: The document

    /// The report for `period` as a document.
    public func document(for period: FinanceReportPeriod) async throws -> ReportDocument {
        try Self.document(from: try await summary(for: period), period: period)
    }

    /// Lays `summary` out: the figures, then the charts and tables.
    static func document(from summary: FinanceReportSummary, period: FinanceReportPeriod) throws -> ReportDocument {
        let previousName =
            switch period {
            case .month: "Previous month"
            case .year: "Previous year"
            }
        var blocks: [ReportBlock] = [
            .heading("Finance report: \(summary.title)"),
            .keyValues(
                [
                    ("Income", money(summary.income)), ("Expenses", money(summary.expenses)),
                    ("Net", money(summary.net)), ("Transactions", String(summary.transactionCount)),
                ] + (summary.currency.map { [("Currency", $0.code)] } ?? [])),
        ]

        blocks.append(.heading("Spending by category", level: 2))
        let spent = summary.categories.filter { $0.spent > 0 }
        if spent.isEmpty {
            blocks.append(.paragraph("Nothing was spent in \(summary.title)."))
        } else {
            blocks.append(
                .chart(
                    .bars(
                        title: "Spent in \(summary.title)", categories: spent.map { chartLabel($0.category) },
                        series: [
                            .init(
                                name: summary.title,
                                points: spent.map { .init(category: chartLabel($0.category), value: $0.spent) },
                                color: expenseColor)
                        ], height: 190)))
        }
        if !summary.categories.isEmpty {
            let totalBefore = summary.categories.reduce(Decimal(0)) { $0 + $1.previous }
            blocks.append(
                .table(
                    ReportTable(
                        columns: [
                            .init("Category", width: 2), .init(summary.title, width: 1.3, alignment: .right),
                            .init(previousName, width: 1.3, alignment: .right),
                            .init("Change", width: 1.2, alignment: .right),
                            .init("Change %", alignment: .right),
                        ],
                        rows: summary.categories.map {
                            [
                                $0.category.displayName, money($0.spent), money($0.previous), signed($0.change),
                                $0.changePercent.map { signedPercent($0) } ?? "—",
                            ]
                        },
                        totals: [
                            "Total", money(summary.expenses), money(totalBefore),
                            signed(summary.expenses - totalBefore),
                            "",
                        ])))
        }

        blocks.append(.heading(period.isYear ? "Month by month" : "The last six months", level: 2))
        let labels = summary.trend.map {
            period.isYear ? FinanceMonth.shortNames[$0.month.month - 1] : $0.month.shortName
        }
        blocks.append(
            .chart(
                .bars(
                    title: "Income and expenses", categories: labels,
                    series: [
                        .init(
                            name: "Income",
                            points: zip(labels, summary.trend).map { .init(category: $0, value: $1.income) },
                            color: incomeColor),
                        .init(
                            name: "Expenses",
                            points: zip(labels, summary.trend).map { .init(category: $0, value: $1.expenses) },
                            color: expenseColor),
                    ], height: 200)))
        blocks.append(
            .table(
                ReportTable(
                    columns: [
                        .init("Month", width: 1.4), .init("Income", alignment: .right),
                        .init("Expenses", alignment: .right), .init("Net", alignment: .right),
                    ],
                    rows: summary.trend.map {
                        [$0.month.longName, money($0.income), money($0.expenses), signed($0.net)]
                    })))

        if !summary.budgets.isEmpty {
            blocks.append(.heading("Budgets", level: 2))
            let names = summary.budgets.map { chartLabel($0.category) }
            blocks.append(
                .chart(
                    .bars(
                        title: "Budgeted and spent", categories: names,
                        series: [
                            .init(
                                name: "Budgeted",
                                points: zip(names, summary.budgets).map { .init(category: $0, value: $1.budgeted) },
                                color: budgetColor),
                            .init(
                                name: "Spent",
                                points: zip(names, summary.budgets).map { .init(category: $0, value: $1.spent) },
                                color: expenseColor),
                        ], height: 180)))
            blocks.append(
                .table(
                    ReportTable(
                        columns: [
                            .init("Category", width: 2), .init("Budgeted", alignment: .right),
                            .init("Spent", alignment: .right), .init("Left", alignment: .right),
                            .init("Used", alignment: .right),
                        ],
                        rows: summary.budgets.map {
                            [
                                $0.category.displayName, money($0.budgeted), money($0.spent), signed($0.left),
                                $0.percentUsed.map { "\(plain($0)) %" } ?? "—",
                            ]
                        })))
            if period.isYear {
                blocks.append(
                    .paragraph(
                        "A budget counts for each month it applied in, up to this month; carried amounts are in the monthly reports."
                    ))
            }
        }
        return ReportDocument(
            metadata: ReportMetadata(
                title: "Finance report: \(summary.title)", author: "Hearth Finance",
                subject: "Income, expenses and budgets of \(summary.title)", keywords: "finance, budget, report"),
            theme: .clinical,
            header: PageBand(left: "Hearth Finance", center: "", right: summary.title),
            footer: .standardFooter,
            blocks: blocks)
    }

    // MARK: Writing

    /// Writes the report for `period` to `url` in `format`, whole or not at all.
    /// - Returns: The number of pages (nil for HTML) and bytes written.
    @discardableResult
    public func write(_ period: FinanceReportPeriod, to url: URL, format: FinanceReportFormat) async throws -> (
        pageCount: Int?, byteCount: Int
    ) {
        let document = try await document(for: period)
        var options = ReportRenderOptions(
            generatedAt: store.currentDate(), timeZone: store.calendar.timeZone, deterministic: deterministic)
        if deterministic { options.timeZone = TimeZone(identifier: "UTC")! }
        switch format {
        case .pdf:
            let summary = try PDFRenderer(fonts: fonts).render(document, to: url, options: options)
            return (summary.pageCount, summary.byteCount)
        case .html:
            return (nil, try HTMLRenderer().render(document, to: url, options: options))
        }
    }

    // MARK: Formatting

    /// `1,234.50`.
    static func money(_ amount: Decimal) -> String {
        Calculation.rounded(amount).formatted(
            .number.precision(.fractionLength(2)).grouping(.automatic).locale(Locale(identifier: "en_US")))
    }

    /// `+12.00`, `-3.50`, `0.00`.
    static func signed(_ amount: Decimal) -> String {
        amount > 0 ? "+" + money(amount) : money(amount)
    }

    static func plain(_ value: Decimal) -> String {
        value.formatted(.number.precision(.fractionLength(0...1)).locale(Locale(identifier: "en_US")))
    }

    static func signedPercent(_ value: Decimal) -> String {
        (value > 0 ? "+" : "") + plain(value) + " %"
    }

    /// A category's name short enough for a chart's axis.
    static func chartLabel(_ category: TransactionCategory) -> String {
        switch category {
        case .food: "Food"
        case .transportation: "Transport"
        case .bills: "Bills"
        default: category.displayName
        }
    }
}
