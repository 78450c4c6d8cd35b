import Foundation
import GRDB
public import HearthCloudModel
import HearthCore
import HearthStore
public import HearthSync

/// Sharing medical records with other people through HearthCloud.
public protocol HealthSharing: Sendable {
    /// Shares a cloud-enabled record (syncing it first when it is not on the server yet) and returns the
    /// link to give to the people it is for. A record shared already returns its share.
    /// - Parameter linkPermission: what anyone holding the link may do; `NONE` admits only people invited
    ///   with ``invite(_:to:permission:)``.
    func createShare(_ recordUUID: String, linkPermission: CloudSharePermission) async throws -> HealthShare
    /// Invites `email` to the record's share (sharing the record first, invite-only, when needed).
    func invite(_ email: String, to recordUUID: String, permission: CloudSharePermission) async throws -> HealthShare
    /// Joins the share `link` opens, then syncs, and says whether the record is here or waits for its key.
    func accept(_ link: String) async throws -> HealthShareAcceptance
    /// Everyone in the record's share; the record's participants summary is brought up to date.
    func participants(of recordUUID: String) async throws -> [HealthShareParticipant]
    /// Removes a participant (named by email, account or participant id) from the share of a record the
    /// user owns; their copy goes from their devices at their next sync.
    func removeParticipant(_ participant: String, from recordUUID: String) async throws -> [HealthShareParticipant]
    /// Leaves the share of a record another user shared; the local copy goes.
    func leave(_ recordUUID: String) async throws
    /// Ends the share of a record the user owns; the record stays in the user's cloud.
    func stopSharing(_ recordUUID: String) async throws
}

/// Shares medical records, writing every step and its outcome to the ``HealthDebugLog`` (which remembers
/// the last share link and the last error).
///
/// A record is shared on its own: the share's root is the record (all its entries are inside it), in the
/// owner's `PurusHealthShareZone`. People who accept it find it in their shared database; the next sync
/// imports it as a shared record (``MedicalRecord/cloudZoneOwner`` names the owner), and their edits go back
/// to the owner's zone.
///
/// ```swift
/// let sharing = HealthShareService(records: health.records, sync: sync, client: client, debugLog: health.debugLog)
/// let share = try await sharing.createShare(rex.uuid, linkPermission: .readWrite)
/// // on the other person's device:
/// let rex = try await theirSharing.accept(share.link)
/// ```
public actor HealthShareService: HealthSharing {
    private let records: HealthRecordService
    private let sync: any Syncing
    private let client: CloudClient
    private let debugLog: HealthDebugLog
    private let keys: HealthKeyDistributor?

    /// A service sharing the records of `records`, syncing through `sync`, talking to the server through
    /// `client` (signed in), and logging to `debugLog`; `keys` hands end-to-end keys to the people in a share
    /// (nil when records travel unencrypted).
    public init(
        records: HealthRecordService, sync: any Syncing, client: CloudClient, debugLog: HealthDebugLog,
        keys: HealthKeyDistributor? = nil
    ) {
        self.records = records
        self.sync = sync
        self.client = client
        self.debugLog = debugLog
        self.keys = keys
    }

    // MARK: Owner

    public func createShare(_ recordUUID: String, linkPermission: CloudSharePermission = .readWrite) async throws
        -> HealthShare
    {
        let record = try await records.record(recordUUID)
        return try await logged("Share \(Self.describe(record))") {
            let share = try await self.ensureShare(record, linkPermission: linkPermission)
            try await self.debugLog.rememberShareLink(share.link)
            return (
                share,
                "shared as \(share.shareName); anyone with the link may \(Self.describe(linkPermission: share.linkPermission)); the link is kept as the last share link"
            )
        }
    }

    public func invite(_ email: String, to recordUUID: String, permission: CloudSharePermission = .readWrite)
        async throws -> HealthShare
    {
        let address = email.trimmingCharacters(in: .whitespaces)
        guard Validation.isValidEmail(address) else {
            throw ServiceError.validationFailed(
                "The e-mail \"\(email)\" is not an e-mail address; write it as name@example.com")
        }
        guard permission != .none else {
            throw ServiceError.validationFailed(
                "Invite people as read-only or read-write; \"none\" would let them see nothing")
        }
        let record = try await records.record(recordUUID)
        return try await logged("Invite \(address) to \(Self.describe(record))") {
            let current = try await self.ensureShare(record, linkPermission: .none)
            let zone = CloudZoneID(zoneName: HealthSync.zoneName)
            let updated = try await self.client.privateDatabase.addParticipants(
                CloudParticipantsAddRequest(
                    zoneID: zone, shareName: current.shareName,
                    participants: [CloudParticipantInvite(emailAddress: address, permission: permission)]
                ))
            let share = HealthShare(recordUUID: record.uuid, share: updated)
            try await self.records.updateCloudBookkeeping(record.uuid) { $0.shareParticipantsSummary = share.summary }
            try await self.debugLog.rememberShareLink(share.link)
            return (share, "invited; they accept with the share link")
        }
    }

    public func removeParticipant(_ participant: String, from recordUUID: String) async throws
        -> [HealthShareParticipant]
    {
        let record = try await records.record(recordUUID)
        return try await logged("Remove \(participant) from the share of \(Self.describe(record))") {
            let (share, scope, zone) = try await self.currentShare(of: record)
            guard scope == .private else {
                throw ServiceError.validationFailed(
                    "\(Self.describe(record)) was shared with you; only its owner removes people. Leave it instead (hearth health share leave)"
                )
            }
            guard let found = share.participants.first(where: { $0.isNamed(participant) && $0.acceptance != .removed })
            else {
                let names = share.participants.filter { $0.role != .owner && $0.acceptance != .removed }.map(\.name)
                throw ServiceError.notFound(
                    "A participant \"\(participant)\" in the share of \(Self.describe(record)) (its participants: \(names.isEmpty ? "none" : names.joined(separator: ", ")))"
                )
            }
            guard found.role != .owner else {
                throw ServiceError.validationFailed(
                    "The owner cannot be removed from their share; stop sharing instead (hearth health share stop)")
            }
            let updated = try await self.client.privateDatabase.removeParticipants(
                CloudParticipantsRemoveRequest(
                    zoneID: zone, shareName: share.shareName, participantIDs: [found.participantID]
                ))
            let after = HealthShare(recordUUID: record.uuid, share: updated)
            try await self.records.updateCloudBookkeeping(record.uuid) { $0.shareParticipantsSummary = after.summary }
            var keyNote = ""
            if let keys = self.keys {
                // A new epoch of the record's key, which only those who stay receive; the record is sealed with it now.
                let root = HealthCloudRecord.recordName(of: record)
                let user = found.userRecordName ?? ""
                let epoch = try await keys.database.write { db in
                    try HealthKeyDistributor.rotate(root: root, removing: user, zoneName: HealthSync.zoneName, db)
                }
                try await self.records.queueResend(record.uuid)
                _ = try await self.sync.sync()
                keyNote = "; the record's key moved to epoch \(epoch), which they never receive"
            }
            return (after.participants, "removed \(found.name); their copy goes at their next sync\(keyNote)")
        }
    }

    public func stopSharing(_ recordUUID: String) async throws {
        let record = try await records.record(recordUUID)
        try await logged("Stop sharing \(Self.describe(record))") {
            guard record.cloudZoneOwner == nil else {
                throw ServiceError.validationFailed(
                    "\(Self.describe(record)) was shared with you; leave it instead (hearth health share leave)")
            }
            guard let shareName = record.cloudShareRecordName else {
                throw ServiceError.validationFailed("\(Self.describe(record)) is not shared; there is nothing to stop")
            }
            do {
                try await self.client.privateDatabase.deleteShare(
                    CloudShareReference(zoneID: CloudZoneID(zoneName: HealthSync.zoneName), shareName: shareName))
            } catch let error as CloudError where error.serverErrorCode == .notFound {
                // Gone already (stopped on another device): only this device's bookkeeping is left to clear.
            }
            try await self.records.updateCloudBookkeeping(record.uuid) {
                $0.isSharingEnabled = false
                $0.cloudShareRecordName = nil
                $0.shareParticipantsSummary = ""
            }
            return ((), "stopped; the people it was shared with lose it at their next sync")
        }
    }

    // MARK: Owner and participants

    public func participants(of recordUUID: String) async throws -> [HealthShareParticipant] {
        let record = try await records.record(recordUUID)
        return try await logged("List the participants of \(Self.describe(record))") {
            let (share, _, _) = try await self.currentShare(of: record)
            try await self.records.updateCloudBookkeeping(record.uuid) { $0.shareParticipantsSummary = share.summary }
            return (
                share.participants,
                "\(share.participants.count) in the share: \(share.participants.map(\.description).joined(separator: "; "))"
            )
        }
    }

    // MARK: Participants

    public func accept(_ link: String) async throws -> HealthShareAcceptance {
        let token = link.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty else {
            throw ServiceError.validationFailed("The share link is empty; paste the link the record's owner gave you")
        }
        return try await logged("Accept a share link") {
            let share: CloudShare
            do {
                share = try await self.client.acceptShare(token: token)
            } catch let error as CloudError
                where error.serverErrorCode == .notFound || error.serverErrorCode == .badRequest
            {
                throw ServiceError(
                    .notFound,
                    "The share link \"\(Self.abbreviate(token))\" opens no share (\(error.reason)). Check that it was copied whole, or ask the record's owner for a new one. Nothing was changed here.",
                    underlying: error)
            }
            try await self.debugLog.rememberShareLink(token)
            guard let root = share.rootRecordName else {
                throw ServiceError.validationFailed(
                    "The link opens a share of a whole zone (\(share.zoneID)), not of a medical record; ask its owner to share the record itself"
                )
            }
            let owner = share.zoneID.ownerRecordName ?? "?"
            let ownerName = share.participants.first { $0.role == .owner }?.emailAddress ?? owner
            var fingerprint: String?
            if let keys = self.keys, let zoneOwner = share.zoneID.ownerRecordName {
                // This device's public keys go under the record, for the owner's device to wrap its key for them.
                let me = try await self.client.caller().userRecordName
                fingerprint = try await keys.database.write { db in
                    try HealthKeyring.setUserRecordName(me, db)
                    try HealthKeyDistributor.publishMemberKey(
                        owner: zoneOwner, root: root, zoneName: HealthSync.zoneName, db)
                    return try HealthKeyring.identity(db).fingerprint
                }
            }
            try await self.debugLog.log("Accepted \(share.shareName) of user \(owner); syncing to fetch the record")
            let report = try await self.sync.sync()
            let name = root
            let found = try await self.records.database.read { db in
                try HealthSyncDelegate.localRecord(named: name, in: db)
            }
            if let found {
                return (
                    HealthShareAcceptance(
                        recordName: root, ownerRecordName: owner, ownerName: ownerName, record: found,
                        fingerprint: fingerprint),
                    "\(Self.describe(found)) is here, shared by user \(found.cloudZoneOwner ?? "?")"
                )
            }
            if let fingerprint, let keys = self.keys {
                let scope = KeyScope(ownerRecordName: owner, zoneName: HealthSync.zoneName, rootRecordName: root)
                let held = try await keys.database.read { db in try HealthKeyring.currentKey(of: scope, db) != nil }
                if !held {
                    return (
                        HealthShareAcceptance(
                            recordName: root, ownerRecordName: owner, ownerName: ownerName, record: nil,
                            fingerprint: fingerprint),
                        "accepted; record \(root) is end-to-end encrypted and waits for its key from \(ownerName)'s device (this device's fingerprint: \(fingerprint))"
                    )
                }
            }
            let why = report.problems.first.map { ": \($0)" } ?? "; sync again later"
            throw ServiceError.operationFailed("The share was accepted, but record \(root) did not arrive\(why).")
        }
    }

    public func leave(_ recordUUID: String) async throws {
        let record = try await records.record(recordUUID)
        try await logged("Leave the share of \(Self.describe(record))") {
            guard let owner = record.cloudZoneOwner else {
                throw ServiceError.validationFailed(
                    "\(Self.describe(record)) is your own; stop sharing it instead (hearth health share stop), or remove it"
                )
            }
            let zone = CloudZoneID(zoneName: HealthSync.zoneName, ownerRecordName: owner)
            let shareName = record.cloudShareRecordName ?? "share-" + HealthCloudRecord.recordName(of: record)
            do {
                try await self.client.sharedDatabase.leaveShare(CloudShareReference(zoneID: zone, shareName: shareName))
            } catch let error as CloudError
                where error.serverErrorCode == .notFound || error.serverErrorCode == .accessDenied
            {
                // The share is gone or this user is out of it already: only the local copy is left to remove.
            }
            // The next round drops the zone's records; a copy it leaves (another share of the same owner keeps
            // the zone visible) is removed here.
            _ = try? await self.sync.sync()
            try await self.records.removeLocalCopy(record.uuid)
            return ((), "left; the local copy was removed")
        }
    }

    // MARK: Helpers

    /// The record's share, made when it has none: the record must be the user's, cloud-enabled and on the
    /// server (synced first when anything waits to be sent).
    private func ensureShare(_ record: MedicalRecord, linkPermission: CloudSharePermission) async throws -> HealthShare
    {
        guard record.cloudZoneOwner == nil else {
            throw ServiceError.validationFailed(
                "\(Self.describe(record)) was shared with you by user \(record.cloudZoneOwner!); only its owner can share it"
            )
        }
        guard record.isCloudEnabled else {
            throw ServiceError.validationFailed(
                "\(Self.describe(record)) is not in the cloud, so it cannot be shared; turn the cloud on for it first (hearth health record update \"\(record.displayName)\" --cloud on)"
            )
        }
        if record.cloudShareRecordName != nil, case (let share, _, _)? = try? await currentShare(of: record) {
            return share
        }
        let waiting = try await records.database.read { db in
            let enabled = try SyncOutbox.isEnabled(in: db)
            return try !enabled || SyncOutbox.pendingCount(in: db) > 0
        }
        if waiting {
            try await debugLog.log("\(Self.describe(record)) is not on the server yet; syncing first")
            _ = try await sync.sync()
        }
        let zone = CloudZoneID(zoneName: HealthSync.zoneName)
        let request = CloudShareCreateRequest(
            zoneID: zone, rootRecordName: HealthCloudRecord.recordName(of: record), publicPermission: linkPermission)
        let made: CloudShare
        do {
            made = try await client.privateDatabase.createShare(request)
        } catch let error as CloudError where error.serverErrorCode == .exists {
            made = try await client.privateDatabase.lookupShare(
                CloudShareReference(zoneID: zone, shareName: "share-" + HealthCloudRecord.recordName(of: record)))
        } catch let error as CloudError where error.serverErrorCode == .notFound {
            let status = try? await sync.status()
            throw ServiceError(
                .operationFailed,
                "\(Self.describe(record)) is not on the server yet, so it cannot be shared (sync: \(status.map { "\($0)" } ?? "unknown")). Sync, then share it again.",
                underlying: error)
        }
        let share = HealthShare(recordUUID: record.uuid, share: made)
        try await records.updateCloudBookkeeping(record.uuid) {
            $0.isSharingEnabled = true
            $0.cloudShareRecordName = share.shareName
            $0.shareParticipantsSummary = share.summary
        }
        if let keys {
            // From now on the record has a key of its own, which only the people in its share receive; it is
            // sent again, sealed with it.
            let root = HealthCloudRecord.recordName(of: record)
            try await keys.database.write { db in
                try HealthKeyDistributor.beginSharing(root: root, zoneName: HealthSync.zoneName, db)
            }
            try await records.queueResend(record.uuid)
            _ = try await sync.sync()
            try await debugLog.log(
                "\(Self.describe(record)) now has a key of its own, handed to each person who accepts at the owner's next sync"
            )
        }
        return share
    }

    /// The record's share as the server has it, looked up in the private database (the user's record) or
    /// the shared one (a record shared with the user), with the zone it lives in.
    private func currentShare(of record: MedicalRecord) async throws -> (HealthShare, CloudDatabaseScope, CloudZoneID) {
        guard
            let shareName = record.cloudShareRecordName
                ?? record.cloudZoneOwner.map({ _ in "share-" + HealthCloudRecord.recordName(of: record) })
        else {
            throw ServiceError.validationFailed(
                "\(Self.describe(record)) is not shared; share it first (hearth health share create \"\(record.displayName)\")"
            )
        }
        let scope: CloudDatabaseScope = record.cloudZoneOwner == nil ? .private : .shared
        let zone = CloudZoneID(zoneName: HealthSync.zoneName, ownerRecordName: record.cloudZoneOwner)
        let share = try await client.database(scope).lookupShare(
            CloudShareReference(zoneID: zone, shareName: shareName))
        return (HealthShare(recordUUID: record.uuid, share: share), scope, zone)
    }

    /// Runs one share operation, logging its start and outcome; a failure is recorded as the last error and
    /// thrown as a ``ServiceError`` that says what to do.
    private func logged<T: Sendable>(_ what: String, _ body: () async throws -> (T, String)) async throws -> T {
        try? await debugLog.log("\(what)…")
        do {
            let (result, outcome) = try await body()
            try? await debugLog.log("\(what): \(outcome)")
            return result
        } catch {
            let explained = SyncService.explain(error, kept: "Nothing was changed here.", retry: "try again")
            try? await debugLog.recordError("\(what) failed: \(explained.message)")
            throw explained
        }
    }

    static func describe(_ record: MedicalRecord) -> String { "record \(record.displayName) (\(record.uuid))" }

    static func describe(linkPermission: CloudSharePermission) -> String {
        switch linkPermission {
        case .readWrite: "read and change it"
        case .readOnly: "read it"
        case .none: "do nothing (invited people only)"
        }
    }

    /// The start of a secret, enough to recognise it in a message.
    static func abbreviate(_ token: String) -> String { token.count > 8 ? String(token.prefix(6)) + "…" : token }
}
