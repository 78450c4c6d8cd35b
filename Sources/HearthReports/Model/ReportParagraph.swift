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
            throw DecodingError.keyNotFound(
                CodingKeys.runs,
                .init(
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
