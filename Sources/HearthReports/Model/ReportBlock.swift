/// One piece of a ``ReportDocument``'s content.
///
/// In JSON each block is an object with a `"type"`: `heading`, `paragraph`, `keyValues`, `table`, `divider`,
/// `spacer` or `pageBreak`, plus that block's fields:
///
/// ```json
/// {"type": "heading", "text": "Vaccinations", "level": 2}
/// {"type": "paragraph", "runs": [{"text": "Due: ", "bold": true}, {"text": "2025-04-01"}]}
/// {"type": "keyValues", "items": [{"key": "Blood type", "value": "A+"}]}
/// {"type": "table", "columns": [{"title": "Date"}, {"title": "Cost", "align": "right"}], "rows": [["2024-03-02", "$79.78"]]}
/// {"type": "spacer", "height": 12}
/// ```
public enum ReportBlock: Codable, Sendable, Equatable {
    /// A section title; it is kept on the same page as what follows it.
    case heading(ReportHeading)
    /// Running text made of styled runs, wrapped to the page width.
    case paragraph(ReportParagraph)
    /// Labelled values, one pair per line.
    case keyValues(ReportKeyValues)
    /// A table whose header row repeats on every page it spans.
    case table(ReportTable)
    /// A horizontal rule.
    case divider
    /// Empty vertical space, in points.
    case spacer(height: Double)
    /// Starts a new page.
    case pageBreak

    /// A heading of the given level (1 is the largest).
    public static func heading(_ text: String, level: Int = 1) -> ReportBlock {
        .heading(ReportHeading(text: text, level: level))
    }

    /// A paragraph of plain text.
    public static func paragraph(_ text: String) -> ReportBlock {
        .paragraph(ReportParagraph(runs: [TextRun(text)]))
    }

    /// A paragraph of styled runs.
    public static func paragraph(_ runs: [TextRun]) -> ReportBlock {
        .paragraph(ReportParagraph(runs: runs))
    }

    /// A key–value list from pairs.
    public static func keyValues(_ pairs: [(String, String)]) -> ReportBlock {
        .keyValues(ReportKeyValues(items: pairs.map { ReportKeyValues.Item(key: $0.0, value: $0.1) }))
    }

    /// The JSON `"type"` of each kind of block.
    static let typeNames = ["heading", "paragraph", "keyValues", "table", "divider", "spacer", "pageBreak"]

    enum CodingKeys: String, CodingKey { case type, height }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "heading": self = .heading(try ReportHeading(from: decoder))
        case "paragraph": self = .paragraph(try ReportParagraph(from: decoder))
        case "keyValues": self = .keyValues(try ReportKeyValues(from: decoder))
        case "table": self = .table(try ReportTable(from: decoder))
        case "divider": self = .divider
        case "spacer":
            let height = try container.decode(Double.self, forKey: .height)
            guard height >= 0, height <= 10_000 else {
                throw DecodingError.dataCorruptedError(forKey: .height, in: container, debugDescription: "a spacer's height must be 0...10000 points")
            }
            self = .spacer(height: height)
        case "pageBreak": self = .pageBreak
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container,
                debugDescription: "unknown block type \"\(type)\"; expected one of \(Self.typeNames.joined(separator: ", "))")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .heading(let heading):
            try container.encode("heading", forKey: .type)
            try heading.encode(to: encoder)
        case .paragraph(let paragraph):
            try container.encode("paragraph", forKey: .type)
            try paragraph.encode(to: encoder)
        case .keyValues(let list):
            try container.encode("keyValues", forKey: .type)
            try list.encode(to: encoder)
        case .table(let table):
            try container.encode("table", forKey: .type)
            try table.encode(to: encoder)
        case .divider:
            try container.encode("divider", forKey: .type)
        case .spacer(let height):
            try container.encode("spacer", forKey: .type)
            try container.encode(height, forKey: .height)
        case .pageBreak:
            try container.encode("pageBreak", forKey: .type)
        }
    }
}

/// A section title of level 1 (largest) to 3.
public struct ReportHeading: Codable, Sendable, Equatable {
    /// The heading text.
    public var text: String
    /// 1, 2 or 3.
    public var level: Int

    public init(text: String, level: Int = 1) {
        self.text = text
        self.level = min(max(level, 1), 3)
    }

    enum CodingKeys: String, CodingKey { case text, level }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        level = try container.decodeIfPresent(Int.self, forKey: .level) ?? 1
        guard (1...3).contains(level) else {
            throw DecodingError.dataCorruptedError(forKey: .level, in: container, debugDescription: "a heading level must be 1, 2 or 3, not \(level)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(level, forKey: .level)
    }
}

/// Running text: a list of styled runs that wrap together.
///
/// In JSON either `"runs": [...]` or, for plain text, `"text": "..."`.
public struct ReportParagraph: Codable, Sendable, Equatable {
    /// The runs, in reading order.
    public var runs: [TextRun]

    public init(runs: [TextRun]) { self.runs = runs }

    enum CodingKeys: String, CodingKey { case runs, text }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let text = try container.decodeIfPresent(String.self, forKey: .text) {
            runs = [TextRun(text)]
        } else if container.contains(.runs) {
            runs = try container.decode([TextRun].self, forKey: .runs)
        } else {
            throw DecodingError.keyNotFound(CodingKeys.runs, .init(
                codingPath: container.codingPath, debugDescription: "a paragraph needs \"runs\" or \"text\""))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(runs, forKey: .runs)
    }

    /// The paragraph's text without styling.
    public var plainText: String { runs.map(\.text).joined() }
}

/// A stretch of text in one style.
public struct TextRun: Codable, Sendable, Equatable {
    /// The text; a `"\n"` starts a new line.
    public var text: String
    /// Bold weight.
    public var bold: Bool
    /// Italic (oblique) style.
    public var italic: Bool
    /// Set in the theme's monospace font.
    public var monospace: Bool
    /// A colour other than the theme's text colour.
    public var color: ReportColor?

    public init(_ text: String, bold: Bool = false, italic: Bool = false, monospace: Bool = false, color: ReportColor? = nil) {
        self.text = text
        self.bold = bold
        self.italic = italic
        self.monospace = monospace
        self.color = color
    }

    enum CodingKeys: String, CodingKey { case text, bold, italic, monospace, color }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        bold = try container.decodeIfPresent(Bool.self, forKey: .bold) ?? false
        italic = try container.decodeIfPresent(Bool.self, forKey: .italic) ?? false
        monospace = try container.decodeIfPresent(Bool.self, forKey: .monospace) ?? false
        color = try container.decodeIfPresent(ReportColor.self, forKey: .color)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        if bold { try container.encode(bold, forKey: .bold) }
        if italic { try container.encode(italic, forKey: .italic) }
        if monospace { try container.encode(monospace, forKey: .monospace) }
        try container.encodeIfPresent(color, forKey: .color)
    }
}

/// Labelled values such as "Blood type: A+", one pair per line; labels follow the theme's casing.
public struct ReportKeyValues: Codable, Sendable, Equatable {
    /// One label and its value.
    public struct Item: Codable, Sendable, Equatable {
        /// The label.
        public var key: String
        /// The value; it wraps beside its label.
        public var value: String

        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// The pairs, top to bottom.
    public var items: [Item]

    public init(items: [Item]) { self.items = items }
}
