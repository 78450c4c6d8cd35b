import Foundation

/// Reading an ISO 8601 duration as recipe pages write times: `PT1H30M`, `PT90M`, `P0DT1H`, `PT1H30M0S`,
/// `PT0.5H`.
///
/// ```swift
/// ISODuration.minutes("PT1H30M")   // 90
/// ISODuration.minutes("1 hour")    // nil: not an ISO 8601 duration
/// ```
public enum ISODuration {
    /// The whole minutes `text` lasts (seconds rounded to the nearest minute), or nil when it is not an ISO 8601
    /// duration of days, hours, minutes and seconds (years, months and weeks have no place in a recipe), or lasts
    /// longer than a year.
    public static func minutes(_ text: String) -> Int? {
        let upper = text.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        guard upper.hasPrefix("P"), upper.count > 1, upper.count <= 40 else { return nil }
        var seconds = 0.0
        var inTime = false
        var digits = ""
        var sawValue = false
        for character in upper.dropFirst() {
            if character == "T" {
                guard !inTime, digits.isEmpty else { return nil }
                inTime = true
            } else if character.isASCII, character.isNumber || character == "." || character == "," {
                digits.append(character == "," ? "." : character)
            } else {
                guard let value = Double(digits), value.isFinite, value >= 0 else { return nil }
                switch (character, inTime) {
                case ("D", false): seconds += value * 86_400
                case ("H", true): seconds += value * 3_600
                case ("M", true): seconds += value * 60
                case ("S", true): seconds += value
                default: return nil
                }
                digits = ""
                sawValue = true
            }
        }
        guard sawValue, digits.isEmpty, seconds <= 366 * 86_400 else { return nil }
        return Int((seconds / 60).rounded())
    }
}
