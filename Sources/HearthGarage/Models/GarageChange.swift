public import Foundation
import GRDB

/// One change to a garage record, as recorded in the write transaction that made it.
public struct GarageChange: Hashable, Sendable, Codable {
    /// Whether the record was created, changed or deleted.
    public enum Kind: String, Hashable, Sendable, Codable {
        case insert, update, delete
    }

    /// The kind of record.
    public var entity: GarageEntity
    /// The record's id.
    public var id: UUID
    /// Created, changed or deleted.
    public var kind: Kind
    /// When the change was made.
    public var modifiedAt: Date

    public init(entity: GarageEntity, id: UUID, kind: Kind, modifiedAt: Date) {
        self.entity = entity
        self.id = id
        self.kind = kind
        self.modifiedAt = modifiedAt
    }
}
