import HearthCore
import NIOCore

/// Reads a mail server's answers out of the bytes it sends: lines of `ddd-text` ending with one `ddd text`,
/// each line at most ``maximumLineBytes`` and an answer at most ``maximumLines`` lines, so a hostile server
/// cannot make the client hold more than that.
struct SMTPReplyParser {
    static let maximumLineBytes = 2_048
    static let maximumLines = 100

    private var line: [UInt8] = []
    private var lines: [String] = []
    private var code: Int?

    /// Whether bytes of an answer not yet complete are held.
    var holdsPartialReply: Bool { !line.isEmpty || !lines.isEmpty }

    /// The answers completed by `buffer`'s bytes.
    mutating func feed(_ buffer: ByteBuffer) throws -> [SMTPReply] {
        var replies: [SMTPReply] = []
        for byte in buffer.readableBytesView {
            if byte == UInt8(ascii: "\n") {
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                if let reply = try take(line) { replies.append(reply) }
                line.removeAll(keepingCapacity: true)
                continue
            }
            line.append(byte)
            guard line.count <= Self.maximumLineBytes else {
                throw ServiceError(
                    .operationFailed,
                    "The mail server sent a line longer than \(Self.maximumLineBytes) bytes; it does not speak SMTP. Check the host and port in --smtp-url."
                )
            }
        }
        return replies
    }

    private mutating func take(_ bytes: [UInt8]) throws -> SMTPReply? {
        let text = String(decoding: bytes, as: UTF8.self)
        let digits = text.prefix(3)
        guard digits.count == 3, digits.allSatisfy(\.isASCII), let value = Int(digits), (200...599).contains(value)
        else {
            throw ServiceError(
                .operationFailed,
                "The mail server answered \"\(text.prefix(80))\", which is not an SMTP reply. Check the host and port in --smtp-url (smtps:// for a port that expects TLS at once)."
            )
        }
        let rest = text.dropFirst(3)
        let separator = rest.first
        guard separator == nil || separator == " " || separator == "-" else {
            throw ServiceError(
                .operationFailed, "The mail server answered \"\(text.prefix(80))\", which is not an SMTP reply.")
        }
        if let code, code != value {
            throw ServiceError(
                .operationFailed, "The mail server changed its reply code within one answer (\(code), then \(value)).")
        }
        code = value
        lines.append(String(rest.dropFirst()))
        guard lines.count <= Self.maximumLines else {
            throw ServiceError(
                .operationFailed, "The mail server sent an answer of more than \(Self.maximumLines) lines.")
        }
        guard separator != "-" else { return nil }
        defer {
            lines = []
            code = nil
        }
        return SMTPReply(code: value, lines: lines)
    }
}
