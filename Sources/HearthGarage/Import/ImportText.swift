import Foundation
import HearthCore
import HearthExchange

/// Byte-level parsing of the values found in exports: trimmed text, numbers with currency symbols and
/// either decimal separator, dates in the common shapes, yes/no in several languages, header names.
enum ImportText {
    static let space = UInt8(ascii: " ")

    // MARK: Numbers

    /// Evidence a number gives about the file's decimal separator, if any.
    static func separatorEvidence(_ field: UnsafeBufferPointer<UInt8>) -> DecimalSeparator? {
        var lastSeparator: UInt8 = 0
        var digitsAfter = 0
        var sawDot = false
        var sawComma = false
        var sawDigit = false
        scan: for byte in field {
            switch byte {
            case 48...57:
                sawDigit = true
                if lastSeparator != 0 { digitsAfter += 1 }
            case UInt8(ascii: "."), UInt8(ascii: ","):
                guard sawDigit else { continue }
                if byte == UInt8(ascii: ".") { sawDot = true } else { sawComma = true }
                lastSeparator = byte
                digitsAfter = 0
            case space:
                continue
            default:
                if sawDigit { break scan }
            }
        }
        guard lastSeparator != 0 else { return nil }
        if sawDot && sawComma { return lastSeparator == UInt8(ascii: ".") ? .dot : .comma }
        // One kind of separator: three digits after it could be grouping either way.
        guard digitsAfter != 3 else { return nil }
        return lastSeparator == UInt8(ascii: ".") ? .dot : .comma
    }

    /// The number in `field`: currency symbols and units around it are ignored, grouping separators dropped,
    /// `separator` read as the decimal point; nil when there are no digits.
    ///
    /// `$79.78`, `106,421`, `1.234,56 €`, `491791.0`, `6,414 л/100км` (with `.comma`), `(12.50)`, `-3`.
    static func number(_ field: UnsafeBufferPointer<UInt8>, separator: DecimalSeparator) -> FixedDecimal? {
        let decimalByte = separator == .dot ? UInt8(ascii: ".") : UInt8(ascii: ",")
        let groupByte = separator == .dot ? UInt8(ascii: ",") : UInt8(ascii: ".")
        var units: Int64 = 0
        var scale = 0
        var sawDigit = false
        var inFraction = false
        var negative = false
        var index = 0
        let count = field.count
        scan: while index < count {
            let byte = field[index]
            switch byte {
            case 48...57:
                if units > 99_999_999_999_999 { return nil }
                units = units * 10 + Int64(byte - 48)
                if inFraction { scale += 1 }
                sawDigit = true
            case decimalByte:
                if !sawDigit {
                    // ".99" – a leading decimal point.
                    if index + 1 < count, (48...57).contains(field[index + 1]) {
                        inFraction = true
                        sawDigit = true
                        break
                    }
                    break
                }
                if inFraction { break scan }
                inFraction = true
            case groupByte:
                if inFraction { break scan }
            case space:
                // A space inside a number groups thousands ("1 234,56"); after it, anything else ends it.
                if sawDigit {
                    guard index + 1 < count, (48...57).contains(field[index + 1]), !inFraction else { break scan }
                }
            case 0xC2 where index + 1 < count && field[index + 1] == 0xA0:
                if sawDigit {
                    guard index + 2 < count, (48...57).contains(field[index + 2]), !inFraction else { break scan }
                }
                index += 1
            case UInt8(ascii: "-"), UInt8(ascii: "("):
                if sawDigit { break scan }
                negative = true
            default:
                if sawDigit { break scan }
            }
            index += 1
        }
        guard sawDigit else { return nil }
        return FixedDecimal(units: negative ? -units : units, scale: scale)
    }

    // MARK: Dates

    /// Evidence a date gives about the order of day and month: a first field over 12 is a day, a second
    /// over 12 means the first is the month.
    static func dateOrderEvidence(_ field: UnsafeBufferPointer<UInt8>) -> DateOrder? {
        guard let parts = dateParts(field), parts.0.digits <= 2, parts.1.digits <= 2 else { return nil }
        if parts.0.value > 12 && parts.1.value <= 12 { return .dayFirst }
        if parts.1.value > 12 && parts.0.value <= 12 { return .monthFirst }
        return nil
    }

    /// Whether `field` is a date with its day and month first, in whichever order ("03/04/2024", "14.02.2024").
    static func isDayMonthDate(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let parts = dateParts(field) else { return false }
        return parts.0.digits <= 2 && parts.1.digits <= 2
    }

    /// Whether `field` is a date whose day and month could be either way round ("03/04/2024").
    static func isAmbiguousDate(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let parts = dateParts(field), parts.0.digits <= 2, parts.1.digits <= 2 else { return false }
        // Dotted dates are day-first wherever they are written; a date of one number twice reads the same.
        guard parts.0.separator != UInt8(ascii: ".") else { return false }
        return parts.0.value <= 12 && parts.1.value <= 12 && parts.0.value != parts.1.value
    }

    /// The day in `field`: `yyyy-MM-dd[ HH:mm[:ss]]`, `yyyy/MM/dd`, `dd.MM.yyyy`, or `a/b/yyyy` (also with
    /// '-' and two-digit years) read in `order`. Any time after the date is ignored.
    static func day(_ field: UnsafeBufferPointer<UInt8>, order: DateOrder) -> CalendarDay? {
        guard let (first, second, third) = dateParts(field) else { return nil }
        if first.digits == 4 {
            return CalendarDay(year: first.value, month: second.value, day: third.value)
        }
        guard first.digits <= 2, second.digits <= 2, third.digits == 4 || third.digits == 2 else { return nil }
        let year = third.digits == 4 ? third.value : (third.value < 70 ? 2000 + third.value : 1900 + third.value)
        // Dotted dates are day-first everywhere they are written.
        let dayFirst = order == .dayFirst || first.separator == UInt8(ascii: ".")
        return dayFirst
            ? CalendarDay(year: year, month: second.value, day: first.value)
            : CalendarDay(year: year, month: first.value, day: second.value)
    }

    private struct NumberPart {
        var value = 0
        var digits = 0
        var separator: UInt8 = 0
    }

    /// The three runs of digits a date starts with, separated by one of '/', '-' or '.' (the same twice),
    /// after optional spaces; what follows the third must be the end, a space, a 'T' or a comma.
    private static func dateParts(_ field: UnsafeBufferPointer<UInt8>) -> (NumberPart, NumberPart, NumberPart)? {
        var parts = (NumberPart(), NumberPart(), NumberPart())
        var current = NumberPart()
        var found = 0
        var separator: UInt8 = 0
        var index = 0
        let count = field.count
        while index < count, field[index] == space { index += 1 }
        while index < count {
            let byte = field[index]
            if byte >= 48 && byte <= 57 {
                current.value = current.value * 10 + Int(byte - 48)
                current.digits += 1
                if current.digits > 4 { return nil }
            } else if found < 2 && (byte == UInt8(ascii: "/") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "."))
            {
                guard current.digits > 0, separator == 0 || separator == byte else { return nil }
                separator = byte
                current.separator = byte
                if found == 0 { parts.0 = current } else { parts.1 = current }
                found += 1
                current = NumberPart()
            } else if found == 2 && (byte == space || byte == UInt8(ascii: "T") || byte == UInt8(ascii: ",")) {
                break
            } else {
                return nil
            }
            index += 1
        }
        guard found == 2, current.digits > 0 else { return nil }
        current.separator = separator
        parts.2 = current
        return parts
    }

    // MARK: Yes / no

    /// Yes/no in the languages exports are written in, plus 1/0 and true/false; nil when blank or unknown.
    static func bool(_ field: UnsafeBufferPointer<UInt8>) -> Bool? {
        let text = FieldBytes.trimmed(field)
        guard !text.isEmpty else { return nil }
        if text.count == 1 {
            switch text[0] {
            case UInt8(ascii: "1"), UInt8(ascii: "y"), UInt8(ascii: "Y"), UInt8(ascii: "s"), UInt8(ascii: "S"):
                return true
            case UInt8(ascii: "0"), UInt8(ascii: "n"), UInt8(ascii: "N"): return false
            default: return nil
            }
        }
        let word = String(decoding: text, as: UTF8.self).lowercased()
        switch word {
        case "yes", "true", "sí", "si", "sim", "да", "oui", "ja": return true
        case "no", "false", "não", "nao", "нет", "non", "nein": return false
        default: return nil
        }
    }

    // MARK: Headers

    /// A header reduced to lower-case letters and digits separated by single spaces, accents removed:
    /// `"Odómetro"` → `odometro`, `Service type(s)` → `service type s`, `"Full tank" 2` → `full tank 2`.
    static func headerKey(_ header: String) -> String {
        let folded = header.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
        var key = ""
        var pendingSpace = false
        for scalar in folded.unicodeScalars {
            if CharacterSet.alphanumerics.contains(scalar) {
                if pendingSpace && !key.isEmpty { key.append(" ") }
                pendingSpace = false
                key.unicodeScalars.append(scalar)
            } else {
                pendingSpace = true
            }
        }
        return key
    }
}
