import Foundation
public import HearthCore

/// An expense as typed: for a new one, what it is made from; for an edit, the fields to change (nil leaves a
/// field as it is).
public struct ExpenseDraft: Sendable, Hashable {
    /// The kind by name: insurance, registration, taxes, parking, tolls or other.
    public var kind: String?
    /// What it was ("Geico policy"); a new expense without one is named after its kind.
    public var description: String?
    /// What was paid, as typed ("640", "12.50").
    public var amount: String?
    /// The day it was paid (a new expense: default today).
    public var date: CalendarDay?
    /// The odometer, in miles.
    public var odometer: Int?
    public var notes: String?
    /// How often it recurs, as typed: "1y", "6m", "18m"; "none" makes it a one-off.
    public var every: String?

    public init(
        kind: String? = nil, description: String? = nil, amount: String? = nil, date: CalendarDay? = nil,
        odometer: Int? = nil, notes: String? = nil, every: String? = nil
    ) {
        self.kind = kind
        self.description = description
        self.amount = amount
        self.date = date
        self.odometer = odometer
        self.notes = notes
        self.every = every
    }

    /// The kind `text` names.
    /// - Throws: ``ServiceError`` (validation failed) naming the kinds there are.
    static func parseKind(_ text: String) throws -> GarageExpense.Kind {
        guard let kind = GarageExpense.Kind(matching: text) else {
            throw ServiceError.validationFailed(
                "\"\(text)\" is not an expense kind; use one of \(GarageExpense.Kind.names)")
        }
        return kind
    }

    /// An amount as typed: not negative, digits with at most one '.' and two decimals.
    /// - Throws: ``ServiceError`` (validation failed) that says a negative amount is negative.
    static func parseAmount(_ text: String) throws -> Decimal {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("-") {
            throw ServiceError.validationFailed(
                "An expense cannot be negative (got \(trimmed)); give what was paid, such as 120.50")
        }
        guard let amount = try CostValidation.parse(trimmed) else {
            throw ServiceError.validationFailed("An expense needs an amount, such as --amount 120.50")
        }
        return amount
    }

    /// The interval `text` states in months ("1y" 12, "6m" 6, "18m" 18); nil for "none".
    /// - Throws: ``ServiceError`` (validation failed) showing the forms it takes.
    public static func parseInterval(_ text: String) throws -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if ["none", "never", "0", "once"].contains(trimmed) { return nil }
        let unit = trimmed.last
        let number = Int(trimmed.dropLast())
        switch (unit, number) {
        case ("y", let years?) where (1...10).contains(years): return years * 12
        case ("m", let months?) where (1...120).contains(months): return months
        default:
            throw ServiceError.validationFailed(
                "\"\(text)\" is not an interval; write months or years such as 6m, 12m or 1y (1–120 months), or none")
        }
    }
}
