import Foundation
public import HearthCore

/// The rules of a household's meal plan: which ranges can be read, and how many servings an entry may have.
///
/// ```swift
/// let days = try MealPlanRules.range(from: "2026-11-23", to: "2026-11-29")   // 7 days
/// let servings = try MealPlanRules.servings(nil, recipe: pancakes)           // the recipe's own: 4
/// ```
public enum MealPlanRules {
    /// The longest range read or shopped for at once, in days (a leap year).
    public static let maximumDays = 366
    /// The most servings one entry or one cooking may have.
    public static let maximumServings = 1000
    /// The longest note, in characters.
    public static let maximumNoteLength = 2000

    /// The days from `from` to `to`, both included, written YYYY-MM-DD.
    /// - Throws: ``ServiceError`` (validation failed) naming the field when a day is not a day, `to` comes before
    ///   `from`, or the range is longer than ``maximumDays``.
    public static func range(from: String, to: String) throws -> ClosedRange<CalendarDay> {
        let start = try day(from, "from")
        let end = try day(to, "to")
        guard start <= end else {
            throw ServiceError.validationFailed("to (\(end.iso)) comes before from (\(start.iso)); swap them.")
        }
        let days = start.days(until: end) + 1
        guard days <= maximumDays else {
            throw ServiceError.validationFailed(
                "The range \(start.iso) to \(end.iso) is \(days) days; ask for at most \(maximumDays) days at a time.")
        }
        return start...end
    }

    /// The day `text` writes as YYYY-MM-DD.
    /// - Throws: ``ServiceError`` (validation failed) naming `field` otherwise.
    public static func day(_ text: String, _ field: String) throws -> CalendarDay {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.count <= 10, let day = CalendarDay(iso: trimmed) else {
            throw ServiceError.validationFailed(
                "\(field) must be a day written YYYY-MM-DD, such as 2026-11-23; it is \"\(text.prefix(40))\".")
        }
        return day
    }

    /// The servings an entry of `recipe` gets: `asked`, or the recipe's own when nil.
    /// - Throws: ``ServiceError`` (validation failed) when `asked` is not between 1 and ``maximumServings``, or is
    ///   left out for a recipe that does not say how many it serves.
    public static func servings(_ asked: Int?, recipe: Recipe) throws -> Int {
        guard let asked else {
            guard let own = recipe.servings, own > 0 else {
                throw ServiceError.validationFailed(
                    "\(recipe.name) does not say how many it serves; give servings (1 to \(maximumServings)).")
            }
            return min(own, maximumServings)
        }
        return try servings(asked)
    }

    /// `servings` when it is between 1 and ``maximumServings``.
    /// - Throws: ``ServiceError`` (validation failed) naming the value otherwise.
    public static func servings(_ servings: Int) throws -> Int {
        guard servings >= 1, servings <= maximumServings else {
            throw ServiceError.validationFailed(
                "servings must be between 1 and \(maximumServings); it is \(servings).")
        }
        return servings
    }

    /// `note` trimmed, nil when blank.
    /// - Throws: ``ServiceError`` (validation failed) when it is longer than ``maximumNoteLength``.
    public static func note(_ note: String?) throws -> String? {
        guard let note = Validation.trimmedOrNil(note) else { return nil }
        guard note.count <= maximumNoteLength else {
            throw ServiceError.validationFailed(
                "note is \(note.count) characters; keep it to \(maximumNoteLength).")
        }
        return note
    }

    /// The ingredients `recipe` needs for `servings`: its amounts times servings / its own servings (unchanged
    /// when it does not say how many it serves).
    public static func ingredients(of recipe: Recipe, servings: Int) -> [Ingredient] {
        recipe.ingredients(forServings: servings)
    }
}

extension MealPlanRules {
    /// The Monday-to-Sunday days of the ISO week `text` names, such as "2026-W48" (23 to 29 November 2026).
    /// - Throws: ``ServiceError`` (validation failed) when it is not written YYYY-Www or the year has no such week.
    public static func isoWeek(_ text: String) throws -> ClosedRange<CalendarDay> {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let parts = trimmed.split(separator: "-", omittingEmptySubsequences: false)
        guard trimmed.count <= 8, parts.count == 2, parts[0].count == 4, let year = Int(parts[0]),
            parts[1].count == 3, parts[1].hasPrefix("W"), let week = Int(parts[1].dropFirst()), week >= 1,
            let january4 = CalendarDay(year: year, month: 1, day: 4)
        else {
            throw ServiceError.validationFailed(
                "--week must be an ISO week written YYYY-Www, such as 2026-W48; it is \"\(text.prefix(40))\".")
        }
        // 1 January 2024 was a Monday; 4 January is always in week 1.
        let monday0 = CalendarDay(year: 2024, month: 1, day: 1)?.dayNumber ?? 0
        let weekday = ((january4.dayNumber - monday0) % 7 + 7) % 7
        let monday = CalendarDay(dayNumber: january4.dayNumber - weekday + (week - 1) * 7)
        guard monday.adding(days: 3).year == year else {
            throw ServiceError.validationFailed("\(year) has no week \(week); its last week is 52 or 53.")
        }
        return monday...monday.adding(days: 6)
    }
}
