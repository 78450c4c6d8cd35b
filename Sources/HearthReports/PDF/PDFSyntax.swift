import Foundation

/// Small writers of PDF syntax: numbers, strings and names.
enum PDFSyntax {
    /// Appends `value` with at most two decimals and no trailing zeros (`12`, `12.5`, `-0.25`).
    @inline(__always)
    static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        var scaled = Int((value * 100).rounded())
        if scaled < 0 {
            out.append(UInt8(ascii: "-"))
            scaled = -scaled
        }
        let whole = scaled / 100
        let fraction = scaled % 100
        appendInteger(whole, to: &out)
        if fraction != 0 {
            out.append(UInt8(ascii: "."))
            out.append(UInt8(48 + fraction / 10))
            if fraction % 10 != 0 { out.append(UInt8(48 + fraction % 10)) }
        }
    }

    @inline(__always)
    static func appendInteger(_ value: Int, to out: inout [UInt8]) {
        if value < 0 {
            out.append(UInt8(ascii: "-"))
            appendInteger(-value, to: &out)
            return
        }
        if value < 10 {
            out.append(UInt8(48 + value))
            return
        }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[count] = UInt8(48 + rest % 10)
                rest /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[index]) }
        }
    }

    /// A number as text, for dictionaries.
    static func number(_ value: Double) -> String {
        var out: [UInt8] = []
        appendNumber(value, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends a literal string `( … )` of single-byte codes, escaping what PDF requires.
    @inline(__always)
    static func appendLiteral(_ codes: [UInt8], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "("))
        for code in codes {
            switch code {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"):
                out.append(UInt8(ascii: "\\"))
                out.append(code)
            case 0x20..<0x7F:
                out.append(code)
            default:
                out.append(UInt8(ascii: "\\"))
                out.append(48 + (code >> 6))
                out.append(48 + ((code >> 3) & 7))
                out.append(48 + (code & 7))
            }
        }
        out.append(UInt8(ascii: ")"))
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    @inline(__always)
    static func appendHex(_ value: UInt16, to out: inout [UInt8]) {
        out.append(hexDigits[Int(value >> 12)])
        out.append(hexDigits[Int(value >> 8 & 0xF)])
        out.append(hexDigits[Int(value >> 4 & 0xF)])
        out.append(hexDigits[Int(value & 0xF)])
    }

    static func hex(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        for byte in bytes {
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A PDF text string: a literal for printable ASCII, else UTF-16BE with a byte-order mark, in hex.
    static func textString(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) {
            var out: [UInt8] = []
            appendLiteral(Array(text.utf8), to: &out)
            return String(decoding: out, as: UTF8.self)
        }
        var out: [UInt8] = Array("<FEFF".utf8)
        for unit in text.utf16 { appendHex(unit, to: &out) }
        out.append(UInt8(ascii: ">"))
        return String(decoding: out, as: UTF8.self)
    }

    /// A PDF date, `D:YYYYMMDDHHmmSSZ`, in UTC.
    static func date(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let v = value ?? 0
            return v < 10 ? "0\(v)" : "\(v)"
        }
        return "(D:\(c.year ?? 1970)\(two(c.month))\(two(c.day))\(two(c.hour))\(two(c.minute))\(two(c.second))Z)"
    }
}
