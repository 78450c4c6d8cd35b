/// One answer of a mail server: its three-digit code and its lines of text.
struct SMTPReply: Sendable, Hashable, CustomStringConvertible {
    var code: Int
    var lines: [String]

    /// 2xx.
    var isPositive: Bool { (200..<300).contains(code) }

    /// The code and the text, on one line, for messages.
    var description: String { "\(code) \(lines.joined(separator: " / "))" }
}
