public import GRDB
public import HearthCloudModel

/// No protection: records travel as they are. The default until end-to-end encryption is configured.
public struct PlaintextProtection: HealthRecordProtection {
    public init() {}

    public func seal(_ record: CloudRecord, in zone: CloudZoneID, db: Database) throws -> CloudRecord { record }

    public func open(_ record: CloudRecord, db: Database) throws -> CloudRecord { record }

    public func saveFetched(_ record: CloudRecord, db: Database) throws -> Bool { false }
}
