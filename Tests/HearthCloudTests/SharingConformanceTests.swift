import Foundation
import GRDB
import HearthCloud
import HearthCloudModel
import HearthCore
import HearthTestSupport
import Testing

/// Sharing and authorization, the same on both stores.
@Suite("Record store conformance: sharing and authorization")
struct SharingConformanceTests {
    @Test("nobody reads or writes another user's private database", arguments: StoreKind.allCases)
    func privateDatabasesArePrivate(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let alice = try await makeUser(store, "alice")
            let mallory = try await makeUser(store, "mallory")
            try await save(store, alice, [.note("secret")])
            let aliceZone = CloudZoneID(zoneName: "_defaultZone", ownerRecordName: alice.userID)
            let read = await cloudError { _ = try await lookup(store, mallory, ["secret"], zone: aliceZone) }
            #expect(read?.serverErrorCode == .accessDenied)
            let write = await cloudError { try await save(store, mallory, [.note("planted")], zone: aliceZone) }
            #expect(write?.serverErrorCode == .accessDenied)
            let shared = await cloudError {
                _ = try await lookup(store, mallory, ["secret"], zone: aliceZone, scope: .shared)
            }
            #expect(shared?.serverErrorCode == .accessDenied)
            let feed = await cloudError {
                _ = try await store.recordChanges(
                    mallory, scope: .shared, request: CloudRecordChangesRequest(zoneID: aliceZone))
            }
            #expect(feed?.serverErrorCode == .accessDenied)
            let zones = await cloudError {
                _ = try await store.modifyZones(
                    mallory,
                    operations: [CloudZoneOperation(operationType: .delete, zone: CloudZone(zoneID: aliceZone))]
                ).first?.error.map { throw $0 }
            }
            #expect(zones?.serverErrorCode == .accessDenied)
            // Mallory's own default zone does not hold it either.
            #expect(try await lookup(store, mallory, ["secret"])[0].error?.serverErrorCode == .notFound)
        }
    }

    @Test(
        "a record share: pending sees nothing, read-only cannot write, read-write can, removal is immediate",
        arguments: StoreKind.allCases)
    func recordShareLifecycle(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let owner = try await makeUser(store, "owner")
            let bob = try await makeUser(store, "bob", verified: true)
            let zone = CloudZoneID(zoneName: "Family")
            _ = try await store.modifyZones(
                owner, operations: [CloudZoneOperation(operationType: .create, zone: CloudZone(zoneID: zone))])
            try await save(
                store, owner, [.note("pet"), .note("visit", parent: "pet"), .note("private-diary")], zone: zone)
            let share = try await store.createShare(
                owner, request: CloudShareCreateRequest(zoneID: zone, rootRecordName: "pet"))
            #expect(share.participants.map(\.role) == [.owner])
            #expect(!share.shareToken.isEmpty)
            let invited = try await store.addParticipants(
                owner, scope: .private,
                request: CloudParticipantsAddRequest(
                    zoneID: zone, shareName: share.shareName,
                    participants: [
                        CloudParticipantInvite(emailAddress: try await email(of: bob, in: store), permission: .readOnly)
                    ]))
            let bobParticipant = try #require(invited.participants.first { $0.userRecordName == bob.userID })
            #expect(bobParticipant.acceptanceStatus == .pending)

            // The owner's own shares live in their private database, never in their shared one.
            #expect(try await store.listZones(owner, scope: .shared).isEmpty)
            #expect(try await store.listShares(owner, scope: .shared).isEmpty)
            #expect(
                try await store.databaseChanges(owner, scope: .shared, request: CloudDatabaseChangesRequest()).zones
                    .isEmpty)
            let ownLeave = await cloudError {
                try await store.leaveShare(
                    owner,
                    reference: CloudShareReference(
                        zoneID: CloudZoneID(zoneName: "Family", ownerRecordName: owner.userID),
                        shareName: share.shareName))
            }
            #expect(ownLeave?.serverErrorCode == .badRequest)
            #expect(
                try await store.listShares(owner, scope: .private).first?.participants.first?.acceptanceStatus
                    == .accepted)

            // Pending: nothing visible.
            let sharedZone = CloudZoneID(zoneName: "Family", ownerRecordName: owner.userID)
            #expect(try await store.listZones(bob, scope: .shared).isEmpty)
            let pending = await cloudError {
                _ = try await lookup(store, bob, ["pet"], zone: sharedZone, scope: .shared)
            }
            #expect(pending?.serverErrorCode == .accessDenied)
            #expect(try await store.invitations(bob).map(\.shareName) == [share.shareName])

            // Accepted: the hierarchy, and nothing else.
            _ = try await store.acceptShare(bob, token: share.shareToken)
            #expect(try await store.listZones(bob, scope: .shared).map(\.zoneID) == [sharedZone])
            let seen = try await lookup(
                store, bob, ["pet", "visit", "private-diary"], zone: sharedZone, scope: .shared)
            #expect(seen.map { $0.item != nil } == [true, true, false])
            let feed = try await store.recordChanges(
                bob, scope: .shared, request: CloudRecordChangesRequest(zoneID: sharedZone))
            #expect(Set(feed.records.map(\.recordName)) == ["pet", "visit"])
            #expect(feed.records.first { $0.recordName == "pet" }?.share?.recordName == share.shareName)

            // Read-only: no writes.
            let readOnly = await cloudError {
                try await save(store, bob, [.note("walk", parent: "pet")], zone: sharedZone, scope: .shared)
            }
            #expect(readOnly?.serverErrorCode == .accessDenied)
            // Participants cannot manage.
            let manage = await cloudError {
                _ = try await store.addParticipants(
                    bob, scope: .shared,
                    request: CloudParticipantsAddRequest(
                        zoneID: sharedZone, shareName: share.shareName,
                        participants: [CloudParticipantInvite(emailAddress: "x@example.com", permission: .readOnly)]))
            }
            #expect(manage?.serverErrorCode == .accessDenied)

            // Read-write: can add to the hierarchy, not outside it, not delete the root.
            _ = try await store.addParticipants(
                owner, scope: .private,
                request: CloudParticipantsAddRequest(
                    zoneID: zone, shareName: share.shareName,
                    participants: [CloudParticipantInvite(userRecordName: bob.userID, permission: .readWrite)]))
            let walk = try await save(store, bob, [.note("walk", parent: "pet")], zone: sharedZone, scope: .shared)[0]
            #expect(walk.created?.userRecordName == bob.userID)
            #expect(try await lookup(store, owner, ["walk"], zone: zone)[0].item != nil)
            let outside = await cloudError {
                try await save(store, bob, [.note("loose")], zone: sharedZone, scope: .shared)
            }
            #expect(outside?.serverErrorCode == .accessDenied)
            let root = await cloudError {
                try await save(store, bob, [.note("pet")], zone: sharedZone, scope: .shared, type: .forceDelete)
            }
            #expect(root?.serverErrorCode == .accessDenied)

            // A changes token from before; then removal: access ends at once, and the shared database reports the zone gone.
            let databaseToken = try await store.databaseChanges(
                bob, scope: .shared, request: CloudDatabaseChangesRequest()
            ).syncToken
            let removed = try await store.removeParticipants(
                owner, scope: .private,
                request: CloudParticipantsRemoveRequest(
                    zoneID: zone, shareName: share.shareName, participantIDs: [bobParticipant.participantID]))
            #expect(removed.participants.first { $0.userRecordName == bob.userID }?.acceptanceStatus == .removed)
            let afterRemoval = await cloudError {
                _ = try await lookup(store, bob, ["pet"], zone: sharedZone, scope: .shared)
            }
            #expect(afterRemoval?.serverErrorCode == .accessDenied)
            let writeAfter = await cloudError {
                try await save(store, bob, [.note("late", parent: "pet")], zone: sharedZone, scope: .shared)
            }
            #expect(writeAfter?.serverErrorCode == .accessDenied)
            let changes = try await store.databaseChanges(
                bob, scope: .shared, request: CloudDatabaseChangesRequest(syncToken: databaseToken))
            #expect(changes.zones == [CloudZoneChange(zoneID: sharedZone, deleted: true)])
            // The removed participant cannot come back through the same token.
            let rejoin = await cloudError { _ = try await store.acceptShare(bob, token: share.shareToken) }
            #expect(rejoin?.serverErrorCode == .accessDenied)
        }
    }

    @Test("a zone-wide share with a public link, administrators, and leaving", arguments: StoreKind.allCases)
    func zoneShareRoles(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let owner = try await makeUser(store, "owner")
            let admin = try await makeUser(store, "admin")
            let guest = try await makeUser(store, "guest")
            let friend = try await makeUser(store, "friend")
            let zone = CloudZoneID(zoneName: "Pantry")
            _ = try await store.modifyZones(
                owner, operations: [CloudZoneOperation(operationType: .create, zone: CloudZone(zoneID: zone))])
            try await save(store, owner, [.note("milk"), .note("eggs")], zone: zone)
            let share = try await store.createShare(
                owner, request: CloudShareCreateRequest(zoneID: zone, publicPermission: .readOnly))
            #expect(share.shareName == CloudShare.zoneWideShareName)
            #expect(share.isZoneWide)
            let sharedZone = CloudZoneID(zoneName: "Pantry", ownerRecordName: owner.userID)

            // Anyone with the link joins read-only as a public user.
            let joined = try await store.acceptShare(guest, token: share.shareToken)
            #expect(joined.participants.first { $0.userRecordName == guest.userID }?.role == .publicUser)
            // Those in a share see its owner named by the owner's address.
            #expect(joined.participants.first?.role == .owner)
            #expect(joined.participants.first?.emailAddress == (try await email(of: owner, in: store)))
            #expect(
                try await lookup(store, guest, ["milk", "eggs"], zone: sharedZone, scope: .shared).allSatisfy {
                    $0.item != nil
                })
            let guestWrite = await cloudError {
                try await save(store, guest, [.note("bread")], zone: sharedZone, scope: .shared)
            }
            #expect(guestWrite?.serverErrorCode == .accessDenied)

            // An administrator manages participants, but not the owner or other administrators.
            _ = try await store.addParticipants(
                owner, scope: .private,
                request: CloudParticipantsAddRequest(
                    zoneID: zone, shareName: share.shareName,
                    participants: [
                        CloudParticipantInvite(
                            userRecordName: admin.userID, permission: .readWrite, role: .administrator)
                    ]))
            _ = try await store.acceptShare(admin, token: share.shareToken)
            let added = try await store.addParticipants(
                admin, scope: .shared,
                request: CloudParticipantsAddRequest(
                    zoneID: sharedZone, shareName: share.shareName,
                    participants: [CloudParticipantInvite(userRecordName: friend.userID, permission: .readWrite)]))
            #expect(
                added.participants.contains { $0.userRecordName == friend.userID && $0.acceptanceStatus == .pending })
            let makeAdmin = await cloudError {
                _ = try await store.addParticipants(
                    admin, scope: .shared,
                    request: CloudParticipantsAddRequest(
                        zoneID: sharedZone, shareName: share.shareName,
                        participants: [
                            CloudParticipantInvite(
                                userRecordName: guest.userID, permission: .readWrite, role: .administrator)
                        ]))
            }
            #expect(makeAdmin?.serverErrorCode == .accessDenied)
            let ownerID = try #require(added.participants.first { $0.role == .owner }?.participantID)
            let removeOwner = await cloudError {
                _ = try await store.removeParticipants(
                    admin, scope: .shared,
                    request: CloudParticipantsRemoveRequest(
                        zoneID: sharedZone, shareName: share.shareName, participantIDs: [ownerID]))
            }
            #expect(removeOwner?.serverErrorCode == .badRequest)
            // The administrator can write, and can close the public link.
            try await save(store, admin, [.note("bread")], zone: sharedZone, scope: .shared)
            let closed = try await store.updateShare(
                admin, scope: .shared,
                request: CloudShareUpdateRequest(
                    zoneID: sharedZone, shareName: share.shareName, publicPermission: .none))
            #expect(closed.publicPermission == CloudSharePermission.none)
            let stranger = try await makeUser(store, "stranger")
            let shut = await cloudError { _ = try await store.acceptShare(stranger, token: share.shareToken) }
            #expect(shut?.serverErrorCode == .accessDenied)

            // Leaving ends access; only the owner deletes the share.
            try await store.leaveShare(
                guest, reference: CloudShareReference(zoneID: sharedZone, shareName: share.shareName))
            let left = await cloudError {
                _ = try await lookup(store, guest, ["milk"], zone: sharedZone, scope: .shared)
            }
            #expect(left?.serverErrorCode == .accessDenied)
            try await store.deleteShare(owner, reference: CloudShareReference(zoneID: zone, shareName: share.shareName))
            let deleted = await cloudError {
                _ = try await lookup(store, admin, ["milk"], zone: sharedZone, scope: .shared)
            }
            #expect(deleted?.serverErrorCode == .accessDenied)
        }
    }

    @Test(
        "assets are content-addressed, size-limited, and readable only through access to a record",
        arguments: StoreKind.allCases)
    func assets(_ kind: StoreKind) async throws {
        try await withStore(kind, configuration: CloudConfiguration(maxAssetBytes: 1_000, bcryptCost: 4)) { store in
            let owner = try await makeUser(store, "owner")
            let bob = try await makeUser(store, "bob")
            let eve = try await makeUser(store, "eve")
            let bytes = Data("scan of a vaccination card".utf8)
            let asset = try await store.storeAsset(owner, data: bytes)
            #expect(asset.fileChecksum.count == 64)
            #expect(try await store.storeAsset(owner, data: bytes) == asset)
            #expect(try await store.loadAsset(owner, checksum: asset.fileChecksum) == bytes)
            let tooBig = await cloudError { _ = try await store.storeAsset(owner, data: Data(count: 1_001)) }
            #expect(tooBig?.serverErrorCode == .quotaExceeded)
            let stolen = await cloudError { _ = try await store.loadAsset(eve, checksum: asset.fileChecksum) }
            #expect(stolen?.serverErrorCode == .notFound)
            // Eve cannot claim it by referencing it either.
            let claim = await cloudError { try await save(store, eve, [.note("mine", extra: ["scan": .asset(asset)])]) }
            #expect(claim?.serverErrorCode == .validatingReferenceError)

            try await save(store, owner, [.note("card", extra: ["scan": .asset(asset)])])
            let share = try await store.createShare(
                owner, request: CloudShareCreateRequest(rootRecordName: "card", publicPermission: .readOnly))
            let before = await cloudError { _ = try await store.loadAsset(bob, checksum: asset.fileChecksum) }
            #expect(before?.serverErrorCode == .notFound)
            _ = try await store.acceptShare(bob, token: share.shareToken)
            #expect(try await store.loadAsset(bob, checksum: asset.fileChecksum) == bytes)
        }
    }

    @Test(
        "subscriptions are stored per database, and every committed change is broadcast once",
        arguments: StoreKind.allCases)
    func subscriptionsAndEvents(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let alice = try await makeUser(store, "alice", device: "phone")
            let events = store.events.subscribe()
            let response = try await store.modifySubscriptions(
                alice, scope: .private,
                request: CloudSubscriptionsModifyRequest(operations: [
                    CloudSubscriptionOperation(
                        operationType: .create,
                        subscription: CloudSubscription(subscriptionID: "db", subscriptionType: .database)),
                    CloudSubscriptionOperation(
                        operationType: .create,
                        subscription: CloudSubscription(subscriptionID: "q", subscriptionType: .query)),
                ]))
            #expect(response.subscriptions[0].item?.databaseScope == .private)
            #expect(response.subscriptions[1].error?.serverErrorCode == .badRequest)
            #expect(try await store.listSubscriptions(alice, scope: .private).map(\.subscriptionID) == ["db"])
            #expect(try await store.listSubscriptions(alice, scope: .shared).isEmpty)

            // A failed write publishes nothing; a committed one publishes one event.
            _ = await cloudError { try await save(store, alice, [.note("x", parent: "missing")]) }
            try await save(store, alice, [.note("y")])
            var iterator = events.makeAsyncIterator()
            let event = try #require(await iterator.next())
            #expect(event.ownerID == alice.userID)
            #expect(event.originDeviceID == "phone")
            #expect(event.zones.map(\.zoneName) == ["_defaultZone"])
            #expect(event.zones.first?.recordTypes == ["Note"])
            #expect(event.zones.first?.recordNames == ["y"])
        }
    }

    @Test(
        "accounts: emails are unique, sessions are stored by hash and deleted on sign-out",
        arguments: StoreKind.allCases)
    func accounts(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let accounts = AccountService(store: store, configuration: CloudConfiguration(bcryptCost: 4))
            let caller = try await accounts.signUp(
                CloudSignUpRequest(emailAddress: "Ann@Example.com", password: "correct horse"))
            #expect(caller.emailAddress == "ann@example.com")
            let duplicate = await cloudError {
                _ = try await accounts.signUp(
                    CloudSignUpRequest(emailAddress: "ann@example.com", password: "another one"))
            }
            #expect(duplicate?.serverErrorCode == .exists)
            let short = await cloudError {
                _ = try await accounts.signUp(CloudSignUpRequest(emailAddress: "bo@example.com", password: "short"))
            }
            #expect(short?.serverErrorCode == .badRequest)
            let wrong = await cloudError {
                _ = try await accounts.signIn(
                    CloudSignInRequest(emailAddress: "ann@example.com", password: "wrong horse"))
            }
            #expect(wrong?.serverErrorCode == .authenticationFailed)
            let session = try await accounts.signIn(
                CloudSignInRequest(emailAddress: "ann@example.com", password: "correct horse"))
            #expect(try await accounts.authenticate(token: session.token).userRecordName == caller.userRecordName)
            #expect(try await store.session(tokenHash: session.token) == nil)
            let stored = try await store.account(email: "ann@example.com")
            #expect(stored?.passwordHash.hasPrefix("$2") == true)
            try await accounts.signOut(token: session.token)
            let revoked = await cloudError { _ = try await accounts.authenticate(token: session.token) }
            #expect(revoked?.serverErrorCode == .authenticationFailed)
        }
    }

    @Test("sessions expire")
    func sessionsExpire() async throws {
        let time = TestTime()
        try await withStore(
            .sqlite, configuration: CloudConfiguration(sessionLifetime: .seconds(60), bcryptCost: 4), time: time
        ) { store in
            let accounts = AccountService(
                store: store, configuration: CloudConfiguration(sessionLifetime: .seconds(60), bcryptCost: 4),
                clock: { time.now })
            _ = try await accounts.signUp(
                CloudSignUpRequest(emailAddress: "ann@example.com", password: "correct horse"))
            let session = try await accounts.signIn(
                CloudSignInRequest(emailAddress: "ann@example.com", password: "correct horse"))
            time.advance(by: 61)
            let expired = await cloudError { _ = try await accounts.authenticate(token: session.token) }
            #expect(expired?.serverErrorCode == .authenticationFailed)
            #expect(expired?.reason.contains("expired") == true)
        }
    }
}

@Suite("Record store failures")
struct StoreFailureTests {
    @Test("a database fault answers INTERNAL_ERROR with an id, and a clash on a unique key TRY_AGAIN_LATER with a wait")
    func faults() async throws {
        let folder = scratchDirectory("hearth-fault")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("cloud.sqlite")
        let store = try SQLRecordStore.sqlite(url: url, configuration: CloudConfiguration(bcryptCost: 4))
        try await store.migrate()
        let alice = try await makeUser(store, "alice")

        let session = CloudStoredSession(tokenHash: "same-hash", accountID: alice.userID, createdAt: 0, expiresAt: 1)
        try await store.saveSession(session)
        let clash = await cloudError { try await store.saveSession(session) }
        #expect(clash?.serverErrorCode == .tryAgainLater)
        #expect(clash?.retryAfter == 1)
        #expect(clash?.httpStatus == 503)

        // Another process damages the database: the store answers with an id for the log, not a crash.
        let other = try DatabaseQueue(path: url.path)
        try await other.write { db in try db.execute(sql: "DROP TABLE records") }
        let fault = await cloudError { try await save(store, alice, [.note("x")]) }
        #expect(fault?.serverErrorCode == .internalError)
        #expect(fault?.httpStatus == 500)
        #expect(fault?.uuid.count == 32)
        #expect(fault?.reason.contains("server log") == true)
    }
}
