import Foundation

/// The encodings a message's text and headers travel in: quoted-printable for the body (RFC 2045), encoded
/// words for headers that are not ASCII (RFC 2047), CRLF line ends, and SMTP's dot-stuffing (RFC 5321).
enum MIMEText {
    /// `text` with every line break (CRLF, CR or LF) as CRLF.
    static func crlf(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .replacingOccurrences(of: "\n", with: "\r\n")
    }

    /// A header value on one line: line breaks and other controls become spaces.
    static func oneLine(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 32 || $0.value == 127 ? " " : $0 }))
    }

    /// `text` as quoted-printable UTF-8, lines at most 76 characters, CRLF between them.
    static func quotedPrintable(_ text: String) -> String {
        let lines = crlf(text).components(separatedBy: "\r\n")
        return lines.map(encodeLine).joined(separator: "\r\n")
    }

    private static func encodeLine(_ line: String) -> String {
        let bytes = Array(line.utf8)
        var output = ""
        var current = ""
        for (index, byte) in bytes.enumerated() {
            let last = index == bytes.count - 1
            let literal =
                (byte >= 33 && byte <= 126 && byte != UInt8(ascii: "=")) || ((byte == 32 || byte == 9) && !last)
            // A line that starts with a dot is encoded so that no relay mistakes it for the end of the data.
            let token =
                literal && !(current.isEmpty && output.isEmpty && byte == UInt8(ascii: "."))
                ? String(UnicodeScalar(byte)) : String(format: "=%02X", byte)
            if current.utf8.count + token.utf8.count > 75 {
                output += current + "=\r\n"
                current = ""
            }
            current += token
        }
        return output + current
    }

    /// A header value as is when it is printable ASCII, else as UTF-8 base64 encoded words of at most 75
    /// characters each, folded onto lines of their own.
    static func headerValue(_ text: String) -> String {
        let line = oneLine(text)
        if line.unicodeScalars.allSatisfy({ $0.value >= 32 && $0.value < 127 }) && !line.contains("=?") { return line }
        var words: [String] = []
        var chunk: [UInt8] = []
        // 45 bytes of UTF-8 make 60 characters of base64, inside "=?UTF-8?B?" and "?=": 72 in all.
        for character in line {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > 45 {
                words.append(encodedWord(chunk))
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append(encodedWord(chunk)) }
        return words.joined(separator: "\r\n ")
    }

    private static func encodedWord(_ bytes: [UInt8]) -> String {
        "=?UTF-8?B?" + Data(bytes).base64EncodedString() + "?="
    }

    /// `name <address>`, with the name quoted or encoded as it needs.
    static func mailbox(_ address: MailAddress) -> String {
        guard let name = address.name else { return address.address }
        let line = oneLine(name)
        if line.unicodeScalars.allSatisfy({ $0.value >= 32 && $0.value < 127 }) && !line.contains("=?") {
            let quoted = line.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return "\"\(quoted)\" <\(address.address)>"
        }
        return headerValue(line) + " <\(address.address)>"
    }

    /// The message as SMTP's DATA carries it: every line that begins with a dot gets another, and it ends
    /// with the line that holds only a dot.
    static func dotStuffed(_ message: String) -> String {
        var lines = crlf(message).components(separatedBy: "\r\n")
        if lines.last == "" { lines.removeLast() }
        return lines.map { $0.hasPrefix(".") ? "." + $0 : $0 }.joined(separator: "\r\n") + "\r\n.\r\n"
    }
}
