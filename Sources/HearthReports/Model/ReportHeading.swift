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
            throw DecodingError.dataCorruptedError(
                forKey: .level, in: container, debugDescription: "a heading level must be 1, 2 or 3, not \(level)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(level, forKey: .level)
    }
}
