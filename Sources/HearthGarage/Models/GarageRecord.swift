public import Foundation
public import GRDB

/// What a garage record is, as the change log and sync name it.
public struct GarageEntity: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A ``Vehicle``.
    public static let vehicle = GarageEntity(rawValue: "vehicle")
    /// A ``ServiceItem``.
    public static let service = GarageEntity(rawValue: "service")
    /// A ``ServiceLog``.
    public static let serviceLog = GarageEntity(rawValue: "serviceLog")
    /// A ``MileageSnapshot``.
    public static let mileageSnapshot = GarageEntity(rawValue: "mileageSnapshot")
    /// A ``FuelLog``.
    public static let fuelLog = GarageEntity(rawValue: "fuelLog")
    /// A custom ``ServicePreset``.
    public static let servicePreset = GarageEntity(rawValue: "servicePreset")

    public var description: String { rawValue }
}

/// A row the garage keeps and syncs: a UUID id, a modification time, and a table.
///
/// Every change to one goes through ``GarageTransaction``, which stamps ``modifiedAt`` and reports the change
/// to the store's ``GarageChangeRecorder`` in the same transaction.
public protocol GarageRecord: Codable, Sendable, Identifiable, FetchableRecord, PersistableRecord where ID == UUID {
    /// The kind of record, as the change log names it.
    static var entity: GarageEntity { get }
    /// The record's id.
    var id: UUID { get }
    /// When the record last changed.
    var modifiedAt: Date { get set }
}

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

/// Hears about every change to a garage record, inside the transaction that makes it.
///
/// A sync engine implements this to write its outbox in the same transaction as the change, so a local write
/// and its pending upload commit (or roll back) together. Throwing rolls the whole write back.
public protocol GarageChangeRecorder: Sendable {
    /// Records `change`, using `db` (the open write transaction) for any storage.
    func record(_ change: GarageChange, in db: Database) throws
}

/// The recorder of a store that does not sync: it records nothing.
public struct NoGarageChangeRecorder: GarageChangeRecorder {
    public init() {}
    public func record(_ change: GarageChange, in db: Database) throws {}
}
