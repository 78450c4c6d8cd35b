/// Text made safe for HTML: the one escaping the reports, the e-mails and the digests use.
public enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` escaped, safe in element content and quoted attribute values.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
