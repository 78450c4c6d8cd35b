public import Foundation
import GRDB
import HearthCore
public import HearthStore
public import HearthSync

/// Finance syncing through HearthCloud: every person, subscription, transaction, group and expense is a
/// record in the `finance` zone of the user's private database.
///
/// ```swift
/// let finance = try FinanceSync.open(at: url)            // the store, queuing every change it makes
/// let engine = SyncEngine(database: finance.store.database, outbox: finance.outbox, cloud: client)
/// try await finance.store.save(Transaction(title: "Rent", amount: -900, category: .bills))
/// let report = try await FinanceSync.service(store: finance.store, engine: engine).sync()
/// ```
public enum FinanceSync {
    /// The zone finance records live in.
    public static let zoneName = "finance"

    /// The record type of each finance entity.
    public static func recordType(of entity: FinanceEntity) -> String {
        switch entity {
        case .person: "FinancePerson"
        case .subscription: "FinanceSubscription"
        case .transaction: "FinanceTransaction"
        case .group: "FinanceGroup"
        case .groupExpense: "FinanceGroupExpense"
        case .budget: "FinanceBudget"
        }
    }

    /// The entity a record type stands for, or nil for a type Finance does not know.
    public static func entity(ofRecordType type: String) -> FinanceEntity? {
        FinanceEntity.allCases.first { recordType(of: $0) == type }
    }

    /// The sync settings for finance: the `finance` zone; every type settled field by field (two people
    /// editing different fields of one transaction both keep their change; the later edit of one field wins).
    /// With `book`, the `finance` zone account `book` shared with the user instead (``MoneyBook``), in a
    /// database of its own.
    public static func configuration(sendDebounce: Duration = .milliseconds(200), book: String? = nil)
        -> SyncConfiguration
    {
        var configuration = SyncConfiguration(zones: [zoneName], sendDebounce: sendDebounce)
        configuration.sharedOwner = book
        return configuration
    }

    /// Every schema a syncing finance database has.
    public static var schemas: [any DatabaseSchema.Type] {
        [FinanceSchema.self, SyncSchema.self, FinanceSyncSchema.self]
    }

    /// A finance store and the outbox its every change is queued in.
    public struct Opened: Sendable {
        public let store: FinancePersistenceService
        public let outbox: SyncOutbox
    }

    /// Opens (creating when needed) the finance database at `url` with the sync tables, its store queuing
    /// every change in the returned outbox within the change's own transaction.
    /// - Throws: ``PersistenceError`` (context error) saying why the file cannot be used.
    public static func open(
        at url: URL,
        configuration: SyncConfiguration = FinanceSync.configuration(),
        calendar: Calendar = FinancePersistenceService.defaultCalendar,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws -> Opened {
        let database: AppDatabase
        do {
            database = try AppDatabase.open(at: url, schemas: schemas)
        } catch {
            throw PersistenceError.contextError("\(error)", underlying: error)
        }
        return wrap(database, configuration: configuration, calendar: calendar, now: now)
    }

    /// A finance store over `database` (opened with ``schemas``) that queues its
    /// changes in a new outbox.
    public static func wrap(
        _ database: AppDatabase,
        configuration: SyncConfiguration = FinanceSync.configuration(),
        calendar: Calendar = FinancePersistenceService.defaultCalendar,
        now: @escaping @Sendable () -> Date = { Date() }
    ) -> Opened {
        let outbox = SyncOutbox(configuration: configuration, delegate: FinanceSyncDelegate())
        let store = FinancePersistenceService(
            database: database, calendar: calendar, now: now, changeRecorder: FinanceOutboxRecorder(outbox: outbox))
        return Opened(store: store, outbox: outbox)
    }
}
