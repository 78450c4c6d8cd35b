/// Text as HTML writes it: character references decoded, tags left out, white space collapsed.
enum HTMLText {
    /// `text` with its tags left out, its character references decoded and its white space collapsed to single
    /// spaces: what a reader sees of a fragment such as "<p>Crisp &amp; light</p>".
    static func plain(_ text: String) -> String {
        guard text.contains("<") || text.contains("&") else { return collapsed(text) }
        var pieces: [String] = []
        for token in HTMLScanner.tokens(Array(text.utf8)) {
            switch token {
            case .text(let value): pieces.append(value)
            case .start(let name, _, _), .end(let name): if HTMLScanner.breaksLine(name) { pieces.append(" ") }
            }
        }
        return collapsed(pieces.joined())
    }

    /// `text` in lines, each collapsed, blank ones dropped: steps or paragraphs written one per line or in
    /// paragraphs and list items.
    static func lines(_ text: String) -> [String] {
        var pieces: [String] = []
        if text.contains("<") || text.contains("&") {
            for token in HTMLScanner.tokens(Array(text.utf8)) {
                switch token {
                case .text(let value): pieces.append(value)
                case .start(let name, _, _), .end(let name): if HTMLScanner.breaksLine(name) { pieces.append("\n") }
                }
            }
        } else {
            pieces = [text]
        }
        return pieces.joined().split(whereSeparator: \.isNewline).map { collapsed(String($0)) }.filter { !$0.isEmpty }
    }

    /// White space runs (no-break spaces too) as one space, none at either end.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace || $0 == "\u{00A0}" }).joined(separator: " ")
    }

    /// `text` with its character references (`&amp;`, `&#189;`, `&#x2019;`, `&frac12;`) decoded; a reference it
    /// does not know stays as written.
    static func decoded(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character == "&", let end = text[index...].prefix(12).firstIndex(of: ";") else {
                result.append(character)
                index = text.index(after: index)
                continue
            }
            let name = text[text.index(after: index)..<end]
            if let value = reference(name) {
                result.append(value)
                index = text.index(after: end)
            } else {
                result.append(character)
                index = text.index(after: index)
            }
        }
        return result
    }

    private static func reference(_ name: Substring) -> String? {
        if name.hasPrefix("#") {
            let digits = name.dropFirst()
            let value =
                digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return String(Character(scalar))
        }
        return named[String(name)]
    }

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "frac12": "½", "frac14": "¼",
        "frac34": "¾", "frac13": "⅓", "frac23": "⅔", "frac18": "⅛", "deg": "°", "ndash": "–", "mdash": "—",
        "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“", "hellip": "…", "eacute": "é", "egrave": "è",
        "ntilde": "ñ", "uuml": "ü", "ouml": "ö", "auml": "ä", "times": "×", "reg": "®", "copy": "©",
    ]
}
