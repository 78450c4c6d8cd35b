public import Foundation
import GRDB
public import HearthCore

/// A fill-up as typed in, before it is checked and stored.
public struct FillUpDraft: Sendable, Equatable {
    public var date: CalendarDay?
    /// The odometer, in miles.
    public var odometer: Int?
    /// Fuel bought, in US gallons, as typed ("11.4").
    public var gallons: String?
    /// What it cost, as typed; checked by ``CostValidation``.
    public var cost: String?
    public var isPartial: Bool
    public var missedPrevious: Bool
    public var station: String?
    public var notes: String?

    public init(
        date: CalendarDay? = nil, odometer: Int? = nil, gallons: String? = nil, cost: String? = nil,
        isPartial: Bool = false,
        missedPrevious: Bool = false, station: String? = nil, notes: String? = nil
    ) {
        self.date = date
        self.odometer = odometer
        self.gallons = gallons
        self.cost = cost
        self.isPartial = isPartial
        self.missedPrevious = missedPrevious
        self.station = station
        self.notes = notes
    }
}

extension GarageStore {
    /// Records a fill-up; a reading above the vehicle's mileage moves it forward.
    /// - Throws: ``ServiceError`` (not found; validation failed for a date in the future, a quantity that is
    ///   not a positive number, an odometer out of range, or a cost that is not an amount).
    @discardableResult
    public func addFillUp(_ draft: FillUpDraft, to vehicleID: UUID) async throws -> FuelLog {
        let today = self.today
        let timeZone = self.timeZone
        let day = draft.date ?? today
        guard day <= today else {
            throw ServiceError.validationFailed("The fill-up date \(day) is in the future; give the day you filled up")
        }
        if let odometer = draft.odometer { try Self.validateReading(odometer) }
        let gallons = try Self.parseGallons(draft.gallons)
        let cost = try CostValidation.parse(draft.cost)
        guard draft.odometer != nil || gallons != nil || cost != nil else {
            throw ServiceError.validationFailed("A fill-up needs at least an odometer reading, a quantity or a cost")
        }
        return try await write { tx in
            guard var vehicle = try Vehicle.fetchOne(tx.db, key: vehicleID) else {
                throw ServiceError.notFound("Vehicle \(vehicleID.uuidString)")
            }
            let log = try tx.insert(
                FuelLog(
                    vehicleID: vehicleID, date: day, odometer: draft.odometer, gallons: gallons, totalCost: cost,
                    isPartial: draft.isPartial, missedPrevious: draft.missedPrevious,
                    station: draft.station?.nilIfBlank, notes: draft.notes?.nilIfBlank, createdAt: tx.now
                ))
            if let odometer = draft.odometer, odometer > vehicle.currentMileage {
                vehicle.currentMileage = odometer
                let readAt = day == today ? tx.now : day.date(hour: 12, in: timeZone)
                vehicle.mileageUpdatedAt = max(readAt, vehicle.mileageUpdatedAt ?? readAt)
                _ = try tx.update(vehicle)
            }
            return log
        }
    }

    /// Removes a fill-up.
    /// - Throws: ``ServiceError/notFound(_:)`` when there is no such fill-up.
    public func removeFillUp(_ id: UUID) async throws {
        try await write { tx in
            guard try tx.delete(FuelLog.self, id: id) else { throw Self.missing("fill-up", id) }
        }
    }

    /// A vehicle's fuel economy by the full-tank method, from every fill-up (typed in or imported).
    public func fuelEconomy(of vehicleID: UUID) async throws -> FuelEconomy {
        FuelEconomy(fillUps: try await fuelLogs(of: vehicleID))
    }

    /// Gallons as typed: a positive number below 1,000 with at most three decimals; nil for empty input.
    /// - Throws: ``ServiceError`` (validation failed) naming the quantity and how to write it.
    public static func parseGallons(_ text: String?) throws -> Decimal? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            !parts[0].isEmpty || (parts.count == 2 && !parts[1].isEmpty),
            parts.count == 1 || parts[1].count <= 3,
            let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), value > 0, value < 1_000
        else {
            throw ServiceError.validationFailed(
                "\"\(text)\" is not a fuel quantity; give US gallons above 0 and below 1,000 with at most three decimals, such as 11.452"
            )
        }
        return value
    }
}

extension String {
    /// nil when the string is empty or only spaces.
    fileprivate var nilIfBlank: String? { trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : self }
}
