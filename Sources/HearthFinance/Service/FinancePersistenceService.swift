public import Foundation
import GRDB
public import HearthStore

/// The finance store on SQLite: ``PersistenceService`` over an ``HearthStore/AppDatabase``.
///
/// Every mutation goes through one write path (``FinanceWriteContext``) inside one database transaction,
/// which validates, stamps `updatedAt`, journals the step for undo, and hands each change to the
/// ``FinanceChangeRecorder`` before commit. Dates are computed in the injected `calendar` (its time zone
/// decides where months start) against the injected `now`.
///
/// ```swift
/// let store = try FinancePersistenceService.open(at: dataDirectory.appendingPathComponent("finance.sqlite"))
/// let ada = try await store.save(Person(name: "Ada Lovelace", email: "ada@example.com"))
/// try await store.save(Transaction(title: "Salary", amount: 3200, category: .income))
/// let spent = try await store.calculateMonthlyExpenses()
/// ```
public actor FinancePersistenceService: PersistenceService {
    /// The database the finance tables live in.
    public nonisolated let database: AppDatabase
    /// The calendar (and time zone) months, renewals and reminders are computed in.
    public nonisolated let calendar: Calendar
    /// How many steps undo remembers (0 turns undo off).
    public nonisolated let undoLimit: Int
    let now: @Sendable () -> Date
    let changeRecorder: (any FinanceChangeRecorder)?

    /// A store over `database`, which must have been opened with ``FinanceSchema``.
    /// - Parameters:
    ///   - calendar: The calendar and time zone for months, renewals and reminders (default: Gregorian in
    ///     the current time zone).
    ///   - now: The clock (default: the system clock).
    ///   - changeRecorder: Receives every change inside its transaction (for a sync outbox).
    ///   - undoLimit: How many steps undo remembers (default 100).
    public init(
        database: AppDatabase,
        calendar: Calendar = FinancePersistenceService.defaultCalendar,
        now: @escaping @Sendable () -> Date = { Date() },
        changeRecorder: (any FinanceChangeRecorder)? = nil,
        undoLimit: Int = 100
    ) {
        self.database = database
        self.calendar = calendar
        self.now = now
        self.changeRecorder = changeRecorder
        self.undoLimit = max(0, undoLimit)
    }

    /// Opens (creating when needed) the finance database at `url`.
    /// - Throws: ``PersistenceError`` (context error) saying why the file cannot be used.
    public static func open(
        at url: URL,
        calendar: Calendar = defaultCalendar,
        now: @escaping @Sendable () -> Date = { Date() },
        changeRecorder: (any FinanceChangeRecorder)? = nil,
        undoLimit: Int = 100
    ) throws -> FinancePersistenceService {
        do {
            let database = try AppDatabase.open(at: url, schemas: [FinanceSchema.self])
            return FinancePersistenceService(
                database: database, calendar: calendar, now: now,
                changeRecorder: changeRecorder, undoLimit: undoLimit)
        } catch {
            throw PersistenceError.contextError("\(error)", underlying: error)
        }
    }

    /// An empty store in memory: for tests and previews.
    public static func inMemory(
        calendar: Calendar = defaultCalendar,
        now: @escaping @Sendable () -> Date = { Date() },
        changeRecorder: (any FinanceChangeRecorder)? = nil,
        undoLimit: Int = 100
    ) throws -> FinancePersistenceService {
        do {
            let database = try AppDatabase.inMemory(schemas: [FinanceSchema.self])
            return FinancePersistenceService(
                database: database, calendar: calendar, now: now,
                changeRecorder: changeRecorder, undoLimit: undoLimit)
        } catch {
            throw PersistenceError.contextError("\(error)", underlying: error)
        }
    }

    /// The Gregorian calendar in the current time zone.
    public static var defaultCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        return calendar
    }

    // MARK: The write path and reads

    /// What a failed write was doing, for the error it turns into.
    enum Verb {
        case save, update, delete

        func error(_ underlying: any Error) -> PersistenceError {
            switch self {
            case .save: .saveFailed(underlying)
            case .update: .updateFailed(underlying)
            case .delete: .deleteFailed(underlying)
            }
        }
    }

    /// Runs `body` in one write transaction with a fresh context, then journals and records its changes.
    func write<T: Sendable>(
        _ label: String,
        _ verb: Verb = .save,
        mode: FinanceWriteContext.HistoryMode = .record,
        keepsTimestamps: Bool = false,
        _ body: @escaping @Sendable (FinanceWriteContext) throws -> T
    ) async throws -> T {
        let now = self.now()
        let calendar = self.calendar
        let recorder = changeRecorder
        let undoLimit = self.undoLimit
        do {
            return try await database.writer.write { db in
                let context = FinanceWriteContext(
                    db: db, now: now, calendar: calendar, recorder: recorder,
                    keepsTimestamps: keepsTimestamps, journals: undoLimit > 0)
                let result = try body(context)
                try context.finish(label: context.label ?? label, mode: mode, undoLimit: undoLimit)
                return result
            }
        } catch let error as DatabaseError {
            throw verb.error(error)
        } catch let error as EncodingError {
            throw verb.error(error)
        } catch {
            // Finance errors, and the caller's own errors from a transaction closure, pass through unchanged.
            throw error
        }
    }

    nonisolated func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await database.writer.read(body)
        } catch let error as PersistenceError {
            throw error
        } catch {
            throw PersistenceError.fetchFailed(error)
        }
    }

    /// The current time, as the store sees it.
    nonisolated func currentDate() -> Date { now() }

    /// The calendar month containing `date`.
    nonisolated func month(containing date: Date) throws -> Range<Date> {
        guard let interval = calendar.dateInterval(of: .month, for: date) else {
            throw PersistenceError.contextError("The calendar has no month containing \(date)")
        }
        return interval.start..<interval.end
    }

    // MARK: Context

    public func saveContext() async throws {
        do {
            // Every write already committed; fold the write-ahead log into the main file.
            if database.writer is DatabasePool {
                try await database.writer.writeWithoutTransaction { db in
                    try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                }
            }
        } catch {
            throw PersistenceError.contextError("Could not checkpoint the database: \(error)", underlying: error)
        }
    }

    public func performBackgroundTask<T: Sendable>(_ work: @escaping @Sendable (FinanceWriteContext) throws -> T)
        async throws -> T
    {
        try await write("Background changes", .save, work)
    }

    public func transaction<T: Sendable>(
        _ label: String = "Changes", _ body: @escaping @Sendable (FinanceWriteContext) throws -> T
    ) async throws -> T {
        try await write(label, .save, body)
    }
}
