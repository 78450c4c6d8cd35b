public import Foundation
import HearthCore
import HearthPantryModel

/// The digest as a message: a subject that counts, and text and HTML bodies grouped by household and location.
extension PantryDigest {
    /// Such as "Pantry: 1 item expired, 3 expiring soon, 2 below minimum".
    public var subject: String {
        var parts: [(count: Int, words: String)] = []
        if expiredCount > 0 { parts.append((expiredCount, "expired")) }
        if expiringSoonCount > 0 { parts.append((expiringSoonCount, "expiring soon")) }
        if belowMinimumCount > 0 { parts.append((belowMinimumCount, "below minimum")) }
        guard let first = parts.first else { return "Pantry: nothing to report" }
        let head = "\(first.count) item\(first.count == 1 ? "" : "s") \(first.words)"
        return "Pantry: " + ([head] + parts.dropFirst().map { "\($0.count) \($0.words)" }).joined(separator: ", ")
    }

    /// The day as people read it: "Saturday 28 November 2026".
    var dayText: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "EEEE d MMMM yyyy"
        return formatter.string(from: day.startOfDay(in: TimeZone(secondsFromGMT: 0)!))
    }

    /// The plain-text body.
    public var text: String {
        var lines = ["Your pantry on \(dayText)", ""]
        for household in households {
            lines.append(household.name)
            for location in household.locations {
                lines.append("  " + (location.name ?? "No location"))
                for entry in location.entries {
                    lines.append(
                        "    - \(entry.name) (\(Self.amount(entry.quantity, entry.unit))): \(Self.notes(entry))")
                }
            }
            lines.append("")
        }
        lines.append(
            "Expiring soon means due within \(daysAhead) day\(daysAhead == 1 ? "" : "s"). Change when and how this digest comes with the setDigestPreferences mutation."
        )
        return lines.joined(separator: "\n") + "\n"
    }

    /// The HTML body: one table per household, a row per item under its location.
    public var html: String {
        var out = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"><title>\(Self.escape(subject))</title></head>
            <body style="font-family: sans-serif; color: #222;">
            <h1 style="font-size: 1.3em;">Your pantry on \(Self.escape(dayText))</h1>

            """
        for household in households {
            out += "<h2 style=\"font-size: 1.1em;\">\(Self.escape(household.name))</h2>\n"
            out += "<table style=\"border-collapse: collapse;\">\n"
            for location in household.locations {
                out +=
                    "<tr><th colspan=\"3\" style=\"text-align: left; padding-top: 0.6em;\">\(Self.escape(location.name ?? "No location"))</th></tr>\n"
                for entry in location.entries {
                    out +=
                        "<tr><td style=\"padding: 0 1em;\">\(Self.escape(entry.name))</td><td>\(Self.escape(Self.amount(entry.quantity, entry.unit)))</td><td style=\"padding-left: 1em;\">\(Self.escape(Self.notes(entry)))</td></tr>\n"
                }
            }
            out += "</table>\n"
        }
        out +=
            "<p style=\"color: #666; font-size: 0.9em;\">Expiring soon means due within \(daysAhead) day\(daysAhead == 1 ? "" : "s").</p>\n</body></html>\n"
        return out
    }

    /// "expired 2 days ago (2026-11-26); below the minimum of 2 kg".
    static func notes(_ entry: Entry) -> String {
        var notes: [String] = []
        if let days = entry.daysUntilDue, let status = entry.dateStatus {
            let date = entry.expirationDate.map { " (\($0.iso))" } ?? ""
            let past = status == .overdue ? "past its best-before date" : "expired"
            switch days {
            case ..<(-1): notes.append("\(past) \(-days) days ago\(date)")
            case -1: notes.append("\(past) yesterday\(date)")
            case 0: notes.append("due today\(date)")
            case 1: notes.append("due tomorrow\(date)")
            default: notes.append("due in \(days) days\(date)")
            }
        }
        if let minimum = entry.belowMinimum {
            notes.append("below the minimum of \(amount(minimum, entry.unit))")
        }
        return notes.joined(separator: "; ")
    }

    /// `quantity` in `unit`, without a trailing ".0": "1.5 kg", "3".
    static func amount(_ quantity: Double, _ unit: String) -> String {
        let number =
            quantity == quantity.rounded() && abs(quantity) < 1e15
            ? String(Int64(quantity))
            : String(format: "%.2f", quantity).replacingOccurrences(
                of: #"\.?0+$"#, with: "", options: .regularExpression)
        return unit.isEmpty ? number : "\(number) \(unit)"
    }

    /// `text` safe inside HTML text and attribute values.
    static func escape(_ text: String) -> String { HTMLText.escape(text) }
}
