public import Foundation
public import HearthCore

/// What a drug entry says when it is a medication taken on a schedule: the name, the dose and its unit, the
/// route, the local times of day it is due, every how many days, and from when until when.
///
/// A ``DrugEntry`` with a medication is a medication: its `nameAndDosage` reads "Metformin 500 mg", its date is
/// the start, and its comment holds the notes, so JSON export version 1 and older readers still see a drug.
public struct Medication: Sendable, Codable, Hashable {
    /// The longest name, unit and route kept.
    public static let nameLimit = 200
    /// The most times a day.
    public static let timesLimit = 24
    /// The longest notes kept (the drug entry's comment), in characters.
    public static let notesLimit = 10_000

    public var name: String
    /// How much per dose, such as 500 or 1.
    public var dose: Decimal
    /// The unit of the dose: "mg", "tablet", "ml", "drops"…
    public var unit: String
    /// How it is taken: "oral", "inhaled"… ("" when not given).
    public var route: String
    /// The local times of day a dose is due, in order.
    public var times: [DoseTime]
    /// Due every this many days from ``startDate`` (1: every day).
    public var everyDays: Int
    public var startDate: CalendarDay
    /// The last day a dose is due, or nil while it goes on.
    public var endDate: CalendarDay?

    public init(
        name: String, dose: Decimal, unit: String, route: String = "", times: [DoseTime], everyDays: Int = 1,
        startDate: CalendarDay, endDate: CalendarDay? = nil
    ) {
        self.name = name
        self.dose = dose
        self.unit = unit
        self.route = route
        self.times = times
        self.everyDays = everyDays
        self.startDate = startDate
        self.endDate = endDate
    }

    /// "Metformin 500 mg": what a drug entry shows as its name and dosage.
    public var nameAndDosage: String {
        "\(name.trimmingCharacters(in: .whitespaces)) \(dose) \(unit)"
    }

    /// Whether a dose is due on `day`: within start and end, on a day every ``everyDays`` from the start.
    public func isDue(on day: CalendarDay) -> Bool {
        guard day >= startDate, endDate.map({ day <= $0 }) ?? true, everyDays >= 1 else { return false }
        return startDate.days(until: day) % everyDays == 0
    }

    /// The problems with it, each saying what is wrong and how to fix it.
    public func problems() -> [String] {
        var problems: [String] = []
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { problems.append("A medication needs a name, such as Metformin") }
        if name.count > Self.nameLimit {
            problems.append("The medication's name is \(name.count) characters; keep it to \(Self.nameLimit)")
        }
        if dose <= 0 || dose > 1_000_000 {
            problems.append("The dose \(dose) is not a dose; give an amount above 0, such as 500")
        }
        if unit.trimmingCharacters(in: .whitespaces).isEmpty {
            problems.append("A dose needs a unit, such as mg, ml or tablet")
        }
        if unit.count > 40 { problems.append("The unit is \(unit.count) characters; keep it to 40, such as mg") }
        if route.count > Self.nameLimit {
            problems.append("The route is \(route.count) characters; keep it to \(Self.nameLimit), such as oral")
        }
        if times.isEmpty {
            problems.append("A medication needs at least one time of day, such as --time 08:00")
        }
        if times.count > Self.timesLimit {
            problems.append("\(times.count) times a day is too many; give at most \(Self.timesLimit)")
        }
        var seen = Set<DoseTime>()
        for time in times where !seen.insert(time).inserted {
            problems.append("The time \(time) is given twice; give each time of day once")
        }
        if !(1...366).contains(everyDays) {
            problems.append("Every \(everyDays) days is not a schedule; give a number of days from 1 to 366")
        }
        if let endDate, endDate < startDate {
            problems.append(
                "The end date \(endDate) is before the start date \(startDate); give an end on or after the start")
        }
        return problems
    }
}
