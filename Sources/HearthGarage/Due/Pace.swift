public import Foundation

/// How fast a vehicle is driven, estimated from its odometer readings.
public struct Pace: Sendable, Hashable, Codable {
    /// How much the estimate can be trusted.
    public enum Confidence: String, Sendable, Hashable, Codable, Comparable {
        case low, medium, high

        public static func < (lhs: Confidence, rhs: Confidence) -> Bool {
            let order: [Confidence] = [.low, .medium, .high]
            return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
        }
    }

    /// Miles driven per day.
    public var milesPerDay: Double
    public var confidence: Confidence
    /// How many readings the estimate used.
    public var readingCount: Int
    /// Days between the first and the last reading used.
    public var spanDays: Double

    public init(milesPerDay: Double, confidence: Confidence, readingCount: Int, spanDays: Double) {
        self.milesPerDay = milesPerDay
        self.confidence = confidence
        self.readingCount = readingCount
        self.spanDays = spanDays
    }

    /// The day the odometer is expected to reach `mileage`, starting from `currentMileage` on `today`: today
    /// when it already has, nil when the vehicle is not being driven.
    public func day(reaching mileage: Int, from currentMileage: Int, today: CalendarDay) -> CalendarDay? {
        let left = mileage - currentMileage
        if left <= 0 { return today }
        guard milesPerDay > 0.01 else { return nil }
        let days = (Double(left) / milesPerDay).rounded(.up)
        guard days < 36_500 else { return nil }
        return today.adding(days: Int(days))
    }
}

/// One odometer reading at a moment, from any source (a snapshot, a service log, a fill-up).
public struct OdometerReading: Sendable, Hashable {
    public var mileage: Int
    public var at: Date
    public init(mileage: Int, at: Date) {
        self.mileage = mileage
        self.at = at
    }
}

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
            if sorted.count >= 5 && spanDays >= 30 { .high }
            else if sorted.count >= 3 && spanDays >= 14 { .medium }
            else { .low }
        return Pace(milesPerDay: weightedMiles / weightedDays, confidence: confidence,
                    readingCount: sorted.count, spanDays: spanDays)
    }
}
