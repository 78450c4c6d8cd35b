/// One piece of a ``ReportDocument``'s content.
///
/// In JSON each block is an object with a `"type"`: `heading`, `paragraph`, `keyValues`, `table`, `divider`,
/// `spacer`, `pageBreak`, `image` or `chart`, plus that block's fields:
///
/// ```json
/// {"type": "heading", "text": "Vaccinations", "level": 2}
/// {"type": "paragraph", "runs": [{"text": "Due: ", "bold": true}, {"text": "2025-04-01"}]}
/// {"type": "keyValues", "items": [{"key": "Blood type", "value": "A+"}]}
/// {"type": "table", "columns": [{"title": "Date"}, {"title": "Cost", "align": "right"}], "rows": [["2024-03-02", "$79.78"]]}
/// {"type": "spacer", "height": 12}
/// {"type": "image", "name": "receipt.png", "data": "iVBORw0KGgo…", "caption": "Receipt"}
/// {"type": "chart", "kind": "bar", "unit": "$", "series": [{"name": "2025", "points": [{"category": "Repair", "value": 310}]}]}
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
    /// A JPEG or PNG picture with an optional caption, scaled to fit.
    case image(ReportImage)
    /// A line or bar chart, drawn as vectors.
    case chart(ReportChart)

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
    static let typeNames = [
        "heading", "paragraph", "keyValues", "table", "divider", "spacer", "pageBreak", "image", "chart",
    ]

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
                throw DecodingError.dataCorruptedError(
                    forKey: .height, in: container, debugDescription: "a spacer's height must be 0...10000 points")
            }
            self = .spacer(height: height)
        case "pageBreak": self = .pageBreak
        case "image": self = .image(try ReportImage(from: decoder))
        case "chart": self = .chart(try ReportChart(from: decoder))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container,
                debugDescription:
                    "unknown block type \"\(type)\"; expected one of \(Self.typeNames.joined(separator: ", "))")
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
        case .image(let image):
            try container.encode("image", forKey: .type)
            try image.encode(to: encoder)
        case .chart(let chart):
            try container.encode("chart", forKey: .type)
            try chart.encode(to: encoder)
        }
    }
}
