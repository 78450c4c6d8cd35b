public import Foundation
import HearthCore
public import HearthGarage

/// "Log a service done", as a page's form sends it: every value as typed, checked by
/// ``GarageRecords/logService(_:userID:now:)`` before anything is saved.
public struct GarageServiceForm: Sendable, Equatable {
    /// The vehicle the service belongs to.
    public var vehicleID: UUID
    /// The service done.
    public var serviceID: UUID
    /// The day the work was done, `yyyy-MM-dd`; empty or nil for today.
    public var date: String?
    /// The odometer then, in miles; empty or nil for the vehicle's current mileage.
    public var mileage: String?
    /// What it cost, such as `49.99`; empty or nil for no cost.
    public var cost: String?
    /// `maintenance`, `repair` or another cost category; nil for maintenance.
    public var category: String?
    /// Notes, at most ``GarageServiceForm/maxNotesLength`` characters.
    public var notes: String?

    /// The longest notes accepted.
    public static let maxNotesLength = 4_000

    public init(
        vehicleID: UUID, serviceID: UUID, date: String? = nil, mileage: String? = nil, cost: String? = nil,
        category: String? = nil, notes: String? = nil
    ) {
        self.vehicleID = vehicleID
        self.serviceID = serviceID
        self.date = date
        self.mileage = mileage
        self.cost = cost
        self.category = category
        self.notes = notes
    }

    /// The checked values.
    struct Checked: Sendable {
        var day: CalendarDay?
        var mileage: Int?
        var cost: String?
        var category: ServiceLog.CostCategory
        var notes: String?
    }

    /// The values, each checked.
    /// - Throws: ``ServiceError`` (validation failed) naming every field at fault and how to write it.
    func checked(today: CalendarDay) throws -> Checked {
        var problems: [String] = []
        var day: CalendarDay?
        if let text = Self.given(date) {
            if text.count > 10 || CalendarDay(iso: text) == nil {
                problems.append("date \"\(text.prefix(40))\" is not a day; write it as yyyy-MM-dd, such as 2025-03-14")
            } else if let parsed = CalendarDay(iso: text), parsed > today {
                problems.append(
                    "date \(parsed.iso) is in the future; give the day the work was done (today is \(today.iso) or earlier)"
                )
            } else {
                day = CalendarDay(iso: text)
            }
        }
        let mileage = GarageMileageForm.miles(mileage, field: "mileage", problems: &problems)
        var cost: String?
        if let text = Self.given(self.cost) {
            if (try? CostValidation.parse(text)) == nil {
                problems.append(
                    "cost \"\(text.prefix(40))\" is not an amount; write it in dollars with at most two decimals, such as 49.99"
                )
            } else {
                cost = text
            }
        }
        var category = ServiceLog.CostCategory.maintenance
        if let text = Self.given(self.category) {
            if let known = ServiceLog.CostCategory(rawValue: text.lowercased()) {
                category = known
            } else {
                let names = ServiceLog.CostCategory.allCases.map(\.rawValue).joined(separator: ", ")
                problems.append("category \"\(text.prefix(40))\" is not a cost category; choose one of \(names)")
            }
        }
        let notes = Self.given(self.notes)
        if let notes, notes.count > Self.maxNotesLength {
            problems.append("notes are \(notes.count) characters long; shorten them to \(Self.maxNotesLength) or fewer")
        }
        guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
        return Checked(day: day, mileage: mileage, cost: cost, category: category, notes: notes)
    }

    /// `text` trimmed, or nil when it is nil or blank.
    static func given(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
