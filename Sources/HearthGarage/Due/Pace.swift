import Foundation
public import HearthCore

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
