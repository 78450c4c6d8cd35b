import Foundation
import GRDB
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

@testable import HearthFinance

func calendar(_ identifier: String = "UTC") -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: identifier)!
    return calendar
}

/// The instant of a wall-clock time in `zone`.
func date(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0,
    in zone: String = "UTC"
) -> Date {
    calendar(zone).date(
        from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
}

/// The wall-clock parts of `instant` in `zone`.
func parts(_ instant: Date, in zone: String = "UTC") -> DateComponents {
    calendar(zone).dateComponents([.year, .month, .day, .hour, .minute], from: instant)
}

func makeStore(
    now: Date = date(2025, 3, 15, 12),
    zone: String = "UTC",
    recorder: (any FinanceChangeRecorder)? = nil
) throws -> (FinancePersistenceService, WallClock) {
    let clock = WallClock(now)
    let store = try FinancePersistenceService.inMemory(
        calendar: calendar(zone), now: clock.reading, changeRecorder: recorder)
    return (store, clock)
}

/// Runs `body`, expecting a ``PersistenceError`` with `code` (and `message` when given); returns it.
@discardableResult
func expectError(
    _ code: PersistenceError.Code,
    _ message: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async -> PersistenceError? {
    do {
        try await body()
        Issue.record("Expected \(code) but nothing was thrown", sourceLocation: sourceLocation)
        return nil
    } catch let error as PersistenceError {
        #expect(error.code == code, "\(error.message)", sourceLocation: sourceLocation)
        if let message { #expect(error.message == message, sourceLocation: sourceLocation) }
        return error
    } catch {
        Issue.record("Expected PersistenceError \(code), got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// How many rows each finance table holds, and the undo history: a fingerprint of "nothing changed".
func rowCounts(_ store: FinancePersistenceService) async throws -> [String: Int] {
    try await store.database.read { db in
        var counts: [String: Int] = [:]
        for table in [
            "financePerson", "financeSubscription", "financeTransaction", "financeGroup", "financeGroupExpense",
            "financeHistory",
        ] {
            counts[table] = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)")
        }
        return counts
    }
}

/// Every stored value, for comparing whole stores.
struct Snapshot: Equatable {
    let people: [Person]
    let subscriptions: [Subscription]
    let transactions: [Transaction]
    let groups: [Group]
}

func snapshot(_ store: FinancePersistenceService) async throws -> Snapshot {
    Snapshot(
        people: try await store.fetchAllPeople(),
        subscriptions: try await store.fetchAllSubscriptions(),
        transactions: try await store.fetchTransactions(
            matching: TransactionQuery().sorted(by: .dateAscending), page: PageRequest(size: 1000)
        ).items,
        groups: try await store.fetchAllGroups())
}

/// A UUID from a small number, so ordering in tests is predictable.
func id(_ number: Int) -> UUID {
    UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number))!
}

/// GRDB has a `PersistenceError` too; in these tests the name means the finance store's.
typealias PersistenceError = HearthFinance.PersistenceError
