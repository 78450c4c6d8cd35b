import Foundation

/// What a spoken or typed garage request asks for: the jobs the original app's voice shortcuts did.
public enum VoiceIntent: Sendable, Equatable, Codable {
    /// "What's due on my car?": what is overdue or due soon.
    case whatsDue(vehicle: String?)
    /// "What maintenance is coming up?": the next services by the date they are expected.
    case upcoming(vehicle: String?)
    /// "Update mileage to 45,000 miles": a new odometer reading, in miles.
    case updateMileage(vehicle: String?, miles: Int, spoken: String)
}

/// Turns a request in plain English into a ``VoiceIntent``: pure text work, no store access.
///
/// Numbers may be written "45,000", "45 000", "45.000", "45k", "45.5k" or "45 thousand"; kilometres
/// ("km", "kilometres", "kilometers", "klicks") are converted to miles. A vehicle is named by any of
/// `vehicleNames` that appears in the request ("on the Civic", "Daily's mileage").
public enum VoiceIntentParser {
    /// Parses `text`, or explains what was not understood.
    /// - Throws: ``VoiceIntentError`` naming what was missing.
    public static func parse(_ text: String, vehicleNames: [String] = []) throws -> VoiceIntent {
        let normalized = normalize(text)
        guard !normalized.isEmpty else { throw VoiceIntentError.empty }
        let vehicle = mentionedVehicle(in: normalized, names: vehicleNames)
        let words = Set(normalized.split(separator: " ").map(String.init))

        if words.contains("mileage") || words.contains("odometer") || words.contains("miles") || words.contains("km")
            || normalized.contains("kilomet") || (words.contains("update") && !words.contains("due"))
        {
            guard let (miles, spoken) = distance(in: normalized, excluding: vehicle) else {
                throw VoiceIntentError.noNumber(text)
            }
            return .updateMileage(vehicle: vehicle, miles: miles, spoken: spoken)
        }
        if normalized.contains("coming up") || normalized.contains("upcoming") || words.contains("next")
            || words.contains("soon")
        {
            return .upcoming(vehicle: vehicle)
        }
        if words.contains("due") || words.contains("overdue") || normalized.contains("need")
            || words.contains("maintenance")
        {
            return .whatsDue(vehicle: vehicle)
        }
        throw VoiceIntentError.notUnderstood(text)
    }

    /// Lower case, curly apostrophes straightened, punctuation other than digits' separators spaced out.
    static func normalize(_ text: String) -> String {
        var result = ""
        for character in text.lowercased() {
            switch character {
            case "’", "‘": result.append("'")
            case "?", "!", ";", ":", "\"", "(", ")": result.append(" ")
            case "\u{00A0}", "\u{202F}", "\u{2009}": result.append(" ")  // spaces grouping thousands
            default: result.append(character)
            }
        }
        return result.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The longest of `names` the request mentions, as a whole word or phrase.
    static func mentionedVehicle(in text: String, names: [String]) -> String? {
        let padded = " " + text.replacingOccurrences(of: "'s ", with: " ") + " "
        return
            names
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .sorted { $0.count > $1.count }
            .first { name in
                let key = normalize(name)
                return padded.contains(" \(key) ") || padded.contains(" \(key),") || padded.contains(" \(key).")
            }
    }

    /// The distance the request states, in whole miles, and the words that stated it.
    static func distance(in text: String, excluding vehicle: String?) -> (Int, String)? {
        var source = text
        // A vehicle's name may hold digits ("F-150", "911"): never read them as the reading.
        if let vehicle { source = source.replacingOccurrences(of: normalize(vehicle), with: " ") }
        let tokens = source.split(separator: " ").map(String.init)
        var index = 0
        while index < tokens.count {
            guard tokens[index].first?.isNumber == true else {
                index += 1
                continue
            }
            // Join groups of three digits written with spaces: "45 000".
            var digits = tokens[index]
            var used = 1
            while index + used < tokens.count, tokens[index + used].count == 3,
                tokens[index + used].allSatisfy(\.isNumber),
                digits.allSatisfy({ $0.isNumber || $0 == "," || $0 == "." })
            {
                digits += tokens[index + used]
                used += 1
            }
            var end = index + used
            var multiplier = 1.0
            var number = digits
            if number.hasSuffix("k") {
                number.removeLast()
                multiplier = 1_000
            } else if end < tokens.count, tokens[end] == "k" || tokens[end] == "thousand" {
                multiplier = 1_000
                end += 1
            }
            number = number.trimmingCharacters(in: CharacterSet(charactersIn: ".,"))
            guard let value = parseNumber(number, scaled: multiplier != 1) else {
                index += used
                continue
            }
            let unit = end < tokens.count ? tokens[end] : ""
            let isKilometres = unit.hasPrefix("km") || unit.hasPrefix("kilomet") || unit.hasPrefix("klick")
            if isKilometres || unit.hasPrefix("mi") { end += 1 }
            let miles = (isKilometres ? value * multiplier / 1.609344 : value * multiplier).rounded()
            guard miles >= 0, miles <= 9_999_999 else { return nil }
            let spoken = tokens[index..<end].joined(separator: " ").trimmingCharacters(
                in: CharacterSet(charactersIn: ".,"))
            return (Int(miles), spoken)
        }
        return nil
    }

    /// "45,000", "45.000" (grouping), "45000", "45.5" (a decimal only when a multiplier follows).
    private static func parseNumber(_ text: String, scaled: Bool) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ $0.isNumber || $0 == "," || $0 == "." }) else { return nil }
        let groups = text.split(whereSeparator: { $0 == "," || $0 == "." }).map(String.init)
        if groups.count > 1, groups.dropFirst().allSatisfy({ $0.count == 3 }),
            !(scaled && groups.count == 2 && text.contains("."))
        {
            return Double(groups.joined())  // thousands grouped with ',' or '.'
        }
        if groups.count == 2 { return Double(groups[0] + "." + groups[1]) }
        return groups.count == 1 ? Double(groups[0]) : nil
    }
}

/// Why a request could not be understood.
public enum VoiceIntentError: Error, Equatable, CustomStringConvertible {
    case empty
    case notUnderstood(String)
    case noNumber(String)

    public var description: String {
        switch self {
        case .empty:
            "Ask something, such as \"What's due on my car?\", \"What maintenance is coming up?\" or \"Update mileage to 45,000 miles\"."
        case .notUnderstood(let text):
            "I didn't understand \"\(text)\". Try \"What's due on my car?\", \"What maintenance is coming up?\" or \"Update mileage to 45,000 miles\"."
        case .noNumber(let text):
            "\"\(text)\" has no reading to record; say the odometer, such as \"Update mileage to 45,000 miles\" or \"…to 72k km\"."
        }
    }
}
