/// What a finance report covers: one month, or one calendar year.
public enum FinanceReportPeriod: Sendable, Hashable, CustomStringConvertible {
    case month(FinanceMonth)
    case year(Int)

    /// The months the period spans, in order.
    public var months: [FinanceMonth] {
        switch self {
        case .month(let month): [month]
        case .year(let year): (1...12).compactMap { FinanceMonth(year: year, month: $0) }
        }
    }

    /// The period just before: the previous month, or the previous year.
    public var previous: FinanceReportPeriod {
        switch self {
        case .month(let month): .month(month.adding(months: -1))
        case .year(let year): .year(year - 1)
        }
    }

    /// "November 2026", or "2026".
    public var title: String {
        switch self {
        case .month(let month): month.longName
        case .year(let year): String(year)
        }
    }

    /// `2026-11`, or `2026`: how the command line and file names write it.
    public var description: String {
        switch self {
        case .month(let month): month.description
        case .year(let year): String(year)
        }
    }

    /// Whether the period is a whole year.
    var isYear: Bool {
        if case .year = self { return true }
        return false
    }

    /// The months the trend chart shows: the six months up to a month, or a year's twelve.
    var trendMonths: [FinanceMonth] {
        switch self {
        case .month(let month): (0..<6).reversed().map { month.adding(months: -$0) }
        case .year: months
        }
    }
}
