import Foundation

/// Reads, as a capture body's bytes arrive, what the collector checks before it parses them: the project keys
/// the body names, how many events its batch holds and how many JSON values it has in all. It builds nothing
/// and keeps a few bytes of state, so a body is refused at the first sign of a wrong key or of too much, before
/// it is whole (while it is still being inflated).
///
/// The keys are read where PostHog's clients put them (``CaptureParser`` reads the same places): `api_key` and
/// `token` at the top, and `api_key` and `properties.token` of the first event (the body itself for a single
/// event). The scan does not check that the body is JSON; the parser does that afterwards.
struct CaptureScan {
    /// Every non-empty string found where a project key goes, in the order they ended.
    private(set) var keys: [String] = []
    /// Elements of the top-level `batch` array seen so far.
    private(set) var batchCount = 0
    /// JSON values seen so far: objects, arrays, strings, numbers and literals.
    private(set) var valueCount = 0

    /// The longest key or key-place value read whole; a longer value is kept cut, with a marker, so it never
    /// matches a configured key (those are at most 200 characters).
    static let longestCapture = 512

    private struct Frame {
        let isObject: Bool
        /// For an object: the member's name once read; for an array: nil.
        var key: String?
        var expectingKey: Bool
        var index = 0
        var hasValue = false
    }

    /// The containers around the current byte, down to the depth that matters (the first event's properties).
    private var frames: [Frame] = []
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var stringIsKey = false
    /// The bytes of the string being read, when it is a member's name or sits where a key goes.
    private var capture: [UInt8]?
    /// Whether the string being captured ran past ``longestCapture``.
    private var overflowed = false
    private var inLiteral = false

    private static let deepest = 4

    mutating func feed(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { step(byte) }
    }

    private mutating func step(_ byte: UInt8) {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                finishString()
                return
            }
            if capture != nil {
                if capture!.count < Self.longestCapture { capture!.append(byte) } else { overflowed = true }
            }
            return
        }
        switch byte {
        case UInt8(ascii: "\""):
            inLiteral = false
            startString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            inLiteral = false
            beginValue()
            depth += 1
            if depth <= Self.deepest {
                frames.append(
                    Frame(isObject: byte == UInt8(ascii: "{"), key: nil, expectingKey: byte == UInt8(ascii: "{")))
            }
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            inLiteral = false
            if depth > 0 {
                if depth <= Self.deepest { frames.removeLast() }
                depth -= 1
            }
        case UInt8(ascii: ","):
            inLiteral = false
            guard depth <= Self.deepest, !frames.isEmpty else { return }
            if frames[frames.count - 1].isObject {
                frames[frames.count - 1].expectingKey = true
                frames[frames.count - 1].key = nil
            } else {
                frames[frames.count - 1].index += 1
                frames[frames.count - 1].hasValue = false
            }
        case UInt8(ascii: ":"):
            inLiteral = false
            if depth <= Self.deepest, !frames.isEmpty { frames[frames.count - 1].expectingKey = false }
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            inLiteral = false
        default:
            // A number or a literal: one value however many bytes it takes.
            if !inLiteral {
                inLiteral = true
                beginValue()
            }
        }
    }

    /// A value begins in the current container.
    private mutating func beginValue() {
        valueCount += 1
        guard depth <= Self.deepest, let last = frames.indices.last, !frames[last].isObject, !frames[last].hasValue
        else { return }
        frames[last].hasValue = true
        if frames.count == 2, frames[0].key == "batch" { batchCount += 1 }
    }

    private mutating func startString() {
        inString = true
        escaped = false
        overflowed = false
        capture = nil
        if depth <= Self.deepest, let last = frames.last, last.isObject, last.expectingKey {
            stringIsKey = true
            capture = []
            return
        }
        stringIsKey = false
        beginValue()
        if isKeyPlace { capture = [] }
    }

    private mutating func finishString() {
        defer { capture = nil }
        guard let raw = capture else { return }
        let text = Self.decode(raw) + (overflowed ? "…" : "")
        if stringIsKey {
            frames[frames.count - 1].key = overflowed ? nil : text
        } else if !text.isEmpty {
            keys.append(text)
        }
    }

    /// Whether a string value here is one of the places a project key goes.
    private var isKeyPlace: Bool {
        guard depth <= Self.deepest, !frames.isEmpty, frames[0].isObject else { return false }
        let path: [String] = frames.map { $0.isObject ? ($0.key ?? "") : String($0.index) }
        switch path.count {
        case 1: return path[0] == "api_key" || path[0] == "token"
        case 2: return path == ["properties", "token"]
        case 3: return path == ["batch", "0", "api_key"] && !frames[1].isObject
        case 4: return path == ["batch", "0", "properties", "token"] && !frames[1].isObject
        default: return false
        }
    }

    /// A JSON string's bytes (without the quotes) as text, escapes resolved.
    private static func decode(_ raw: [UInt8]) -> String {
        guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
        let quoted = Data([UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")])
        return (try? JSONDecoder().decode(String.self, from: quoted)) ?? String(decoding: raw, as: UTF8.self)
    }
}
