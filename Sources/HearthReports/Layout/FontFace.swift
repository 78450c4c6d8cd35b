/// A face used in one render: a standard PDF font or an embedded TrueType font, with its metrics.
final class FontFace {
    enum Kind {
        /// A standard 14 font with its WinAnsiEncoding widths.
        case standard(StandardFont, widths: [UInt16])
        /// An embedded TrueType font; `slanted` when an upright file stands in for a missing italic.
        case trueType(TrueTypeFont, slanted: Bool)
    }

    let kind: Kind
    /// Index in the render's face table.
    let index: Int
    /// Ascender, in 1/1000 em.
    let ascent: Double
    /// Descender (negative), in 1/1000 em.
    let descent: Double

    init(kind: Kind, index: Int) {
        self.kind = kind
        self.index = index
        switch kind {
        case .standard(let font, _):
            (ascent, descent) = font.ascentDescent
        case .trueType(let font, _):
            ascent = Double(font.scaled(font.ascender))
            descent = Double(font.scaled(font.descender))
        }
    }

    /// Width of `text` in 1/1000 em.
    func width<S: StringProtocol>(_ text: S) -> Double {
        var total = 0.0
        switch kind {
        case .standard(_, let widths):
            for scalar in text.unicodeScalars {
                let code = StandardFontMetrics.winAnsiCode(scalar) ?? 0x3F
                total += Double(widths[Int(code)])
            }
        case .trueType(let font, _):
            for scalar in text.unicodeScalars {
                total += font.advance(of: font.glyph(for: scalar))
            }
        }
        return total
    }

    /// Width of one character in 1/1000 em.
    func width(of character: Character) -> Double { width(String(character)) }

    /// Whether every scalar of `text` has a glyph in this face.
    func covers<S: StringProtocol>(_ text: S) -> Bool {
        switch kind {
        case .standard:
            return text.unicodeScalars.allSatisfy { StandardFontMetrics.winAnsiCode($0) != nil || $0.value < 0x20 }
        case .trueType(let font, _):
            return text.unicodeScalars.allSatisfy { font.glyph(for: $0) != 0 || $0.properties.isWhitespace }
        }
    }
}
