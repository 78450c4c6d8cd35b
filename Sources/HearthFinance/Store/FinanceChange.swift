public import Foundation
import GRDB

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
