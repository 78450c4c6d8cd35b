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

    public init(
        _ text: String, bold: Bool = false, italic: Bool = false, monospace: Bool = false, color: ReportColor? = nil
    ) {
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
