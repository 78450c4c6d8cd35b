import Foundation

/// ISO 8601 timestamps with milliseconds in UTC (`2026-01-31T09:00:00.000Z`), formatted and parsed with
/// integer arithmetic so that a round trip keeps every millisecond.
enum Timestamp {
    /// `milliseconds` since 1970 as `yyyy-MM-ddTHH:mm:ss.SSSZ`.
    static func format(milliseconds: Int64) -> String {
        var bytes = [UInt8]()
        bytes.reserveCapacity(24)
        append(milliseconds: milliseconds, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func format(_ date: Date) -> String { format(milliseconds: Milliseconds.from(date)) }

    /// Appends the timestamp of `milliseconds` as UTF-8 to `bytes`.
    static func append(milliseconds: Int64, to bytes: inout [UInt8]) {
        let (days, msOfDay) = floorDivide(milliseconds, 86_400_000)
        let (year, month, day) = civil(fromDays: days)
        func put(_ value: Int64, digits: Int) {
            var divisor: Int64 = 1
            for _ in 1..<digits { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        if year < 0 || year > 9999 {
            bytes.append(contentsOf: Array(String(year).utf8))
        } else {
            put(year, digits: 4)
        }
        bytes.append(UInt8(ascii: "-"))
        put(month, digits: 2)
        bytes.append(UInt8(ascii: "-"))
        put(day, digits: 2)
        bytes.append(UInt8(ascii: "T"))
        put(msOfDay / 3_600_000, digits: 2)
        bytes.append(UInt8(ascii: ":"))
        put(msOfDay / 60_000 % 60, digits: 2)
        bytes.append(UInt8(ascii: ":"))
        put(msOfDay / 1000 % 60, digits: 2)
        bytes.append(UInt8(ascii: "."))
        put(msOfDay % 1000, digits: 3)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// The milliseconds since 1970 of `text`: `yyyy-MM-ddTHH:mm[:ss[.fraction]]` followed by `Z` or an
    /// offset such as `+02:00`; or nil. Fractions beyond milliseconds are rounded.
    static func parse(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    /// ``parse(_:)`` of UTF-8 bytes, without building a string.
    static func parse(bytes chars: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0
        func number(_ count: Int) -> Int64? {
            guard index + count <= chars.count else { return nil }
            var value: Int64 = 0
            for offset in 0..<count {
                let c = chars[index + offset]
                guard c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(c - UInt8(ascii: "0"))
            }
            index += count
            return value
        }
        func expect(_ c: UInt8) -> Bool {
            guard index < chars.count, chars[index] == c else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect(UInt8(ascii: "-")), let month = number(2), expect(UInt8(ascii: "-")),
            let day = number(2),
            index < chars.count, chars[index] == UInt8(ascii: "T") || chars[index] == UInt8(ascii: " ")
        else { return nil }
        index += 1
        guard let hour = number(2), expect(UInt8(ascii: ":")), let minute = number(2) else { return nil }
        var second: Int64 = 0
        var millis: Int64 = 0
        if expect(UInt8(ascii: ":")) {
            guard let value = number(2) else { return nil }
            second = value
            if expect(UInt8(ascii: ".")) || expect(UInt8(ascii: ",")) {
                // The first four digits, in tenths of a millisecond, rounded to milliseconds.
                var tenths: Int64 = 0
                var digits = 0
                while index < chars.count, chars[index] >= UInt8(ascii: "0"), chars[index] <= UInt8(ascii: "9") {
                    if digits < 4 { tenths = tenths * 10 + Int64(chars[index] - UInt8(ascii: "0")) }
                    digits += 1
                    index += 1
                }
                guard digits > 0 else { return nil }
                for _ in digits..<max(digits, 4) { tenths *= 10 }
                millis = (tenths + 5) / 10
            }
        }
        var offsetMinutes: Int64 = 0
        if expect(UInt8(ascii: "Z")) || expect(UInt8(ascii: "z")) {
            offsetMinutes = 0
        } else if index < chars.count, chars[index] == UInt8(ascii: "+") || chars[index] == UInt8(ascii: "-") {
            let sign: Int64 = chars[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = number(2) else { return nil }
            _ = expect(UInt8(ascii: ":"))
            guard let minutes = number(2) else { return nil }
            offsetMinutes = sign * (hours * 60 + minutes)
        } else {
            return nil
        }
        guard index == chars.count, (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }
        let days = self.days(fromCivil: year, month, day)
        return ((days * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60) * 1000) + millis
    }

    // Howard Hinnant's algorithms between days since 1970-01-01 and proleptic Gregorian dates.
    static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func days(fromCivil year0: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let year = month <= 2 ? year0 - 1 : year0
        let era = (year >= 0 ? year : year - 399) / 400
        let yoe = year - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let q = a / b
        let r = a % b
        return r < 0 ? (q - 1, r + b) : (q, r)
    }
}
