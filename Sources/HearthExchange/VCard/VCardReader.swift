public import Foundation

/// One contact read from a vCard file.
public struct VCard: Sendable, Equatable {
    /// A phone number or e-mail address with its types ("cell", "home", "work"…), lower case.
    public struct Value: Sendable, Equatable {
        public var value: String
        public var types: [String]
        /// Marked preferred (`TYPE=pref`, `PREF=1`).
        public var isPreferred: Bool { types.contains("pref") }

        public init(value: String, types: [String]) {
            self.value = value
            self.types = types
        }
    }

    /// The vCard version the card declares ("2.1", "3.0", "4.0").
    public var version = ""
    /// `FN`: the name as it should be shown.
    public var formattedName = ""
    /// `N`: family, given, additional, prefixes, suffixes.
    public var nameComponents: [String] = []
    public var phones: [Value] = []
    public var emails: [Value] = []
    public var note = ""
    public var organization = ""
    /// The line the card starts on (1-based), for messages.
    public var line = 0

    public init() {}

    /// The name to show: `FN`, else given and family name from `N`, else the organisation.
    public var displayName: String {
        let formatted = formattedName.trimmingCharacters(in: .whitespaces)
        if !formatted.isEmpty { return formatted }
        let parts = [
            nameComponents.count > 3 ? nameComponents[3] : "", nameComponents.count > 1 ? nameComponents[1] : "",
            nameComponents.count > 2 ? nameComponents[2] : "", nameComponents.first ?? "",
            nameComponents.count > 4 ? nameComponents[4] : "",
        ]
        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return parts.isEmpty ? organization : parts.joined(separator: " ")
    }
}

/// Reads vCard files (RFC 2426 3.0, RFC 6350 4.0, and the 2.1 older phones and Outlook write): folded lines,
/// groups (`item1.EMAIL`), types written every way (`TYPE=cell,voice`, repeated `type=`, bare `CELL`,
/// quoted lists), quoted-printable values with soft line breaks, `CHARSET` (UTF-8, ISO-8859-1, Windows-1252),
/// escaped text and `tel:` URIs. The one vCard reader of Hearth.
public enum VCardReader {
    /// Why a file could not be read.
    public struct FormatError: Error, CustomStringConvertible, Sendable {
        public let line: Int
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    /// Every card in `data`.
    /// - Throws: ``FormatError`` when the file is not a vCard file or a card is not closed.
    public static func read(_ data: Data) throws -> [VCard] {
        // vCards are UTF-8 in 3.0 and 4.0; older files in a single-byte set still read, byte for byte.
        let text = String(data: data, encoding: .utf8) ?? String(decoding: data.map { $0 }, as: UTF8.self)
        let lines = physicalLines(text)
        var cards: [VCard] = []
        var current: VCard?
        var index = 0
        while index < lines.count {
            let start = index
            var line = lines[index]
            index += 1
            // Unfold: a line that begins with a space or tab continues the one before.
            while index < lines.count, let first = lines[index].first, first == " " || first == "\t" {
                line += lines[index].dropFirst()
                index += 1
            }
            // Quoted-printable soft breaks: a value ending in '=' continues on the next line.
            if line.uppercased().contains("QUOTED-PRINTABLE") {
                while line.hasSuffix("="), index < lines.count {
                    line.removeLast()
                    line += lines[index].trimmingCharacters(in: .whitespaces)
                    index += 1
                }
            }
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            guard let property = Property(line) else {
                if current == nil {
                    throw FormatError(line: start + 1, message: "this is not a vCard file (expected BEGIN:VCARD)")
                }
                continue  // a line without a colon inside a card: ignored, as readers do
            }
            switch property.name {
            case "BEGIN" where property.rawValue.uppercased() == "VCARD":
                if current != nil {
                    throw FormatError(
                        line: start + 1, message: "a card starts before the previous one ended (END:VCARD missing)")
                }
                current = VCard()
                current?.line = start + 1
            case "END" where property.rawValue.uppercased() == "VCARD":
                guard let card = current else {
                    throw FormatError(line: start + 1, message: "END:VCARD without BEGIN:VCARD")
                }
                cards.append(card)
                current = nil
            default:
                guard current != nil else {
                    throw FormatError(line: start + 1, message: "this is not a vCard file (expected BEGIN:VCARD)")
                }
                apply(property, to: &current!)
            }
        }
        if let open = current {
            throw FormatError(line: open.line, message: "the card that starts here is never closed (END:VCARD missing)")
        }
        guard !cards.isEmpty else {
            throw FormatError(line: 1, message: "the file holds no BEGIN:VCARD … END:VCARD card")
        }
        return cards
    }

    private static func physicalLines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private static func apply(_ property: Property, to card: inout VCard) {
        switch property.name {
        case "VERSION": card.version = property.rawValue.trimmingCharacters(in: .whitespaces)
        case "FN": card.formattedName = unescape(property.value)
        case "N": card.nameComponents = split(property.value, on: ";").map(unescape)
        case "NOTE": card.note = unescape(property.value)
        case "ORG":
            card.organization = split(property.value, on: ";").map(unescape).filter { !$0.isEmpty }.joined(
                separator: ", ")
        case "TEL":
            var value = unescape(property.value).trimmingCharacters(in: .whitespaces)
            if value.lowercased().hasPrefix("tel:") { value = String(value.dropFirst(4)) }
            if !value.isEmpty { card.phones.append(VCard.Value(value: value, types: property.types)) }
        case "EMAIL":
            var value = unescape(property.value).trimmingCharacters(in: .whitespaces)
            if value.lowercased().hasPrefix("mailto:") { value = String(value.dropFirst(7)) }
            if !value.isEmpty {
                card.emails.append(VCard.Value(value: value, types: property.types.filter { $0 != "internet" }))
            }
        default: break
        }
    }

    /// `\,` `\;` `\n` `\\` as the characters they stand for.
    static func unescape(_ text: String) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                switch character {
                case "n", "N": result.append("\n")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// Splits on `separator` where it is not escaped.
    static func split(_ text: String, on separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var escaping = false
        for character in text {
            if escaping {
                current.append("\\")
                current.append(character)
                escaping = false
                continue
            }
            if character == "\\" {
                escaping = true
                continue
            }
            if character == separator {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }

    /// One content line: `[group.]NAME[;PARAM…]:value`.
    struct Property {
        var name: String
        var parameters: [(name: String, values: [String])] = []
        var rawValue: String

        init?(_ line: String) {
            // The value starts at the first colon outside a quoted parameter value.
            var inQuotes = false
            var colon: String.Index?
            for index in line.indices {
                let character = line[index]
                if character == "\"" { inQuotes.toggle() }
                if character == ":" && !inQuotes {
                    colon = index
                    break
                }
            }
            guard let colon else { return nil }
            rawValue = String(line[line.index(after: colon)...])
            var pieces = VCardReader.splitParameters(String(line[..<colon]))
            guard !pieces.isEmpty else { return nil }
            var head = pieces.removeFirst().uppercased()
            if let dot = head.lastIndex(of: ".") { head = String(head[head.index(after: dot)...]) }  // item1.EMAIL
            name = head.trimmingCharacters(in: .whitespaces)
            for piece in pieces {
                if let equals = piece.firstIndex(of: "=") {
                    let key = piece[..<equals].uppercased().trimmingCharacters(in: .whitespaces)
                    let values = piece[piece.index(after: equals)...]
                        .split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")) }
                    parameters.append((key, values))
                } else {
                    // vCard 2.1: a bare value is a type (TEL;CELL) or an encoding (;QUOTED-PRINTABLE).
                    let bare = piece.trimmingCharacters(in: .whitespaces)
                    let upper = bare.uppercased()
                    if ["QUOTED-PRINTABLE", "BASE64", "8BIT", "7BIT"].contains(upper) {
                        parameters.append(("ENCODING", [bare]))
                    } else {
                        parameters.append(("TYPE", [bare]))
                    }
                }
            }
        }

        func parameter(_ name: String) -> String? { parameters.first { $0.name == name }?.values.first }

        var types: [String] {
            var types = parameters.filter { $0.name == "TYPE" }.flatMap(\.values).map { $0.lowercased() }
            if parameters.contains(where: { $0.name == "PREF" }) { types.append("pref") }
            var seen = Set<String>()
            return types.filter { !$0.isEmpty && seen.insert($0).inserted }
        }

        /// The value with its transfer encoding and character set undone (text escapes kept).
        var value: String {
            guard parameter("ENCODING")?.uppercased() == "QUOTED-PRINTABLE" else { return rawValue }
            let bytes = VCardReader.decodeQuotedPrintable(rawValue)
            switch parameter("CHARSET")?.uppercased() {
            case "ISO-8859-1", "LATIN1", "ISO8859-1":
                return String(data: Data(bytes), encoding: .isoLatin1) ?? String(decoding: bytes, as: UTF8.self)
            case "WINDOWS-1252", "CP1252":
                return String(data: Data(bytes), encoding: .windowsCP1252) ?? String(decoding: bytes, as: UTF8.self)
            default: return String(decoding: bytes, as: UTF8.self)
            }
        }
    }

    /// Splits `NAME;A=1;B="x;y"` on semicolons outside quotes.
    static func splitParameters(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var inQuotes = false
        for character in text {
            if character == "\"" { inQuotes.toggle() }
            if character == ";" && !inQuotes {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts
    }

    /// `=C3=A9` as the bytes it stands for; anything else as written.
    static func decodeQuotedPrintable(_ text: String) -> [UInt8] {
        let source = Array(text.utf8)
        var bytes: [UInt8] = []
        var index = 0
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 48...57: byte - 48
            case 65...70: byte - 55
            case 97...102: byte - 87
            default: nil
            }
        }
        while index < source.count {
            if source[index] == UInt8(ascii: "="), index + 2 < source.count, let high = hex(source[index + 1]),
                let low = hex(source[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(source[index])
                index += 1
            }
        }
        return bytes
    }
}
