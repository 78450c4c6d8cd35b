public import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
public import HearthGarage

/// Sharing vehicles from the pages, with ``GarageSharing`` over the user's copy, as `hearth garage share` does
/// on a device.
extension GarageRecords {
    /// The sharing of the user's copy. Its sync sets the copy up for writing (as a device's first sync does),
    /// sends what the copy queued and fetches what changed; nothing else it does writes to the record store
    /// before a check has passed, so a stranger's refused request leaves it as it was.
    func sharing(_ userID: String) async throws -> GarageSharing {
        let replica = try await replica(userID)
        return GarageSharing(
            store: store(of: replica, now: clock()), outbox: replica.outbox,
            cloud: RecordStoreCloud(store: store, userID: userID), user: userID
        ) {
            try await replica.prepareForWriting()
            try await replica.send()
            try await replica.refresh()
        }
    }

    /// The people a vehicle the user owns is shared with; nil when it is not shared.
    public func share(of vehicleID: UUID, userID: String) async throws -> VehicleShare? {
        try await sharing(userID).share(of: vehicleID)
    }

    /// Shares the user's vehicle with `email`.
    /// - Throws: ``ServiceError`` `validationFailed` for a bad address or a vehicle shared with the user.
    public func share(_ vehicleID: UUID, with email: String, readOnly: Bool, userID: String) async throws {
        _ = try await sharing(userID).share(vehicleID, with: email, permission: readOnly ? .readOnly : .readWrite)
    }

    /// Takes `participant` out of the vehicle's share; the copies here of everyone out of it ask again at their
    /// next read.
    public func unshare(_ vehicleID: UUID, participant: String, userID: String) async throws {
        let share = try await sharing(userID).remove(participant, from: vehicleID)
        for removed in share.participants where removed.acceptanceStatus == .removed {
            if let account = removed.userRecordName { await forgetSharesChecked(account) }
        }
    }

    /// The vehicles offered to the user, waiting to be accepted.
    public func invitations(userID: String) async throws -> [VehicleInvitation] {
        let offered = try await sharing(userID).invitations()
        var invitations: [VehicleInvitation] = []
        for share in offered {
            invitations.append(
                VehicleInvitation(from: try await name(of: share.zoneID.ownerRecordName), token: share.shareToken))
        }
        return invitations
    }

    /// Accepts the vehicle `token` offers; it is in the user's garage at once.
    /// - Returns: the vehicle's id.
    public func accept(_ token: String, userID: String) async throws -> UUID {
        try await sharing(userID).accept(token).vehicleID
    }

    /// Gives back a vehicle shared with the user.
    public func leave(_ vehicleID: UUID, userID: String) async throws {
        try await sharing(userID).leave(vehicleID)
    }

    /// Brings the user's copy up to date for a read: a copy up to ``freshness`` old will do, unless what is
    /// shared with the user changed since (a member taken out of a share loses the vehicle at once). Which
    /// vehicles are shared is asked as often as the copy fetches, and at once after this server's pages took
    /// the user out of a share (``unshare(_:participant:userID:)``).
    /// - Returns: the copy's generation.
    @discardableResult
    func refreshForReading(_ replica: UserReplica, userID: String) async throws -> Int {
        var maximumAge = freshness
        if replica.sharesChecked.claimFetch(unlessWithin: freshness, of: clock()) {
            let sharing = try await sharing(userID)
            do {
                let before = try await sharing.sharedWithMe()
                if try await sharing.refreshAccess() != before { maximumAge = 0 }
            } catch {
                replica.sharesChecked.forgetFetch()
                throw UserReplica.explain(error, "read your records")
            }
        }
        return try await replica.refresh(unlessFetchedWithin: maximumAge, now: clock())
    }

    /// The vehicles shared with the user, by id, as the copy's last read learned them.
    public func shared(userID: String) async throws -> [UUID: SharedVehicle] {
        let access = try await sharing(userID).sharedWithMe()
        var shared: [UUID: SharedVehicle] = [:]
        for item in access {
            shared[item.vehicleID] = SharedVehicle(owner: try await name(of: item.owner), isWritable: item.isWritable)
        }
        return shared
    }

    /// An account's address, for the pages to name a sharer by.
    private func name(of account: String?) async throws -> String {
        try await store.address(of: account) ?? account ?? "another account"
    }
}
