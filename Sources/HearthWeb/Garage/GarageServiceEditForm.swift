public import Foundation
import HearthCore
public import HearthGarage

/// A service's edit form, as its page sends it: the name, the intervals, the next due date and mileage and the
/// notes, every value as typed; checked by ``GarageRecords/updateService(_:_:userID:now:)`` before anything is
/// saved. The due values are kept as typed (empty clears one), so a service can be moved to a new schedule by
/// hand, as the reminders of LubeLogger are.
public struct GarageServiceEditForm: Sendable, Equatable {
    public var name: String?
    /// Every how many months it comes back; empty for none.
    public var intervalMonths: String?
    /// Every how many miles it comes back; empty for none.
    public var intervalMiles: String?
    /// The next due day, `yyyy-MM-dd`; empty for none.
    public var dueDate: String?
    /// The next due odometer reading; empty for none.
    public var dueMileage: String?
    public var notes: String?

    public init(
        name: String? = nil, intervalMonths: String? = nil, intervalMiles: String? = nil, dueDate: String? = nil,
        dueMileage: String? = nil, notes: String? = nil
    ) {
        self.name = name
        self.intervalMonths = intervalMonths
        self.intervalMiles = intervalMiles
        self.dueDate = dueDate
        self.dueMileage = dueMileage
        self.notes = notes
    }

    /// The form's values written over `service`, each checked; its history and last-done values are kept.
    /// - Throws: ``ServiceError`` (validation failed) naming every field at fault and how to write it.
    func applied(to service: ServiceItem) throws -> ServiceItem {
        var problems: [String] = []
        var service = service
        let name = GarageServiceForm.given(self.name) ?? ""
        if name.isEmpty {
            problems.append("service name is empty; name the service, such as Cabin filter")
        } else if name.count > GarageVehicleForm.maxTextLength {
            problems.append(
                "service name is \(name.count) characters long; shorten it to \(GarageVehicleForm.maxTextLength) or fewer"
            )
        }
        service.name = name
        service.intervalMonths = GarageNewServiceForm.whole(
            intervalMonths, "every how many months", 240, "6", problems: &problems)
        service.intervalMiles = GarageNewServiceForm.whole(
            intervalMiles, "every how many miles", 1_000_000, "5000", problems: &problems)
        service.dueDate = nil
        if let text = GarageServiceForm.given(dueDate) {
            if text.count <= 10, let day = CalendarDay(iso: text) {
                service.dueDate = day
            } else {
                problems.append(
                    "next due date \"\(text.prefix(40))\" is not a day; write it as yyyy-MM-dd, such as 2027-03-14")
            }
        }
        service.dueMileage = GarageMileageForm.miles(dueMileage, field: "next due mileage", problems: &problems)
        let notes = GarageServiceForm.given(self.notes)
        if let notes, notes.count > GarageServiceForm.maxNotesLength {
            problems.append(
                "service notes are \(notes.count) characters long; shorten them to \(GarageServiceForm.maxNotesLength) or fewer"
            )
        }
        service.notes = notes
        if problems.isEmpty, service.isRecurring, service.intervalMonths == nil, service.intervalMiles == nil,
            !service.hasDueValues
        {
            problems.append("the service needs an interval or a next due date or mileage; give one of them")
        }
        guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
        return service
    }
}
