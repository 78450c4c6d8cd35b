import Foundation
public import HearthCore

/// A vehicle with its pace and everything due on it, most pressing first.
public struct VehicleDue: Sendable, Hashable, Codable {
    public var vehicle: Vehicle
    public var pace: Pace?
    public var items: [DueItem]
    public var marbete: MarbeteDue?
    /// Fuel economy by the full-tank method, once two full fill-ups make a chain.
    public var fuelEconomy: FuelEconomy.Summary?
    /// The recurring expenses (insurance, registration…) with their next due date, soonest first.
    public var expenses: [ExpenseDue]
    /// The documents (insurance card, registration…) that expire, soonest first.
    public var documents: [DocumentDue]

    /// Builds the summary of `vehicle` with `services`, `expenses` and `documents` (its own) on `today`.
    public static func make(
        vehicle: Vehicle, services: [ServiceItem], pace: Pace?, today: CalendarDay,
        fuelEconomy: FuelEconomy.Summary? = nil, expenses: [GarageExpense] = [],
        documents: [VehicleDocument] = [],
        settings: DueSettings = DueSettings(), thresholds: UrgencyThresholds = UrgencyThresholds()
    ) -> VehicleDue {
        let items = services.map { service -> DueItem in
            let mileage = vehicle.currentMileage
            return DueItem(
                service: service,
                status: DueRules.status(of: service, currentMileage: mileage, today: today, settings: settings),
                urgency: thresholds.urgency(
                    dueDate: service.dueDate, dueMileage: service.dueMileage, currentMileage: mileage, today: today),
                effectiveDueDate: DueRules.effectiveDueDate(
                    dueDate: service.dueDate, dueMileage: service.dueMileage, currentMileage: mileage, pace: pace,
                    today: today
                ),
                daysLeft: service.dueDate.map { today.days(until: $0) },
                milesLeft: service.dueMileage.map { $0 - mileage }
            )
        }
        .sorted { lhs, rhs in
            if lhs.status != rhs.status { return lhs.status < rhs.status }
            switch (lhs.effectiveDueDate, rhs.effectiveDueDate) {
            case (let l?, let r?) where l != r: return l < r
            case (.some, nil): return true
            case (nil, .some): return false
            default: return lhs.service.name.localizedStandardCompare(rhs.service.name) == .orderedAscending
            }
        }
        let marbete = vehicle.marbete.flatMap { marbete in
            marbete.expiresOn.map {
                MarbeteDue(
                    marbete: marbete, expiresOn: $0, status: marbete.status(today: today),
                    daysLeft: today.days(until: $0))
            }
        }
        return VehicleDue(
            vehicle: vehicle, pace: pace, items: items, marbete: marbete, fuelEconomy: fuelEconomy,
            expenses: ExpenseDue.make(expenses, today: today, settings: settings, thresholds: thresholds),
            documents: DocumentDue.make(documents, today: today))
    }
}
