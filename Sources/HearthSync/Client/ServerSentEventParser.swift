/// Turns the bytes of a `text/event-stream` into messages, as the WHATWG specification reads them: lines
/// end in LF, CRLF or CR; `:` starts a comment (a heartbeat); a blank line ends a message; a message without
/// data is dropped. Bytes may arrive split anywhere, even inside a line or a UTF-8 character.
///
/// ```swift
/// var parser = ServerSentEventParser()
/// for try await chunk in body { for event in parser.consume(chunk) { handle(event) } }
/// ```
struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    private var lastWasCR = false
    private var event = ""
    private var data: [String] = []
    private var id: String?
    private var sawData = false
    /// The longest line accepted; longer ones are cut (a guard against a runaway stream).
    let maxLineBytes: Int

    init(maxLineBytes: Int = 1 << 20) {
        self.maxLineBytes = maxLineBytes
    }

    /// Feeds `bytes` and returns the messages they complete.
    mutating func consume<Bytes: Sequence>(_ bytes: Bytes) -> [ServerSentEvent] where Bytes.Element == UInt8 {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\n"):
                if lastWasCR {
                    lastWasCR = false
                    continue
                }
                if let event = endLine() { events.append(event) }
            case UInt8(ascii: "\r"):
                lastWasCR = true
                if let event = endLine() { events.append(event) }
            default:
                lastWasCR = false
                if line.count < maxLineBytes { line.append(byte) }
            }
        }
        return events
    }

    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty { return dispatch() }
        if line.first == UInt8(ascii: ":") { return nil }
        let text = String(decoding: line, as: UTF8.self)
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.first == " " { value = value.dropFirst() }
        } else {
            field = Substring(text)
            value = ""
        }
        switch field {
        case "event": event = String(value)
        case "data":
            data.append(String(value))
            sawData = true
        case "id": if !value.contains("\0") { id = String(value) }
        default: break
        }
        return nil
    }

    private mutating func dispatch() -> ServerSentEvent? {
        defer {
            event = ""
            data.removeAll()
            sawData = false
        }
        guard sawData else { return nil }
        return ServerSentEvent(event: event.isEmpty ? "message" : event, data: data.joined(separator: "\n"), id: id)
    }
}
