import Foundation

/// Parsing of the common shapes of imported values straight from bytes, without building strings; each
/// returns nil for anything else, and the caller falls back on the strict parsers of ``FinanceParsing``,
/// which decide and word the error.
enum FastNumber {
    /// An amount such as `-12.50`, `3200` or `+0.99`: an optional sign, at most 15 digits, at most two after
    /// a `.`.
    static func amount(_ field: UnsafeBufferPointer<UInt8>) -> Decimal? {
        var index = 0
        var negative = false
        if index < field.count, field[index] == UInt8(ascii: "-") || field[index] == UInt8(ascii: "+") {
            negative = field[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        var integerDigits = 0
        while index < field.count {
            let byte = field[index]
            index += 1
            if byte == UInt8(ascii: ".") {
                guard !seenPoint, integerDigits > 0 else { return nil }
                seenPoint = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
            digits += 1
            if seenPoint { fractionDigits += 1 } else { integerDigits += 1 }
            guard digits <= 15, fractionDigits <= 2 else { return nil }
        }
        guard integerDigits > 0, !seenPoint || fractionDigits > 0 else { return nil }
        guard mantissa != 0 else { return Decimal.zero }
        return Decimal(sign: negative ? .minus : .plus, exponent: -fractionDigits, significand: Decimal(mantissa))
    }

    /// `true` or `false`, exactly.
    static func bool(_ field: UnsafeBufferPointer<UInt8>) -> Bool? {
        if field.elementsEqual("true".utf8) { return true }
        if field.elementsEqual("false".utf8) { return false }
        return nil
    }

    /// A UUID in its 36-character form, either case.
    static func uuid(_ field: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard field.count == 36 else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let ok = withUnsafeMutableBytes(of: &bytes) { out -> Bool in
            var source = 0
            for target in 0..<16 {
                if source == 8 || source == 13 || source == 18 || source == 23 {
                    guard field[source] == UInt8(ascii: "-") else { return false }
                    source += 1
                }
                guard let high = hex(field[source]), let low = hex(field[source + 1]) else { return false }
                out[target] = high << 4 | low
                source += 2
            }
            return true
        }
        return ok ? UUID(uuid: bytes) : nil
    }

    @inline(__always)
    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
