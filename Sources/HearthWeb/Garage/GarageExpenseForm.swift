public import Foundation
import HearthCore
public import HearthGarage

/// "Add an expense" (insurance, registration, taxes, parking, tolls, other), as a page's form sends it: every
/// value as typed, checked by ``GarageRecords/addExpense(_:userID:now:)`` before anything is saved.
public struct GarageExpenseForm: Sendable, Equatable {
    /// The vehicle the expense is for.
    public var vehicleID: UUID
    /// insurance, registration, taxes, parking, tolls or other.
    public var kind: String
    /// What it was ("Geico policy"); empty or nil to name it after its kind.
    public var description: String?
    /// What was paid, such as `640` or `12.50`.
    public var amount: String
    /// The day it was paid, `yyyy-MM-dd`; empty or nil for today.
    public var date: String?
    /// How often it recurs: `none`, `1m`, `3m`, `6m`, `1y`… (``ExpenseDraft/parseInterval(_:)``); empty or nil
    /// for a one-off.
    public var every: String?
    /// Notes, at most ``GarageServiceForm/maxNotesLength`` characters.
    public var notes: String?

    /// The longest description accepted.
    public static let maxDescriptionLength = 200

    /// The choices the page offers for ``every``, with their labels.
    public static let intervals: [(value: String, label: String)] = [
        ("none", "Once"), ("1m", "Every month"), ("3m", "Every 3 months"), ("6m", "Every 6 months"),
        ("1y", "Every year"), ("2y", "Every 2 years"),
    ]

    public init(
        vehicleID: UUID, kind: String, description: String? = nil, amount: String, date: String? = nil,
        every: String? = nil, notes: String? = nil
    ) {
        self.vehicleID = vehicleID
        self.kind = kind
        self.description = description
        self.amount = amount
        self.date = date
        self.every = every
        self.notes = notes
    }

    /// Whether the garage reads `text` as an interval ("none" is one: a one-off).
    private static func isInterval(_ text: String) -> Bool {
        do {
            _ = try ExpenseDraft.parseInterval(text)
            return true
        } catch {
            return false
        }
    }

    /// The expense as the garage takes it, every field checked.
    /// - Throws: ``ServiceError`` (validation failed) naming every field at fault and how to write it.
    func checked(today: CalendarDay) throws -> ExpenseDraft {
        var problems: [String] = []
        let kind = GarageServiceForm.given(self.kind)
        if let kind, GarageExpense.Kind(matching: kind) == nil || kind.count > 40 {
            problems.append(
                "kind \"\(kind.prefix(40))\" is not a kind of expense; choose one of \(GarageExpense.Kind.names)")
        } else if kind == nil {
            problems.append("kind is empty; choose one of \(GarageExpense.Kind.names)")
        }
        let description = GarageServiceForm.given(self.description)
        if let description, description.count > Self.maxDescriptionLength {
            problems.append(
                "description is \(description.count) characters long; shorten it to \(Self.maxDescriptionLength) or fewer"
            )
        }
        let amount = GarageServiceForm.given(self.amount)
        if let amount {
            if amount.hasPrefix("-") {
                problems.append("amount \(amount.prefix(40)) is negative; give what was paid, such as 120.50")
            } else if amount.count > 20 || (try? CostValidation.parse(amount)) == nil {
                problems.append(
                    "amount \"\(amount.prefix(40))\" is not an amount; write it with at most two decimals, such as 120.50"
                )
            }
        } else {
            problems.append("amount is empty; give what was paid, such as 120.50")
        }
        var day: CalendarDay?
        if let text = GarageServiceForm.given(date) {
            if text.count > 10 || CalendarDay(iso: text) == nil {
                problems.append("date \"\(text.prefix(40))\" is not a day; write it as yyyy-MM-dd, such as 2026-03-14")
            } else if let parsed = CalendarDay(iso: text), parsed > today {
                problems.append(
                    "date \(parsed.iso) is in the future; give the day it was paid (today is \(today.iso) or earlier)")
            } else {
                day = CalendarDay(iso: text)
            }
        }
        let every = GarageServiceForm.given(self.every)
        if let every, every.count > 10 || !Self.isInterval(every) {
            let choices = Self.intervals.map(\.value).joined(separator: ", ")
            problems.append("repeats \"\(every.prefix(40))\" is not an interval; choose one of \(choices)")
        }
        let notes = GarageServiceForm.given(self.notes)
        if let notes, notes.count > GarageServiceForm.maxNotesLength {
            problems.append(
                "notes are \(notes.count) characters long; shorten them to \(GarageServiceForm.maxNotesLength) or fewer"
            )
        }
        guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
        return ExpenseDraft(
            kind: kind, description: description, amount: amount, date: day ?? today, notes: notes,
            every: every ?? "none")
    }
}
