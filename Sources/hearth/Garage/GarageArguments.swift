import ArgumentParser
import Foundation
import HearthCore
import HearthGarage

/// Parsing helpers shared by the garage commands.
enum GarageArguments {
    /// A `yyyy-MM-dd` day; `label` names the option in the error.
    static func day(_ text: String?, _ label: String) throws -> CalendarDay? {
        guard let text else { return nil }
        guard let day = CalendarDay(iso: text.trimmingCharacters(in: .whitespaces)) else {
            throw ValidationError("\(label) \"\(text)\" is not a date; write it as yyyy-MM-dd, such as 2025-03-14.")
        }
        return day
    }

    /// A marbete expiry written `MM/YYYY` (or `YYYY-MM`).
    static func marbete(_ text: String) throws -> (month: Int, year: Int) {
        let parts = text.split(whereSeparator: { $0 == "/" || $0 == "-" }).map(String.init)
        if parts.count == 2, let first = Int(parts[0]), let second = Int(parts[1]) {
            if parts[0].count == 4 { return (second, first) }
            return (first, second)
        }
        throw ValidationError("--marbete \"\(text)\" is not a month; write it as MM/YYYY, such as 03/2026.")
    }
}
