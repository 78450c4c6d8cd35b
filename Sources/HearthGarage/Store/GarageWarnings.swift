public import Foundation

/// The soft checks of mileage and cost entries, as pure functions.
public enum GarageWarnings {
    /// A reading lower than one in this many previous days is questioned.
    public static let decreaseWindowDays = 60
    /// A reading more than this many miles past the previous one is questioned.
    public static let maximumJump = 50_000
    /// A cost more than this many times the median of earlier costs is questioned.
    public static let costMedianFactor: Decimal = 5

    /// Warnings for recording `mileage` at `date`, given the vehicle's earlier `readings`.
    public static func mileage(_ mileage: Int, at date: Date, readings: [OdometerReading]) -> [GarageWarning] {
        var warnings: [GarageWarning] = []
        let windowStart = date.addingTimeInterval(-Double(decreaseWindowDays) * 86_400)
        let recent = readings.filter { $0.at >= windowStart && $0.at <= date }
        if let highest = recent.map(\.mileage).max(), mileage < highest {
            warnings.append(
                GarageWarning(
                    .mileageDecreased,
                    "\(mileage.grouped) miles is lower than the \(highest.grouped) recorded in the last \(decreaseWindowDays) days; check the reading"
                ))
        }
        let previous = readings.filter { $0.at <= date }.max { ($0.at, $0.mileage) < ($1.at, $1.mileage) }
        if let previous, mileage - previous.mileage > maximumJump {
            warnings.append(
                GarageWarning(
                    .mileageJump,
                    "\(mileage.grouped) miles is \((mileage - previous.mileage).grouped) more than the last reading (\(previous.mileage.grouped)); check for an extra digit"
                ))
        }
        return warnings
    }

    /// A warning when `cost` is over five times the median of `earlierCosts` (at least three are needed).
    public static func cost(_ cost: Decimal, earlierCosts: [Decimal]) -> [GarageWarning] {
        let sorted = earlierCosts.filter { $0 > 0 }.sorted()
        guard sorted.count >= 3 else { return [] }
        let middle = sorted.count / 2
        let median = sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
        guard cost > median * costMedianFactor else { return [] }
        return [
            GarageWarning(
                .unusualCost,
                "A cost of \(cost) is over \(costMedianFactor)× this vehicle's usual \(median); check the amount"
            )
        ]
    }
}
