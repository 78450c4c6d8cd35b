import GRDB
public import HearthSync

/// One kind of garage record as it syncs: its record type, its table, and how a conflict over it is settled.
///
/// The fields of a record are read from the table's own schema (see ``GarageSyncDelegate``), so a new kind
/// of record syncs by adding one line to ``GarageSync/kinds``:
///
/// ```swift
/// GarageSyncKind(Visit.self, conflictPolicy: .fieldLevelLastWriterWins)
/// ```
public struct GarageSyncKind: Sendable {
    /// The entity the change recorder names.
    public let entity: GarageEntity
    /// The record type on the server, such as `GarageVehicle`.
    public let recordType: String
    /// The local table.
    public let table: String
    /// How a record changed here and on the server since they last agreed is settled.
    public let conflictPolicy: SyncConflictPolicy
    /// Columns that stay on this device (never sent, never overwritten by a fetched record).
    public let localColumns: Set<String>
    /// The files its records keep beside them (a document's copy, a receipt, a photo).
    public let files: [GarageFileColumns]
    /// Whether its records belong to a vehicle (a `vehicleID` column): each record names the vehicle as its
    /// parent, so sharing the vehicle shares them, and one added to a shared vehicle goes to the sharer's zone.
    public let belongsToVehicle: Bool
    /// Decodes a row into the model, so a fetched record that the model cannot read is refused before it is stored.
    let check: @Sendable (Row) throws -> Void

    /// The kind for `type`.
    /// - Parameters:
    ///   - recordType: the server's record type; default `Garage` followed by the entity's name
    ///     (`serviceLog` → `GarageServiceLog`).
    ///   - conflictPolicy: how conflicts are settled (default: field by field, the later edit wins).
    ///   - localColumns: columns of the table that are not synced.
    ///   - files: the files its records keep, each synced as an asset.
    ///   - belongsToVehicle: whether its rows have a `vehicleID` naming the vehicle they belong to.
    public init<R: GarageRecord>(
        _ type: R.Type, recordType: String? = nil, conflictPolicy: SyncConflictPolicy = .fieldLevelLastWriterWins,
        localColumns: Set<String> = [], files: [GarageFileColumns] = [], belongsToVehicle: Bool = true
    ) {
        entity = R.entity
        let name = R.entity.rawValue
        self.recordType = recordType ?? "Garage" + name.prefix(1).uppercased() + name.dropFirst()
        table = R.databaseTableName
        self.conflictPolicy = conflictPolicy
        self.localColumns = localColumns
        self.files = files
        self.belongsToVehicle = belongsToVehicle
        check = { row in _ = try R(row: row) }
    }
}
