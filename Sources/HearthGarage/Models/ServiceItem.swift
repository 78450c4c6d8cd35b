public import Foundation
import GRDB
public import HearthCore

/// A piece of maintenance a vehicle needs, such as an oil change every 6 months or 5,000 miles (the app's
/// "Service").
///
/// Its due values come from an anchor (the last time the work was done) plus its intervals; see
/// ``derivingDueValues(from:mileage:)`` and ``completed(on:mileage:)``.
public struct ServiceItem: GarageRecord, Equatable, Hashable {
    public static let databaseTableName = "garageService"
    public static let entity = GarageEntity.service

    /// How a recurring service's next due values are found when the work is done.
    public enum Renewal: String, Codable, Sendable, Hashable, CaseIterable {
        /// From when the work was done: done on 10 May with a 6-month interval, next due 10 November.
        case fromCompletion
        /// On a fixed schedule: the next due values follow the previous ones, however early or late the work
        /// was done (a registration that renews every March).
        case fixedSchedule
    }

    public let id: UUID
    public var vehicleID: UUID
    public var name: String
    public var dueDate: CalendarDay?
    /// The odometer reading, in miles, the service is due at.
    public var dueMileage: Int?
    public var lastPerformed: CalendarDay?
    public var lastMileage: Int?
    public var intervalMonths: Int?
    public var intervalMiles: Int?
    public var notes: String?
    /// Whether the service comes back after it is done; a one-off has no due values once done.
    public var isRecurring: Bool
    public var renewal: Renewal
    public var createdAt: Date
    public var modifiedAt: Date

    public init(
        id: UUID = UUID(), vehicleID: UUID, name: String, dueDate: CalendarDay? = nil, dueMileage: Int? = nil,
        lastPerformed: CalendarDay? = nil, lastMileage: Int? = nil, intervalMonths: Int? = nil,
        intervalMiles: Int? = nil, notes: String? = nil, isRecurring: Bool = true,
        renewal: Renewal = .fromCompletion, createdAt: Date = Date(), modifiedAt: Date? = nil
    ) {
        self.id = id
        self.vehicleID = vehicleID
        self.name = name
        self.dueDate = dueDate
        self.dueMileage = dueMileage
        self.lastPerformed = lastPerformed
        self.lastMileage = lastMileage
        self.intervalMonths = intervalMonths
        self.intervalMiles = intervalMiles
        self.notes = notes
        self.isRecurring = isRecurring
        self.renewal = renewal
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt ?? createdAt
    }

    /// Whether it has a due date or a due mileage.
    public var hasDueValues: Bool { dueDate != nil || dueMileage != nil }

    /// This service with due values derived from an anchor: the due date is `day` plus ``intervalMonths``, the
    /// due mileage `mileage` plus ``intervalMiles``, each only when its interval is above zero (else cleared).
    public func derivingDueValues(from day: CalendarDay?, mileage: Int?) -> ServiceItem {
        var copy = self
        if let months = intervalMonths, months > 0, let day {
            copy.dueDate = day.adding(months: months)
        } else {
            copy.dueDate = nil
        }
        if let miles = intervalMiles, miles > 0, let mileage {
            copy.dueMileage = mileage + miles
        } else {
            copy.dueMileage = nil
        }
        return copy
    }

    /// This service after the work was done on `day` at `mileage`: it remembers them and finds its next due
    /// values by its ``renewal``; a one-off service is left with none.
    public func completed(on day: CalendarDay, mileage: Int) -> ServiceItem {
        var copy = self
        // An older log entered late must not move the anchor back.
        let isLatest = lastPerformed.map { day >= $0 } ?? true
        if isLatest {
            copy.lastPerformed = day
            copy.lastMileage = mileage
        }
        guard isRecurring else {
            copy.dueDate = nil
            copy.dueMileage = nil
            return copy
        }
        guard isLatest else { return copy }
        switch renewal {
        case .fromCompletion:
            return copy.derivingDueValues(from: day, mileage: mileage)
        case .fixedSchedule:
            if let months = intervalMonths, months > 0 {
                let origin = dueDate ?? day
                var steps = 1
                while origin.adding(months: months * steps) <= day { steps += 1 }
                copy.dueDate = origin.adding(months: months * steps)
            } else {
                copy.dueDate = nil
            }
            if let miles = intervalMiles, miles > 0 {
                let origin = dueMileage ?? mileage
                var steps = 1
                while origin + miles * steps <= mileage { steps += 1 }
                copy.dueMileage = origin + miles * steps
            } else {
                copy.dueMileage = nil
            }
            return copy
        }
    }

    /// Every rule this service breaks; empty when it is valid.
    public var validationProblems: [String] {
        var problems: [String] = []
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            problems.append("A service needs a name (for example --name \"Oil Change\" or --preset \"Oil Change\")")
        }
        if let months = intervalMonths, months < 0 || months > 600 {
            problems.append("Interval of \(months) months is out of range; use 0–600")
        }
        if let miles = intervalMiles, miles < 0 || miles > 1_000_000 {
            problems.append("Interval of \(miles) miles is out of range; use 0–1,000,000")
        }
        if let dueMileage, dueMileage < 0 { problems.append("Due mileage cannot be negative") }
        if let lastMileage, lastMileage < 0 { problems.append("Last mileage cannot be negative") }
        return problems
    }
}
