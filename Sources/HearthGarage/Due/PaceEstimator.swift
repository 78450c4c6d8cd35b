public import Foundation

/// Estimates driving pace from odometer readings, giving recent driving more weight.
public enum PaceEstimator {
    /// Recent intervals count more: an interval that ended 14 days ago weighs half as much as one ending now.
    public static let halfLifeDays = 14.0
    /// Readings spanning fewer days than this give no estimate.
    public static let minimumSpanDays = 7.0

    /// The pace the `readings` show as of `now`, or nil when there are too few (fewer than two, or spanning
    /// under seven days).
    ///
    /// Each pair of consecutive readings is an interval with a rate; the pace is the recency-weighted total
    /// of miles over the recency-weighted total of days, each interval weighted by 0.5^(age / 14 days) where
    /// age is how long ago it ended. Intervals whose odometer went down (a corrected typo) are left out.
    /// Confidence is high with at least five readings over 30 days or more, medium with three over 14 days
    /// or more, low otherwise.
    public static func estimate(from readings: [OdometerReading], now: Date) -> Pace? {
        let sorted = readings.filter { $0.at <= now }.sorted { ($0.at, $0.mileage) < ($1.at, $1.mileage) }
        guard sorted.count >= 2, let first = sorted.first, let last = sorted.last else { return nil }
        let spanDays = last.at.timeIntervalSince(first.at) / 86_400
        guard spanDays >= minimumSpanDays else { return nil }
        var weightedMiles = 0.0
        var weightedDays = 0.0
        for (earlier, later) in zip(sorted, sorted.dropFirst()) {
            let days = later.at.timeIntervalSince(earlier.at) / 86_400
            let miles = Double(later.mileage - earlier.mileage)
            guard days > 0, miles >= 0 else { continue }
            let age = max(0, now.timeIntervalSince(later.at) / 86_400)
            let weight = pow(0.5, age / halfLifeDays)
            weightedMiles += weight * miles
            weightedDays += weight * days
        }
        guard weightedDays > 0 else { return nil }
        let confidence: Pace.Confidence =
            if sorted.count >= 5 && spanDays >= 30 { .high } else if sorted.count >= 3 && spanDays >= 14 {
                .medium
            } else { .low }
        return Pace(
            milesPerDay: weightedMiles / weightedDays, confidence: confidence,
            readingCount: sorted.count, spanDays: spanDays)
    }
}
