public import Foundation
public import GRDB

/// The kinds of finance values the store keeps.
public enum FinanceEntity: String, Sendable, Codable, CodingKeyRepresentable, CaseIterable, Hashable {
    case person
    case subscription
    case transaction
    case group
    case groupExpense

    /// Restore order: a group is written before its expenses (deletion runs the other way).
    var restoreOrder: Int {
        switch self {
        case .person: 0
        case .subscription: 1
        case .transaction: 2
        case .group: 3
        case .groupExpense: 4
        }
    }

    var code: UInt8 { UInt8(restoreOrder) }

    init?(code: UInt8) {
        guard let entity = FinanceEntity.allCases.first(where: { $0.code == code }) else { return nil }
        self = entity
    }

    var displayName: String {
        switch self {
        case .person: "Person"
        case .subscription: "Subscription"
        case .transaction: "Transaction"
        case .group: "Group"
        case .groupExpense: "Expense"
        }
    }
}

/// One row the store inserted, updated or deleted, reported to a ``FinanceChangeRecorder`` inside the
/// transaction that made it.
public struct FinanceChange: Sendable, Hashable, CustomStringConvertible {
    /// What happened to the row.
    public enum Kind: String, Sendable, Hashable, Codable {
        case inserted
        case updated
        case deleted
    }

    /// The kind of value that changed.
    public let entity: FinanceEntity
    /// Its id.
    public let id: UUID
    /// What happened to it.
    public let kind: Kind
    /// The modification time the store gave the change (the deletion time for deletions).
    public let changedAt: Date

    public init(entity: FinanceEntity, id: UUID, kind: Kind, changedAt: Date) {
        self.entity = entity
        self.id = id
        self.kind = kind
        self.changedAt = changedAt
    }

    public var description: String { "\(entity.rawValue) \(id.uuidString) \(kind.rawValue)" }
}

/// Receives every change the finance store makes, inside the same database transaction, just before it
/// commits: the place a sync outbox enqueues pending changes, so that no local edit is lost between the
/// write and the send.
///
/// Throwing rolls the whole operation back, the change included.
///
/// ```swift
/// struct Outbox: FinanceChangeRecorder {
///     func record(_ changes: [FinanceChange], in db: Database) throws {
///         for change in changes {
///             try db.execute(sql: "INSERT INTO outbox (entity, id, kind) VALUES (?, ?, ?)",
///                            arguments: [change.entity.rawValue, change.id, change.kind.rawValue])
///         }
///     }
/// }
/// ```
public protocol FinanceChangeRecorder: Sendable {
    /// Records `changes`, in the order they were made, using `db` (inside the store's write transaction).
    func record(_ changes: [FinanceChange], in db: Database) throws
}
