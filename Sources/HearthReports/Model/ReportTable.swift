/// A table: columns with relative widths and alignment, body rows, and an optional totals row.
///
/// When a table runs over a page, its header row is repeated at the top of the next page. Rows alternate
/// with the theme's zebra fill unless ``zebra`` is off.
///
/// ```swift
/// let table = ReportTable(
///     columns: [.init("Date"), .init("Service", width: 3), .init("Cost", alignment: .right)],
///     rows: [["2024-03-02", "Oil change", "$79.78"], ["2024-09-14", "Tire rotation", "$25.00"]],
///     totals: ["", "Total", "$104.78"]
/// )
/// ```
public struct ReportTable: Codable, Sendable, Equatable {
    /// How text sits in its column.
    public enum Alignment: String, Codable, Sendable, Equatable {
        /// Flush left (the default).
        case left
        /// Centred.
        case center
        /// Flush right, for amounts.
        case right
    }

    /// One column: its title, relative width and alignment.
    public struct Column: Codable, Sendable, Equatable {
        /// The header text; it follows the theme's label casing.
        public var title: String
        /// The column's share of the table width, relative to the other columns (default 1).
        public var width: Double
        /// How the column's cells are aligned (default left).
        public var alignment: Alignment

        public init(_ title: String, width: Double = 1, alignment: Alignment = .left) {
            self.title = title
            self.width = width
            self.alignment = alignment
        }

        enum CodingKeys: String, CodingKey { case title, width, alignment = "align" }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            title = try container.decode(String.self, forKey: .title)
            width = try container.decodeIfPresent(Double.self, forKey: .width) ?? 1
            guard width > 0, width <= 1000 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .width, in: container,
                    debugDescription: "a column width is a relative weight above 0 (such as 1 or 2.5), not \(width)")
            }
            let align = try container.decodeIfPresent(String.self, forKey: .alignment) ?? "left"
            guard let alignment = Alignment(rawValue: align) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .alignment, in: container,
                    debugDescription: "unknown alignment \"\(align)\"; use left, center or right")
            }
            self.alignment = alignment
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(title, forKey: .title)
            try container.encode(width, forKey: .width)
            try container.encode(alignment, forKey: .alignment)
        }
    }

    /// The columns, left to right.
    public var columns: [Column]
    /// The body rows; each has one cell per column.
    public var rows: [[String]]
    /// A last row set apart as totals, with one cell per column.
    public var totals: [String]?
    /// A line shown above the table.
    public var caption: String?
    /// Whether body rows alternate with the theme's zebra fill.
    public var zebra: Bool

    public init(
        columns: [Column], rows: [[String]], totals: [String]? = nil, caption: String? = nil, zebra: Bool = true
    ) {
        self.columns = columns
        self.rows = rows
        self.totals = totals
        self.caption = caption
        self.zebra = zebra
    }

    enum CodingKeys: String, CodingKey { case columns, rows, totals, caption, zebra }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        columns = try container.decode([Column].self, forKey: .columns)
        guard !columns.isEmpty else {
            throw DecodingError.dataCorruptedError(
                forKey: .columns, in: container, debugDescription: "a table needs at least one column")
        }
        rows = try container.decode([[String]].self, forKey: .rows)
        totals = try container.decodeIfPresent([String].self, forKey: .totals)
        caption = try container.decodeIfPresent(String.self, forKey: .caption)
        zebra = try container.decodeIfPresent(Bool.self, forKey: .zebra) ?? true
        // Name the exact row whose cell count is wrong.
        if let index = rows.firstIndex(where: { $0.count != columns.count }) {
            var rowsContainer = try container.nestedUnkeyedContainer(forKey: .rows)
            for _ in 0..<index { _ = try rowsContainer.decode([String].self) }
            throw DecodingError.dataCorruptedError(
                in: rowsContainer,
                debugDescription:
                    "this row has \(rows[index].count) cell\(rows[index].count == 1 ? "" : "s") but the table has \(columns.count) columns"
            )
        }
        if let totals, totals.count != columns.count {
            throw DecodingError.dataCorruptedError(
                forKey: .totals, in: container,
                debugDescription:
                    "the totals row has \(totals.count) cell\(totals.count == 1 ? "" : "s") but the table has \(columns.count) columns"
            )
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(columns, forKey: .columns)
        try container.encode(rows, forKey: .rows)
        try container.encodeIfPresent(totals, forKey: .totals)
        try container.encodeIfPresent(caption, forKey: .caption)
        try container.encode(zebra, forKey: .zebra)
    }
}
