public import Foundation
import GRDB
public import HearthCloudModel
import HearthCore
import HearthStore
public import HearthSync

/// Sharing vehicles with other people through the record store's shares, as medical records are shared.
///
/// A vehicle is shared on its own: the share's root is the vehicle record in the owner's `garage` zone, and
/// every service, log, fill-up, expense, snapshot and document names the vehicle as its parent, so the share
/// covers them. People are invited by address, read-only or read-write; they find the invitation on their
/// garage page or with `hearth garage share invitations`, and once they accept, their next sync brings the
/// vehicle beside their own (their sync reads the shared database too, ``GarageSync/configuration(sendDebounce:)``).
/// What they add to it goes to the owner's zone; a read-only member's change is refused before it is written
/// (``GarageShareAccess``), and the server refuses it too. Removing someone ends their access at once on the
/// server; their devices drop the vehicle at their next sync.
///
/// ```swift
/// let sharing = GarageSharing(store: garage.store, outbox: garage.outbox, cloud: client) { _ = try await sync.sync() }
/// let share = try await sharing.share(car.id, with: "ana@example.com", permission: .readWrite)
/// // on Ana's device:
/// for invitation in try await theirSharing.invitations() { _ = try await theirSharing.accept(invitation.shareToken) }
/// ```
public struct GarageSharing: Sendable {
    /// The garage shared from and into.
    public let store: GarageStore
    /// The outbox `store` queues its changes in.
    public let outbox: SyncOutbox
    /// The signed-in user's HearthCloud.
    public let cloud: any CloudShareService
    /// The signed-in user's `userRecordName` when known beforehand (the pages know it); nil asks the server.
    let user: String?
    /// Sends what is queued and fetches what changed (a device's sync round, the pages' send).
    let sync: @Sendable () async throws -> Void

    /// Sharing for `store` (opened through ``GarageSync``), talking to `cloud` as `user` (nil: whoever `cloud`
    /// is signed in as); `sync` runs a round.
    public init(
        store: GarageStore, outbox: SyncOutbox, cloud: any CloudShareService, user: String? = nil,
        sync: @escaping @Sendable () async throws -> Void
    ) {
        self.store = store
        self.outbox = outbox
        self.cloud = cloud
        self.user = user
        self.sync = sync
    }

    private static var zone: CloudZoneID { CloudZoneID(zoneName: GarageSync.zoneName) }

    private static func recordName(_ id: UUID) -> String { id.uuidString.lowercased() }

    private static func shareName(_ id: UUID) -> String { "share-" + recordName(id) }

    // MARK: Owner

    /// Invites `email` to the vehicle's share, sharing the vehicle first when it is not shared yet.
    /// - Throws: ``ServiceError`` `validationFailed` for an address that is not one, or a vehicle someone
    ///   else shared with this user; `notFound` for a vehicle this garage does not have.
    @discardableResult
    public func share(_ vehicleID: UUID, with email: String, permission: CloudSharePermission = .readWrite)
        async throws -> VehicleShare
    {
        let address = try await ShareParticipants.invitee(email, permission: permission, cloud: cloud)
        let vehicle = try await ownVehicle(vehicleID)
        let current = try await ensureShare(vehicle)
        let updated = try await CloudError.sharing("share \(vehicle.displayName)") {
            try await cloud.database(.private).addParticipants(
                CloudParticipantsAddRequest(
                    zoneID: Self.zone, shareName: current.shareName,
                    participants: [CloudParticipantInvite(emailAddress: address, permission: permission)]))
        }
        return VehicleShare(vehicleID: vehicleID, share: updated)
    }

    /// The share of a vehicle this user owns, or nil when it is not shared.
    public func share(of vehicleID: UUID) async throws -> VehicleShare? {
        do {
            let share = try await cloud.database(.private).lookupShare(
                CloudShareReference(zoneID: Self.zone, shareName: Self.shareName(vehicleID)))
            return VehicleShare(vehicleID: vehicleID, share: share)
        } catch let error as CloudError
            where error.serverErrorCode == .notFound || error.serverErrorCode == .zoneNotFound
        {
            return nil
        }
    }

    /// Takes `participant` (an address or a participant id) out of the vehicle's share: the server stops
    /// answering them at once, and their devices drop the vehicle at their next sync.
    /// - Throws: ``ServiceError`` `notFound` when the vehicle is not shared or the person is not in its share.
    @discardableResult
    public func remove(_ participant: String, from vehicleID: UUID) async throws -> VehicleShare {
        let vehicle = try await ownVehicle(vehicleID)
        guard let share = try await share(of: vehicleID) else {
            throw ServiceError(.notFound, "\(vehicle.displayName) is not shared; there is nobody to remove.")
        }
        let found = try ShareParticipants.named(participant, in: share.current, of: vehicle.displayName)
        let updated = try await CloudError.sharing("remove \(participant) from \(vehicle.displayName)") {
            try await cloud.database(.private).removeParticipants(
                CloudParticipantsRemoveRequest(
                    zoneID: Self.zone, shareName: share.shareName, participantIDs: [found.participantID]))
        }
        return VehicleShare(vehicleID: vehicleID, share: updated)
    }

    /// Ends the vehicle's share: everyone in it loses the vehicle; it stays in the owner's garage.
    public func stopSharing(_ vehicleID: UUID) async throws {
        let vehicle = try await ownVehicle(vehicleID)
        do {
            try await cloud.database(.private).deleteShare(
                CloudShareReference(zoneID: Self.zone, shareName: Self.shareName(vehicleID)))
        } catch let error as CloudError where error.serverErrorCode == .notFound {
            throw ServiceError(.notFound, "\(vehicle.displayName) is not shared; there is nothing to stop.")
        }
    }

    // MARK: Participant

    /// The vehicles people have offered this user and they have not accepted yet.
    public func invitations() async throws -> [CloudShare] {
        try await CloudError.sharing("list your invitations") {
            try await cloud.invitations().filter {
                $0.zoneID.zoneName == GarageSync.zoneName && $0.rootRecordName != nil
            }
        }
    }

    /// Accepts the share `token` opens, then syncs, so the vehicle is here.
    /// - Returns: the vehicle and what this user may do with it.
    /// - Throws: ``ServiceError`` `notFound` when the token opens no share, `validationFailed` when it opens
    ///   something other than a vehicle.
    @discardableResult
    public func accept(_ token: String) async throws -> GarageShareAccess {
        let share = try await ShareParticipants.accept(
            token, cloud: cloud, invitations: "hearth garage share invitations", owner: "the vehicle's owner")
        guard share.zoneID.zoneName == GarageSync.zoneName, let root = share.rootRecordName,
            let vehicleID = UUID(uuidString: root)
        else {
            throw ServiceError.validationFailed(
                "That share is not of a vehicle (it is in \(share.zoneID.zoneName)); accept it where it belongs.")
        }
        try await sync()
        guard let access = try await refreshAccess().first(where: { $0.vehicleID == vehicleID }) else {
            throw ServiceError(
                .operationFailed,
                "The share is accepted, but the server does not list the vehicle as shared with you yet; sync again in a moment."
            )
        }
        return access
    }

    /// Leaves the share of a vehicle another user shared with this one; its copy here goes at once.
    public func leave(_ vehicleID: UUID) async throws {
        guard let access = try await sharedWithMe().first(where: { $0.vehicleID == vehicleID }) else {
            throw ServiceError(
                .notFound,
                "Vehicle \(Self.recordName(vehicleID)) was not shared with you; delete your own vehicles instead.")
        }
        try await CloudError.sharing("leave the share") {
            try await cloud.database(.shared).leaveShare(
                CloudShareReference(
                    zoneID: CloudZoneID(zoneName: GarageSync.zoneName, ownerRecordName: access.owner),
                    shareName: Self.shareName(vehicleID)))
        }
        try await sync()
        _ = try await refreshAccess()
    }

    // MARK: Access

    /// The vehicles shared with this user, as the last ``refreshAccess()`` found them.
    public func sharedWithMe() async throws -> [GarageShareAccess] {
        try await store.database.read { db in try GarageShareAccess.all(in: db) }
    }

    /// Asks the server which vehicles are shared with this user and with what rights, and keeps the answer
    /// here (the read-only check of ``GarageShareAccess`` reads it). Each sync round does it too.
    @discardableResult
    public func refreshAccess() async throws -> [GarageShareAccess] {
        try await GarageShareAccess.refresh(store.database, cloud: cloud, user: user)
    }

    // MARK: Helpers

    /// The vehicle, when it is this user's own.
    private func ownVehicle(_ id: UUID) async throws -> Vehicle {
        let vehicle = try await store.vehicle(id: id)
        let name = Self.recordName(id)
        let zone = try await store.database.read { db in try SyncOutbox.zone(ofRecord: name, in: db) }
        if let owner = zone?.ownerRecordName {
            throw ServiceError.validationFailed(
                "\(vehicle.displayName) was shared with you by account \(owner); only its owner shares it or changes who has it."
            )
        }
        return vehicle
    }

    /// The vehicle's share, made when there is none. Before a vehicle is first shared, its records are sent
    /// again naming it as their parent (records sent by older versions did not), so the share covers them.
    private func ensureShare(_ vehicle: Vehicle) async throws -> VehicleShare {
        if let known = try await share(of: vehicle.id) { return known }
        let root = Self.recordName(vehicle.id)
        let now = store.now
        try await store.database.write { db in
            var changes: [SyncPendingChange] = []
            for kind in GarageSync.kinds where kind.belongsToVehicle {
                for id in try UUID.fetchAll(
                    db, sql: "SELECT id FROM \(kind.table.quotedDatabaseIdentifier) WHERE vehicleID = ?",
                    arguments: [vehicle.id])
                {
                    changes.append(
                        .save(SyncRecordID(recordType: kind.recordType, recordName: Self.recordName(id)), at: now))
                }
            }
            try outbox.enqueue(changes, in: db)
        }
        try await sync()
        let made: CloudShare
        do {
            made = try await cloud.database(.private).createShare(
                CloudShareCreateRequest(
                    zoneID: Self.zone, rootRecordName: root, publicPermission: CloudSharePermission.none))
        } catch let error as CloudError where error.serverErrorCode == .exists {
            made = try await cloud.database(.private).lookupShare(
                CloudShareReference(zoneID: Self.zone, shareName: Self.shareName(vehicle.id)))
        } catch let error as CloudError where error.serverErrorCode == .notFound {
            throw ServiceError(
                .operationFailed,
                "\(vehicle.displayName) is not on the server yet, so it cannot be shared (\(error.reason)). Sync, then share it again.",
                underlying: error)
        }
        return VehicleShare(vehicleID: vehicle.id, share: made)
    }
}
