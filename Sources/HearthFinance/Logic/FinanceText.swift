/// Text clean-up on the hot paths (batch inserts of hundreds of thousands of rows), without Foundation's
/// `CharacterSet`, whose lookups take a lock.
enum FinanceText {
    /// `text` without leading and trailing white space and line breaks: the same characters as
    /// `CharacterSet.whitespacesAndNewlines` (Unicode's White_Space property). Returns `text` itself,
    /// without copying, when there is nothing to trim.
    static func trimmed(_ text: String) -> String {
        // Most text starts and ends with an ASCII letter or digit: nothing to trim, no Unicode lookups.
        let utf8 = text.utf8
        if let first = utf8.first, let last = utf8.last, Self.isPlainASCII(first), Self.isPlainASCII(last) {
            return text
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return text }
        if !first.properties.isWhitespace && !last.properties.isWhitespace { return text }
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, scalars[start].properties.isWhitespace { start = scalars.index(after: start) }
        while end > start, scalars[scalars.index(before: end)].properties.isWhitespace {
            end = scalars.index(before: end)
        }
        return String(scalars[start..<end])
    }

    /// Whether `byte` is printable ASCII other than a space (so neither whitespace nor part of a longer scalar).
    @inline(__always)
    private static func isPlainASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

    /// Whether `text` holds a control or format character (Unicode categories Cc and Cf).
    static func hasControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar.value < 0x20
                || (scalar.value >= 0x7F
                    && {
                        let category = scalar.properties.generalCategory
                        return category == .control || category == .format
                    }())
        }
    }
}
