public import Foundation

/// One odometer reading at a moment, from any source (a snapshot, a service log, a fill-up).
public struct OdometerReading: Sendable, Hashable {
    public var mileage: Int
    public var at: Date
    public init(mileage: Int, at: Date) {
        self.mileage = mileage
        self.at = at
    }
}
