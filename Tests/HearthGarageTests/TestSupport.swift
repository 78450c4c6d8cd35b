import Foundation
import GRDB
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthGarage

/// Shared helpers: fixtures, fixed clocks, stores, and a recorder that remembers every change.
enum TestSupport {
    /// The URL of a committed fixture file.
    static func fixture(_ name: String) -> URL {
        Bundle.module.resourceURL!.appendingPathComponent("Fixtures").appendingPathComponent(name)
    }

    static let newYork = TimeZone(identifier: "America/New_York")!
    static let puertoRico = TimeZone(identifier: "America/Puerto_Rico")!
    static let utc = TimeZone(identifier: "UTC")!

    /// The instant a wall clock in `timeZone` reads the given time.
    static func date(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 12, _ minute: Int = 0, in timeZone: TimeZone = newYork
    ) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    static func day(_ year: Int, _ month: Int, _ day: Int) -> CalendarDay {
        CalendarDay(year: year, month: month, day: day)!
    }

    /// A store in memory whose clock reads `now` until moved.
    static func store(
        now: Date = date(2024, 3, 10, 12), timeZone: TimeZone = newYork,
        recorder: any GarageChangeRecorder = NoGarageChangeRecorder()
    ) throws -> (GarageStore, WallClock) {
        let clock = WallClock(now)
        return (try GarageStore.inMemory(recorder: recorder, timeZone: timeZone, now: { clock.now }), clock)
    }

    /// A fresh temporary folder.
    static func temporaryDirectory() throws -> URL {
        let url = scratchDirectory("hearth-garage-tests")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Every row of every garage table, to prove an operation changed nothing.
    static func snapshot(_ store: GarageStore) async throws -> [String] {
        try await store.read { db in
            var rows: [String] = []
            for table in [
                "garageVehicle", "garageService", "garageServiceLog", "garageMileageSnapshot", "garageFuelLog",
                "garageExpense", "garageServicePreset", "garageServiceLogAttachment", "garageVehicleDocument",
            ] {
                rows += try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY id").map { "\(table): \($0)" }
            }
            return rows
        }
    }

    /// A vehicle saved in `store`.
    @discardableResult
    static func addCivic(_ store: GarageStore, mileage: Int = 42_000, marbete: (Int, Int)? = nil) async throws
        -> Vehicle
    {
        try await store.addVehicle(
            Vehicle(
                name: "Daily", make: "Honda", model: "Civic", year: 2019, currentMileage: mileage,
                marbeteExpirationMonth: marbete?.0, marbeteExpirationYear: marbete?.1
            ))
    }
}

/// Remembers every change reported to it; can be told to fail, to prove a failed write keeps nothing.
final class CollectingRecorder: GarageChangeRecorder, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [GarageChange] = []
    private var failOn: GarageEntity?

    var changes: [GarageChange] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    func fail(on entity: GarageEntity?) {
        lock.lock()
        failOn = entity
        lock.unlock()
    }

    func record(_ change: GarageChange, in db: Database) throws {
        lock.lock()
        defer { lock.unlock() }
        if change.entity == failOn { throw ServiceError.operationFailed("outbox unavailable") }
        // An outbox row in the same transaction: rolled back with it when the write fails.
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS testOutbox (entity TEXT, id BLOB, kind TEXT)")
        try db.execute(
            sql: "INSERT INTO testOutbox VALUES (?, ?, ?)",
            arguments: [change.entity.rawValue, change.id, change.kind.rawValue])
        recorded.append(change)
    }
}

/// Expects `body` to throw a ``ServiceError`` whose message contains `phrase`; returns it.
@discardableResult
func expectError(
    _ phrase: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) -> ServiceError? {
    do {
        try body()
        Issue.record(
            "Expected an error containing \"\(phrase)\", but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as ServiceError {
        #expect(error.message.contains(phrase), "\(error.message)", sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("Expected a ServiceError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// The async form of ``expectError(_:sourceLocation:_:)``.
@discardableResult
func expectError(
    _ phrase: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async -> ServiceError? {
    do {
        try await body()
        Issue.record(
            "Expected an error containing \"\(phrase)\", but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as ServiceError {
        #expect(error.message.contains(phrase), "\(error.message)", sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("Expected a ServiceError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}
