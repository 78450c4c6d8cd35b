public import Foundation
import HearthCore
public import HearthGarage

/// "Log a fill-up" and a fill-up's edit form, as a page sends them: every value as typed, checked by
/// ``GarageRecords/addFillUp(_:userID:now:)`` and ``GarageRecords/updateFillUp(_:_:userID:now:)`` before
/// anything is saved, with each bad field named.
public struct GarageFillUpForm: Sendable, Equatable {
    /// The vehicle filled up.
    public var vehicleID: UUID
    /// The day, `yyyy-MM-dd`; empty or nil for today.
    public var date: String?
    /// The odometer then, in whole miles.
    public var odometer: String?
    /// US gallons, such as `11.452`.
    public var gallons: String?
    /// What it cost, such as `42.10`.
    public var cost: String?
    /// The tank was not filled to full.
    public var isPartial: Bool
    /// A fill-up before this one was not logged.
    public var missedPrevious: Bool
    public var station: String?
    public var notes: String?

    public init(
        vehicleID: UUID, date: String? = nil, odometer: String? = nil, gallons: String? = nil, cost: String? = nil,
        isPartial: Bool = false, missedPrevious: Bool = false, station: String? = nil, notes: String? = nil
    ) {
        self.vehicleID = vehicleID
        self.date = date
        self.odometer = odometer
        self.gallons = gallons
        self.cost = cost
        self.isPartial = isPartial
        self.missedPrevious = missedPrevious
        self.station = station
        self.notes = notes
    }

    /// The fill-up as the garage takes it, every field checked.
    /// - Throws: ``ServiceError`` (validation failed) naming every field at fault and how to write it.
    func checked(today: CalendarDay) throws -> FillUpDraft {
        var problems: [String] = []
        var day: CalendarDay?
        if let text = GarageServiceForm.given(date) {
            if text.count > 10 || CalendarDay(iso: text) == nil {
                problems.append(
                    "fill-up date \"\(text.prefix(40))\" is not a day; write it as yyyy-MM-dd, such as 2025-03-14")
            } else if let parsed = CalendarDay(iso: text), parsed > today {
                problems.append(
                    "fill-up date \(parsed.iso) is in the future; give the day you filled up (today is \(today.iso) or earlier)"
                )
            } else {
                day = CalendarDay(iso: text)
            }
        }
        let odometer = GarageMileageForm.miles(self.odometer, field: "odometer", problems: &problems)
        let gallons = GarageServiceForm.given(self.gallons)
        if let gallons, (try? GarageStore.parseGallons(gallons)) == nil {
            problems.append(
                "gallons \"\(gallons.prefix(40))\" is not a fuel quantity; give US gallons above 0 and below 1,000 with at most three decimals, such as 11.452"
            )
        }
        let cost = GarageServiceForm.given(self.cost)
        if let cost, (try? CostValidation.parse(cost)) == nil {
            problems.append(
                "fill-up cost \"\(cost.prefix(40))\" is not an amount; write it in dollars with at most two decimals, such as 42.10"
            )
        }
        let station = GarageServiceForm.given(self.station)
        if let station, station.count > GarageVehicleForm.maxTextLength {
            problems.append(
                "station is \(station.count) characters long; shorten it to \(GarageVehicleForm.maxTextLength) or fewer"
            )
        }
        let notes = GarageServiceForm.given(self.notes)
        if let notes, notes.count > GarageServiceForm.maxNotesLength {
            problems.append(
                "fill-up notes are \(notes.count) characters long; shorten them to \(GarageServiceForm.maxNotesLength) or fewer"
            )
        }
        if problems.isEmpty, odometer == nil, gallons == nil, cost == nil {
            problems.append("a fill-up needs at least the odometer, the gallons or the cost; give one of them")
        }
        guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
        return FillUpDraft(
            date: day, odometer: odometer, gallons: gallons, cost: cost, isPartial: isPartial,
            missedPrevious: missedPrevious, station: station, notes: notes)
    }

    /// The same values as an edit of a stored fill-up: every field replaces the stored one, an empty one clears it
    /// (an empty date or odometer keeps the stored one).
    func edit(today: CalendarDay) throws -> FillUpEdit {
        let draft = try checked(today: today)
        return FillUpEdit(
            date: draft.date, odometer: draft.odometer, gallons: draft.gallons ?? "", cost: draft.cost ?? "",
            isPartial: draft.isPartial, missedPrevious: draft.missedPrevious, station: draft.station ?? "",
            notes: draft.notes ?? "")
    }
}
