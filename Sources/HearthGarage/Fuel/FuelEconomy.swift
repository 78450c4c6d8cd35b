public import Foundation
import HearthCore

/// How fuel economy is shown: US miles per gallon, or litres per 100 kilometres.
public enum FuelEconomyUnit: String, Sendable, Codable, CaseIterable, Hashable {
    case mpg
    case litersPer100km = "l/100km"

    /// The figure `mpg` (US miles per gallon) is in this unit.
    public func value(fromMPG mpg: Double) -> Double {
        switch self {
        case .mpg: mpg
        case .litersPer100km: FuelEconomy.litersPer100kmPerMPG / mpg
        }
    }

    /// The unit's label, as printed after a figure.
    public var label: String { rawValue }
}

/// One fill-up with what the full-tank method says about it.
public struct FuelEconomyEntry: Sendable, Codable, Hashable {
    public var fillUp: FuelLog
    /// Miles driven since the previous full fill-up, when this one closes a chain.
    public var distance: Int?
    /// Gallons bought over that distance (this fill-up and the partial ones before it).
    public var gallons: Decimal?
    /// Miles per US gallon over that distance.
    public var mpg: Double?
    /// Why this fill-up has no figure, when it has none.
    public var reason: FuelEconomy.NoFigureReason?
}

/// Fuel economy by the full-tank method: at each full fill-up, the distance since the previous full one
/// divided by the fuel bought since then (partial fills included). A fill-up marked as following a missed
/// one breaks the chain, and the first fill-up has no figure.
///
/// ```swift
/// let economy = FuelEconomy(fillUps: try await store.fuelLogs(of: car.id))
/// economy.averageMPG            // distance over fuel across every complete chain
/// economy.costPerMile           // what those chains' fuel cost per mile
/// ```
public struct FuelEconomy: Sendable, Codable, Hashable {
    /// litres per 100 km = this ÷ US miles per gallon.
    public static let litersPer100kmPerMPG = 235.215

    /// Why a fill-up has no figure of its own.
    public enum NoFigureReason: String, Sendable, Codable, Hashable {
        /// The first fill-up with an odometer reading: there is nothing to measure from yet.
        case first
        /// The tank was not filled: its fuel counts towards the next full fill-up.
        case partial
        /// A fill-up before it was not recorded, so the fuel since the last full tank is unknown.
        case missedPrevious
        /// It has no odometer reading or no quantity, so the chain through it cannot be measured.
        case incomplete
        /// Its odometer is not above the previous full fill-up's.
        case noDistance
    }

    /// Every fill-up in the order the tank was filled (date, then odometer), each with its figure or the reason it has none.
    public var entries: [FuelEconomyEntry]
    /// Miles covered by the complete chains.
    public var distance: Int
    /// Gallons bought over those miles.
    public var gallons: Decimal
    /// What that fuel cost, when every fill-up in the chains has a cost.
    public var cost: Decimal?
    /// Distance over fuel across every complete chain (not the mean of the per-fill-up figures).
    public var averageMPG: Double?
    /// Fuel cost per mile over the complete chains.
    public var costPerMile: Decimal?

    /// Computes economy from a vehicle's fill-ups, in any order.
    public init(fillUps: [FuelLog]) {
        // Date order, and odometer order within a day; the input order settles the rest.
        let ordered = fillUps.enumerated().sorted { lhs, rhs in
            let l = lhs.element
            let r = rhs.element
            if l.date != r.date { return l.date < r.date }
            if l.odometer != r.odometer { return (l.odometer ?? -1) < (r.odometer ?? -1) }
            return lhs.offset < rhs.offset
        }.map(\.element)

        var entries: [FuelEconomyEntry] = []
        var anchor: Int?  // the odometer of the full fill-up a chain starts from
        var chainGallons: Decimal = 0
        var chainCost: Decimal? = 0
        var distance = 0
        var gallons: Decimal = 0
        var cost: Decimal? = 0

        for fillUp in ordered {
            var entry = FuelEconomyEntry(fillUp: fillUp)
            defer { entries.append(entry) }
            guard let odometer = fillUp.odometer, let bought = fillUp.gallons, bought > 0 else {
                // Fuel or distance unknown: nothing measured through this fill-up can be trusted.
                entry.reason = .incomplete
                anchor = nil
                continue
            }
            if fillUp.missedPrevious {
                entry.reason = .missedPrevious
                anchor = fillUp.isPartial ? nil : odometer
                (chainGallons, chainCost) = (0, 0)
                continue
            }
            guard let start = anchor else {
                entry.reason = .first
                anchor = fillUp.isPartial ? nil : odometer
                (chainGallons, chainCost) = (0, 0)
                continue
            }
            chainGallons += bought
            chainCost = chainCost.flatMap { sum in fillUp.totalCost.map { sum + $0 } }
            if fillUp.isPartial {
                entry.reason = .partial
                continue
            }
            defer { (anchor, chainGallons, chainCost) = (odometer, 0, 0) }
            guard odometer > start else {
                entry.reason = .noDistance
                continue
            }
            let miles = odometer - start
            entry.distance = miles
            entry.gallons = chainGallons
            entry.mpg = Double(miles) / NSDecimalNumber(decimal: chainGallons).doubleValue
            distance += miles
            gallons += chainGallons
            cost = cost.flatMap { sum in chainCost.map { sum + $0 } }
        }

        self.entries = entries
        self.distance = distance
        self.gallons = gallons
        self.cost = distance > 0 ? cost : nil
        averageMPG = gallons > 0 ? Double(distance) / NSDecimalNumber(decimal: gallons).doubleValue : nil
        costPerMile = self.cost.flatMap { total in
            distance > 0 ? Calculation.rounded(total / Decimal(distance), scale: 3) : nil
        }
    }

    /// The figures without the per-fill-up detail, as `due` shows them.
    public struct Summary: Sendable, Codable, Hashable {
        public var averageMPG: Double
        public var latestMPG: Double?
        public var costPerMile: Decimal?
        /// Miles and gallons the average covers.
        public var distance: Int
        public var gallons: Decimal
        /// Fill-ups that closed a chain.
        public var measuredFillUps: Int
    }

    /// The summary, or nil when no chain is complete yet.
    public var summary: Summary? {
        averageMPG.map {
            Summary(
                averageMPG: $0, latestMPG: latestMPG, costPerMile: costPerMile, distance: distance, gallons: gallons,
                measuredFillUps: measured.count)
        }
    }

    /// The fill-ups that closed a chain, each with its figure.
    public var measured: [FuelEconomyEntry] { entries.filter { $0.mpg != nil } }

    /// The newest figure, when there is one.
    public var latestMPG: Double? { entries.last(where: { $0.mpg != nil })?.mpg }

    /// The average in `unit`.
    public func average(in unit: FuelEconomyUnit) -> Double? { averageMPG.map(unit.value(fromMPG:)) }

    /// Fuel cost per kilometre.
    public var costPerKilometer: Decimal? {
        guard let cost, distance > 0 else { return nil }
        return Calculation.rounded(cost / (Decimal(distance) * Decimal(string: "1.609344")!), scale: 3)
    }
}
