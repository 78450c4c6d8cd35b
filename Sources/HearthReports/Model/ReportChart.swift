public import Foundation

/// A line or bar chart, drawn as vector paths in PDF and as inline SVG in HTML.
///
/// A line chart plots each series against dates; its x axis is labelled in days, months or years depending on
/// the span. A bar chart plots values by category, with one bar per series in each category (grouped bars).
/// The y axis starts from rounded ticks and shows ``unit`` on every tick label: a currency symbol goes
/// before the number ("$1,200"), anything else after it ("12.5 kg"). Several series get a legend.
///
/// ```swift
/// let weight = ReportChart.line(
///     title: "Weight", unit: "kg",
///     series: [.init(name: "Bella", points: [.init(date: march, value: 12.4), .init(date: june, value: 13.1)])]
/// )
/// let costs = ReportChart.bars(
///     title: "Costs by category", unit: "$", categories: ["Maintenance", "Repair"],
///     series: [.init(name: "2025", points: [.init(category: "Maintenance", value: Decimal(string: "412.50")!)])]
/// )
/// ```
///
/// In JSON, points carry either a `date` (`"2025-03-14"` or a full ISO 8601 time) or a `category`:
///
/// ```json
/// {"type": "chart", "kind": "line", "title": "Weight", "unit": "kg",
///  "series": [{"name": "Bella", "points": [{"date": "2025-03-01", "value": 12.4}]}]}
/// ```
public struct ReportChart: Codable, Sendable, Equatable {
    /// How values are drawn.
    public enum Kind: String, Codable, Sendable, Equatable {
        /// Values over time, joined by lines; x is a date.
        case line
        /// Values by category, as bars; x is a category.
        case bar
    }

    /// Where a point sits along the x axis.
    public enum Position: Sendable, Equatable, Hashable {
        /// A moment in time (line charts). Ticks and labels are reckoned in UTC.
        case date(Date)
        /// A category label (bar charts).
        case category(String)
    }

    /// One value of a series.
    public struct Point: Codable, Sendable, Equatable {
        /// The date or category.
        public var x: Position
        /// The value, in the chart's ``ReportChart/unit``.
        public var value: Double
        /// A short mark ("H", "L") that singles the point out: it is drawn larger, in red, with the mark beside it.
        public var mark: String?

        public init(date: Date, value: Double, mark: String? = nil) {
            x = .date(date)
            self.value = value
            self.mark = mark
        }

        public init(date: Date, value: Decimal, mark: String? = nil) {
            self.init(date: date, value: NSDecimalNumber(decimal: value).doubleValue, mark: mark)
        }

        public init(category: String, value: Double) {
            x = .category(category)
            self.value = value
        }

        public init(category: String, value: Decimal) {
            self.init(category: category, value: NSDecimalNumber(decimal: value).doubleValue)
        }

        enum CodingKeys: String, CodingKey { case date, category, value, mark }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            value = try container.decode(Double.self, forKey: .value)
            mark = try container.decodeIfPresent(String.self, forKey: .mark)
            guard value.isFinite else {
                throw DecodingError.dataCorruptedError(
                    forKey: .value, in: container, debugDescription: "a value must be a finite number")
            }
            if let category = try container.decodeIfPresent(String.self, forKey: .category) {
                x = .category(category)
            } else if let text = try container.decodeIfPresent(String.self, forKey: .date) {
                guard let date = Self.parseDate(text) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .date, in: container,
                        debugDescription:
                            "\"\(text)\" is not a date; write yyyy-MM-dd or an ISO 8601 time such as 2025-03-14T09:30:00Z"
                    )
                }
                x = .date(date)
            } else {
                throw DecodingError.keyNotFound(
                    CodingKeys.date,
                    .init(
                        codingPath: container.codingPath,
                        debugDescription: "a point needs a \"date\" (line charts) or a \"category\" (bar charts)"))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            switch x {
            case .date(let date): try container.encode(Self.formatDate(date), forKey: .date)
            case .category(let category): try container.encode(category, forKey: .category)
            }
            try container.encode(value, forKey: .value)
            try container.encodeIfPresent(mark, forKey: .mark)
        }

        static func parseDate(_ text: String) -> Date? {
            if text.count == 10 {
                let parts = text.split(separator: "-").compactMap { Int($0) }
                guard parts.count == 3 else { return nil }
                return ChartCalendar.utc.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
            }
            return try? Date(text, strategy: .iso8601)
        }

        static func formatDate(_ date: Date) -> String {
            date.formatted(.iso8601)
        }
    }

    /// A named list of values, drawn in one colour.
    public struct Series: Codable, Sendable, Equatable {
        /// The name shown in the legend.
        public var name: String
        /// The values; a line chart sorts them by date.
        public var points: [Point]
        /// The colour, when not the theme's next one.
        public var color: ReportColor?

        public init(name: String, points: [Point], color: ReportColor? = nil) {
            self.name = name
            self.points = points
            self.color = color
        }
    }

    /// A stretch of the value axis shaded behind a line chart's data, such as a lab result's reference range;
    /// an end left out runs to the edge of the plot.
    public struct Band: Codable, Sendable, Equatable {
        public var low: Double?
        public var high: Double?
        /// Words shown inside the band ("Reference range").
        public var label: String?

        public init(low: Double? = nil, high: Double? = nil, label: String? = nil) {
            self.low = low
            self.high = high
            self.label = label
        }
    }

    /// Line or bar.
    public var kind: Kind
    /// A line above the chart.
    public var title: String?
    /// The unit of the values, such as `"kg"` or `"$"`, shown on the y axis labels.
    public var unit: String?
    /// What the x axis shows, such as "Date" or "Category"; shown under it.
    public var xAxisTitle: String?
    /// The series; a legend appears when there are several.
    public var series: [Series]
    /// The order of a bar chart's categories; when absent, the order they first appear in.
    public var categories: [String]?
    /// The height of the plot and its labels, in points (default 200).
    public var height: Double
    /// A shaded stretch of the value axis (line charts).
    public var band: Band?

    public init(
        kind: Kind, title: String? = nil, unit: String? = nil, xAxisTitle: String? = nil, series: [Series],
        categories: [String]? = nil, height: Double = 200, band: Band? = nil
    ) {
        self.band = band
        self.kind = kind
        self.title = title
        self.unit = unit
        self.xAxisTitle = xAxisTitle
        self.series = series
        self.categories = categories
        self.height = height
    }

    /// A line chart of values over time.
    public static func line(
        title: String? = nil, unit: String? = nil, xAxisTitle: String? = nil, series: [Series], height: Double = 200,
        band: Band? = nil
    ) -> ReportChart {
        ReportChart(
            kind: .line, title: title, unit: unit, xAxisTitle: xAxisTitle, series: series, height: height, band: band)
    }

    /// A bar chart of values by category; several series give grouped bars.
    public static func bars(
        title: String? = nil, unit: String? = nil, xAxisTitle: String? = nil, categories: [String]? = nil,
        series: [Series], height: Double = 200
    ) -> ReportChart {
        ReportChart(
            kind: .bar, title: title, unit: unit, xAxisTitle: xAxisTitle, series: series, categories: categories,
            height: height)
    }

    enum CodingKeys: String, CodingKey { case kind, title, unit, xAxisTitle, series, categories, height, band }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        unit = try container.decodeIfPresent(String.self, forKey: .unit)
        xAxisTitle = try container.decodeIfPresent(String.self, forKey: .xAxisTitle)
        series = try container.decode([Series].self, forKey: .series)
        categories = try container.decodeIfPresent([String].self, forKey: .categories)
        height = try container.decodeIfPresent(Double.self, forKey: .height) ?? 200
        band = try container.decodeIfPresent(Band.self, forKey: .band)
        if let problem = problems().first {
            throw DecodingError.dataCorruptedError(forKey: .series, in: container, debugDescription: problem)
        }
    }

    /// What is wrong with the chart, in words a person can act on; empty when it can be drawn.
    func problems() -> [String] {
        var problems: [String] = []
        if !(80...2000).contains(height) { problems.append("a chart's height must be 80...2000 points, not \(height)") }
        if let band, [band.low, band.high].contains(where: { $0.map { !$0.isFinite } ?? false }) {
            problems.append("a band's low and high must be finite numbers")
        }
        for (index, series) in series.enumerated() {
            for point in series.points {
                switch (kind, point.x) {
                case (.line, .category):
                    problems.append(
                        "series[\(index)] (\(series.name)): a line chart's points need dates, not categories")
                case (.bar, .date):
                    problems.append(
                        "series[\(index)] (\(series.name)): a bar chart's points need categories, not dates")
                default:
                    if !point.value.isFinite {
                        problems.append("series[\(index)] (\(series.name)): a value must be a finite number")
                    }
                    continue
                }
                break
            }
        }
        return problems
    }
}

/// The calendar chart dates are reckoned in.
enum ChartCalendar {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
