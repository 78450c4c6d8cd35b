import Foundation
import GRDB
import HearthCloudModel
import HearthCore
import HearthStore
import Logging

extension SyncEngine {
    /// The device id kept in the database, made on first use; requests name it from then on.
    func ensureDeviceID() async throws -> String {
        if let deviceID { return deviceID }
        let id = try await database.write { db -> String in
            if let existing = try SyncTables.state("deviceID", in: db) { return existing }
            let made = UUID().uuidString.lowercased()
            try SyncTables.setState("deviceID", made, in: db)
            return made
        }
        deviceID = id
        cloud = baseCloud.forDevice(id)
        return id
    }

    /// Checks who is signed in, turns sync on (queuing every local row on the first sign-in), clears the
    /// sync state when the account changed, and makes the zones and subscriptions the engine needs.
    func prepare() async throws {
        if prepared { return }
        _ = try await ensureDeviceID()
        let caller = try await cloud.caller()
        let outbox = self.outbox
        let uploads = configuration.uploadsLocalRecordsOnSignIn
        let stamp = now()
        let previous = try await database.write { db -> String?? in
            let stored = try SyncTables.state("account", in: db)
            if stored == caller.userRecordName, try SyncTables.isEnabled(db) { return .none }
            // A first sign-in, or another account: start the sync state afresh, keep every local row.
            try SyncTables.clearSyncState(in: db)
            try SyncTables.setState("account", caller.userRecordName, in: db)
            try SyncTables.setState("enabled", "1", in: db)
            if uploads {
                let ids = try outbox.delegate.allRecordIDs(in: db)
                if !ids.isEmpty { try outbox.write(ids.map { .save($0, at: stamp) }, bulk: true, in: db) }
            }
            return .some(stored)
        }
        if let previous, let from = previous, from != caller.userRecordName {
            logger.notice(
                "Signed in to another account; sync state cleared, local data kept",
                metadata: ["sync.from": "\(from)", "sync.to": "\(caller.userRecordName)"])
            broadcast.publish(.accountChanged(from: from, to: caller.userRecordName))
        }
        try await ensureZones()
        try await ensureSubscriptions()
        try await database.write { db in try SyncTables.unparkAll(in: db) }
        prepared = true
    }

    /// Creates the configured zones once per account (creating an existing zone succeeds); a shared book's
    /// zone is its owner's to make.
    func ensureZones() async throws {
        guard configuration.sharedOwner == nil else { return }
        let names = configuration.zones
        let missing = try await database.read { db in
            try names.filter { try SyncTables.state("zone." + $0, in: db) == nil }
        }
        guard !missing.isEmpty else { return }
        let results = try await cloud.database(.private).modifyZones(
            missing.map {
                CloudZoneOperation(operationType: .create, zone: CloudZone(zoneID: CloudZoneID(zoneName: $0)))
            })
        for result in results {
            if let error = result.error { throw error }
        }
        try await database.write { db in
            for name in missing { try SyncTables.setState("zone." + name, "1", in: db) }
        }
    }

    /// Creates the database subscriptions the push channel needs, once per account.
    func ensureSubscriptions() async throws {
        for scope in configuration.scopes {
            let key = "subscription." + scope.rawValue
            if try await database.read({ db in try SyncTables.state(key, in: db) }) != nil { continue }
            let subscription = CloudSubscription(
                subscriptionID: "hearth-sync-" + scope.rawValue, subscriptionType: .database)
            let answer = try await cloud.database(scope).modifySubscriptions(
                CloudSubscriptionsModifyRequest(operations: [
                    CloudSubscriptionOperation(operationType: .create, subscription: subscription)
                ]))
            if let error = answer.subscriptions.first?.error { throw error }
            try await database.write { db in try SyncTables.setState(key, "1", in: db) }
        }
    }

    /// Recreates a zone the server lost (deleted from another device) before sending into it again.
    func recreateZone(_ zone: SyncZone) async throws {
        guard zone.scope == .private else { return }
        let results = try await cloud.database(.private).modifyZones([
            CloudZoneOperation(operationType: .create, zone: CloudZone(zoneID: zone.cloudZoneID))
        ])
        if let error = results.first?.error { throw error }
        // Records the server lost with the zone are unknown to it now: send them as new.
        try await database.write { db in
            try db.execute(
                sql: "UPDATE syncRecord SET changeTag = NULL WHERE scope = ? AND zoneName = ? AND zoneOwner = ?",
                arguments: [zone.scope.rawValue, zone.zoneName, zone.ownerKey])
        }
    }
}
