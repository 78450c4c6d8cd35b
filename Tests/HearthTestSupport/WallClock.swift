public import Foundation
import Synchronization

/// A wall clock (a `Date`) a test sets and moves by hand, for the code that takes `now: () -> Date`. For code
/// that waits on a Swift `Clock`, HearthCore's `ManualClock` is the one.
///
/// ```swift
/// let clock = WallClock(Date(timeIntervalSince1970: 1_717_200_000))
/// let store = try FinancePersistenceService.inMemory(now: clock.reading)
/// clock.advance(days: 3)
/// ```
public final class WallClock: Sendable {
    private let current: Mutex<Date>

    public init(_ now: Date = Date()) {
        current = Mutex(now)
    }

    /// The time it shows.
    public var now: Date { current.withLock { $0 } }

    /// Reads the time it shows, each call: what a `now` parameter takes.
    public var reading: @Sendable () -> Date { { [self] in now } }

    /// Shows `date` from now on.
    public func set(_ date: Date) {
        current.withLock { $0 = date }
    }

    /// Moves on by `seconds` (back, when negative).
    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    /// Moves on by `days` of 24 hours.
    public func advance(days: Double) {
        advance(by: days * 86_400)
    }
}
