import Foundation
import GRDB
import HearthCloudModel
import HearthCore
import HearthHealth
import HearthStore
import HearthSync
import HearthTestSupport
import Logging
import Testing

/// Health sync and sharing with end-to-end encryption, through a real server on SQLite and on PostgreSQL:
/// what the server's database holds, the key exchange of a share, removal, and devices without the key.
@Suite(.serialized, .timeLimit(.minutes(10))) struct HealthEncryptedSyncTests {
    /// A server on `backend`, with what is needed to read its storage afterwards.
    struct Backend {
        let server: LiveServer
        let postgres: (url: String, schema: String)?

        static func start(_ backend: GarageTestBackend) async throws -> Backend {
            switch backend {
            case .sqlite:
                return Backend(server: try await LiveServer.start(), postgres: nil)
            case .postgres:
                guard let base = ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"], !base.isEmpty else {
                    try Test.cancel(
                        "HEARTH_TEST_POSTGRES_URL is not set, so the PostgreSQL run is skipped; start one with eval \"$(scripts/test-postgres.sh start)\"."
                    )
                }
                let schema =
                    "health_"
                    + String(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(12))
                let server = try await LiveServer.start(
                    databaseURL: base + (base.contains("?") ? "&" : "?") + "schema=\(schema)")
                return Backend(server: server, postgres: (base, schema))
            }
        }

        /// Everything the server's database holds, as bytes: the SQLite files (with the write-ahead log), or a
        /// dump of the PostgreSQL schema.
        func storedBytes() async throws -> Data {
            if let postgres {
                let dump = try ["/usr/lib/postgresql"].flatMap {
                    try FileManager.default.contentsOfDirectory(atPath: $0)
                }
                .map { "/usr/lib/postgresql/\($0)/bin/pg_dump" }.first {
                    FileManager.default.isExecutableFile(atPath: $0)
                }
                let tool = try #require(dump, "pg_dump is needed to read what PostgreSQL holds")
                // A child process, not Process.waitUntilExit, which would hold a thread of the cooperative pool.
                let dumped = try await ChildProcess.run(
                    URL(fileURLWithPath: tool),
                    ["--data-only", "--schema=\(postgres.schema)", postgres.url.components(separatedBy: "?")[0]])
                #expect(dumped.status == 0, "\(dumped.stderr)")
                let data = dumped.stdoutData
                #expect(data.count > 1_000)
                return data
            }
            var bytes = Data()
            for name in try FileManager.default.contentsOfDirectory(atPath: server.dataDirectory.path) {
                let url = server.dataDirectory.appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                    bytes.append(try Data(contentsOf: url))
                }
            }
            #expect(bytes.count > 10_000)
            return bytes
        }

        /// Whether `marker` appears in what the server stores, as text, hex or base64.
        func holds(_ marker: String) async throws -> Bool {
            let stored = try await storedBytes()
            let forms = [
                Data(marker.utf8), Data(marker.utf8.map { String(format: "%02x", $0) }.joined().utf8),
                Data(Data(marker.utf8).base64EncodedString().prefix(16).utf8),
            ]
            return forms.contains { stored.range(of: $0) != nil }
        }
    }

    /// A device with end-to-end encryption, as `hearth health` sets it up.
    struct Device {
        let health: HealthSync.Opened
        let client: CloudClient
        let connection: HealthSync.Connection

        var records: HealthRecordService { health.records }

        static func make(_ server: LiveServer, email: String, signUp: Bool = false) async throws -> Device {
            let folder = scratchDirectory("hearth-health-e2e")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let health = try HealthSync.open(
                at: folder.appendingPathComponent("health.sqlite"), timeZone: TimeZone(identifier: "UTC")!)
            let client = CloudClient(
                configuration: CloudClientConfiguration(serverURL: server.url), httpClient: testHTTPClient)
            if signUp {
                try await client.signUp(email: email, password: "long enough password")
            } else {
                try await client.signIn(email: email, password: "long enough password")
            }
            var logger = Logger(label: "health.e2e.tests")
            logger.logLevel = .critical
            return Device(
                health: health, client: client,
                connection: HealthSync.connect(
                    health, client: client, server: server.url.absoluteString, logger: logger))
        }

        @discardableResult
        func sync() async throws -> SyncReport { try await connection.sync.sync() }

        func record(named name: String) async throws -> MedicalRecord? {
            try await records.records().first { $0.displayName == name }
        }

        func serverRecord(_ name: String) async throws -> CloudRecord? {
            try await client.privateDatabase.lookupRecords(
                CloudRecordsLookupRequest(
                    zoneID: CloudZoneID(zoneName: HealthSync.zoneName), records: [CloudRecordLookup(recordName: name)]
                )
            ).records.first?.item
        }
    }

    @Test(arguments: GarageTestBackend.allCases)
    func aSharedRecordTravelsSealedAndOpensOnlyForThePeopleInItsShare(_ backend: GarageTestBackend) async throws {
        let storage = try await Backend.start(backend)
        defer { Task { await storage.server.stop() } }
        let marker = "Zorblax" + String(UUID().uuidString.prefix(8))
        let ana = try await Device.make(storage.server, email: freshEmail("ana"), signUp: true)
        let benEmail = freshEmail("ben")
        let ben = try await Device.make(storage.server, email: benEmail, signUp: true)

        var pet = MedicalRecord(isPet: true)
        pet.personalName = "Rex"
        pet.petBreed = "Beagle \(marker)"
        pet.vetNote = "allergic: \(marker)"
        pet.isCloudEnabled = true
        let rex = try await ana.records.createRecord(pet)
        try await ana.records.addEntry(
            VaccinationEntry(date: CalendarDay(iso: "2024-01-15"), name: "Rabies \(marker)", place: "Clinic"),
            to: rex.uuid)
        try await ana.records.addEntry(
            WeightEntry(date: CalendarDay(iso: "2024-02-01"), weightKg: Decimal(string: "12.4"), comment: marker),
            to: rex.uuid)
        try await ana.sync()

        // The server holds the record, with only ids, times and the schema version readable.
        let stored = try #require(try await ana.serverRecord(rex.uuid))
        for (name, value) in stored.fields where !RecordSealing.clearFields.contains(name) {
            guard case .bytes = value else {
                Issue.record("field \(name) is stored as \(value.typeName)")
                continue
            }
        }
        #expect(stored.fields["schemaVersion"] == .int64(1))
        #expect(stored.fields["keyEpoch"] == .int64(1))
        #expect(try await !storage.holds(marker))

        // Ana shares Rex; Ben accepts, and waits for the key Ana's device hands over at its next sync.
        let share = try await ana.connection.sharing.createShare(rex.uuid, linkPermission: .readWrite)
        let accepted = try await ben.connection.sharing.accept(share.link)
        #expect(accepted.isWaitingForKey)
        #expect(accepted.fingerprint?.count == 35)
        #expect(try await ben.record(named: "Rex") == nil)
        try await ana.sync()
        try await ben.sync()
        let benRex = try #require(try await ben.record(named: "Rex"))
        #expect(benRex.petBreed == "Beagle \(marker)")
        #expect(try await ben.records.entries(of: benRex.uuid).vaccinations.first?.name == "Rabies \(marker)")
        #expect(benRex.cloudZoneOwner != nil)

        // Both fingerprints match what the other device shows.
        let anaFingerprint = try await ana.health.database.read { db in try HealthKeyring.identity(db).fingerprint }
        let benTrusts = try await ben.health.database.read { db in try HealthKeyring.trustedKeys(db) }
        #expect(benTrusts.map(\.fingerprint) == [anaFingerprint])
        let anaTrusts = try await ana.health.database.read { db in try HealthKeyring.trustedKeys(db) }
        #expect(anaTrusts.map(\.fingerprint) == [accepted.fingerprint])

        // Edits travel both ways, sealed.
        try await ben.records.addEntry(
            WeightEntry(
                date: CalendarDay(iso: "2024-03-01"), weightKg: Decimal(string: "12.9"), comment: "ben \(marker)"),
            to: benRex.uuid)
        try await ben.sync()
        try await ana.sync()
        #expect(try await ana.records.entries(of: rex.uuid).weights.count == 2)
        try await ana.records.updateRecord(rex.uuid) { $0.petColor = "tricolour" }
        try await ana.sync()
        try await ben.sync()
        #expect(try await ben.record(named: "Rex")?.petColor == "tricolour")
        #expect(try await !storage.holds(marker))

        // Ana removes Ben: the record moves to epoch 2 of its key, which Ben never receives.
        _ = try await ana.connection.sharing.removeParticipant(benEmail, from: rex.uuid)
        #expect(try await ana.serverRecord(rex.uuid)?.fields["keyEpoch"] == .int64(2))
        try await ana.records.updateRecord(rex.uuid) { $0.petColor = "after \(marker)" }
        try await ana.sync()
        _ = try? await ben.sync()
        #expect(try await ben.record(named: "Rex")?.petColor != "after \(marker)")
        let benKeys = try await ben.health.database.read { db in
            try Int.fetchOne(
                db, sql: "SELECT max(epoch) FROM healthContentKey WHERE rootRecordName = ?", arguments: [rex.uuid])
        }
        #expect(benKeys == 1)
        #expect(try await !storage.holds(marker))
    }

    @Test func aDeviceWithoutTheKeySaysSoAndOpensEverythingOnceRestored() async throws {
        let storage = try await Backend.start(.sqlite)
        defer { Task { await storage.server.stop() } }
        let email = freshEmail("ana")
        let laptop = try await Device.make(storage.server, email: email, signUp: true)
        var person = MedicalRecord()
        person.personalGivenName = "Анна"
        person.personalFamilyName = "Παπαδοπούλου"
        person.isCloudEnabled = true
        let anna = try await laptop.records.createRecord(person)
        try await laptop.sync()

        // A new phone of the same user, with a key of its own: nothing opens, and the reason says what to do.
        let phone = try await Device.make(storage.server, email: email)
        let report = try await phone.sync()
        #expect(try await phone.records.records().isEmpty)
        #expect(report.problems.contains { $0.contains("recovery code") || $0.contains("does not hold yet") })

        // Nor does it seal anything with a key of its own, which would split the user's records in two.
        var note = MedicalRecord()
        note.personalGivenName = "Made on the phone"
        note.isCloudEnabled = true
        let fromPhone = try await phone.records.createRecord(note)
        var refusal = ""
        do {
            refusal = try await phone.sync().problems.joined(separator: "\n")
        } catch {
            refusal = "\(error)"
        }
        #expect(refusal.contains("recovery code"), "\(refusal)")
        #expect(try await laptop.serverRecord(fromPhone.uuid) == nil)

        // With the recovery code, the next sync opens the record as it was, and sends the phone's.
        let code = try await laptop.health.database.read { db in try HealthKeyring.identity(db).recoveryCode }
        try await phone.health.database.write { db in try HealthKeyring.restore(HealthIdentity(recoveryCode: code), db)
        }
        try await phone.sync()
        let arrived = try #require(try await phone.records.records().first { $0.uuid == anna.uuid })
        #expect(arrived.personalGivenName == "Анна")
        #expect(arrived.personalFamilyName == "Παπαδοπούλου")
        try await laptop.sync()
        #expect(try await laptop.record(named: "Made on the phone")?.uuid == fromPhone.uuid)
    }
}

extension HealthEncryptedSyncTests {
    @Test func whenAMemberLeavesTheOwnersNextSyncMovesTheRecordToANewEpoch() async throws {
        let storage = try await Backend.start(.sqlite)
        defer { Task { await storage.server.stop() } }
        let ana = try await Device.make(storage.server, email: freshEmail("ana"), signUp: true)
        let ben = try await Device.make(storage.server, email: freshEmail("ben"), signUp: true)
        var pet = MedicalRecord(isPet: true)
        pet.personalName = "Luna"
        pet.isCloudEnabled = true
        let luna = try await ana.records.createRecord(pet)
        try await ana.sync()
        let share = try await ana.connection.sharing.createShare(luna.uuid, linkPermission: .readWrite)
        _ = try await ben.connection.sharing.accept(share.link)
        try await ana.sync()
        try await ben.sync()
        let benLuna = try #require(try await ben.record(named: "Luna"))
        #expect(try await ana.serverRecord(luna.uuid)?.fields["keyEpoch"] == .int64(1))

        try await ben.connection.sharing.leave(benLuna.uuid)
        #expect(try await ben.record(named: "Luna") == nil)
        try await ana.sync()
        let epoch = try await ana.health.database.read { db in
            try Int.fetchOne(
                db, sql: "SELECT max(epoch) FROM healthContentKey WHERE rootRecordName = ?", arguments: [luna.uuid])
        }
        #expect(epoch == 2)
        #expect(try await ana.health.database.read { db in try HealthKeyring.trustedKeys(db) }.isEmpty)
        // The next write is sealed with the new epoch.
        try await ana.records.updateRecord(luna.uuid) { $0.petColor = "grey" }
        try await ana.sync()
        #expect(try await ana.serverRecord(luna.uuid)?.fields["keyEpoch"] == .int64(2))
    }
}

extension HealthEncryptedSyncTests {
    /// A participant with write access (Mallory) turns on the others: the server refuses her overwriting a
    /// member's key or the owner's envelope, and an envelope she makes for a newcomer is ignored by the
    /// newcomer's device, which trusts the owner's key once the owner's device hands the real one over.
    @Test(arguments: GarageTestBackend.allCases)
    func aHostileParticipantCannotPutHerKeysInOthersPlaces(_ backend: GarageTestBackend) async throws {
        let storage = try await Backend.start(backend)
        defer { Task { await storage.server.stop() } }
        let ana = try await Device.make(storage.server, email: freshEmail("ana"), signUp: true)
        let ben = try await Device.make(storage.server, email: freshEmail("ben"), signUp: true)
        let mallory = try await Device.make(storage.server, email: freshEmail("mallory"), signUp: true)
        var pet = MedicalRecord(isPet: true)
        pet.personalName = "Rex"
        pet.isCloudEnabled = true
        let rex = try await ana.records.createRecord(pet)
        try await ana.sync()
        let share = try await ana.connection.sharing.createShare(rex.uuid, linkPermission: .readWrite)
        _ = try await ben.connection.sharing.accept(share.link)
        _ = try await mallory.connection.sharing.accept(share.link)
        try await ana.sync()
        try await ben.sync()
        try await mallory.sync()
        #expect(try await ben.record(named: "Rex") != nil)
        #expect(try await mallory.record(named: "Rex") != nil)

        let anaID = try await ana.client.caller().userRecordName
        let benID = try await ben.client.caller().userRecordName
        let zone = CloudZoneID(zoneName: HealthSync.zoneName, ownerRecordName: anaID)
        let malloryIdentity = try await mallory.health.database.read { db in try HealthKeyring.identity(db) }
        let scope = KeyScope(ownerRecordName: anaID, zoneName: HealthSync.zoneName, rootRecordName: rex.uuid)
        func stored(_ name: String) async throws -> CloudRecord? {
            try await ana.serverRecord(name)
        }
        func write(_ record: CloudRecord) async throws -> CloudError? {
            try await mallory.client.sharedDatabase.modifyRecords(
                CloudRecordsModifyRequest(
                    zoneID: zone, operations: [CloudRecordOperation(operationType: .forceReplace, record: record)],
                    atomic: false
                )
            ).records.first?.error
        }

        // Her own keys in Ben's member key: refused by the server, which keeps Ben's.
        let benKeyName = "memberkey.\(rex.uuid).\(benID)"
        let benKeyBefore = try #require(try await stored(benKeyName))
        let forgedMember = try MemberKey.make(scope: scope, userRecordName: benID, identity: malloryIdentity)
        let memberRefusal = try await write(forgedMember.record)
        #expect(memberRefusal?.serverErrorCode == .accessDenied)
        #expect(memberRefusal?.reason.contains("only the participant who wrote it or the zone's owner") == true)
        #expect(try await stored(benKeyName) == benKeyBefore)

        // A key of hers in the envelope Ana wrapped for Ben: refused too.
        let envelopeName = "zonekey.\(rex.uuid).1.\(benID)"
        let envelopeBefore = try #require(try await stored(envelopeName))
        let benIdentity = try await ben.health.database.read { db in try HealthKeyring.identity(db).publicIdentity }
        let planted = ContentKey(scope: scope, epoch: 1, keyData: Data(repeating: 7, count: 32))
        let forgedForBen = try KeyEnvelope.seal(
            planted, for: benIdentity, recipientRecordName: benID, by: malloryIdentity)
        #expect(try await write(forgedForBen.record)?.serverErrorCode == .accessDenied)
        #expect(try await stored(envelopeName) == envelopeBefore)

        // Cara joins; before Ana's device hands her the key, Mallory hands her one of her own, signed by her.
        let cara = try await Device.make(storage.server, email: freshEmail("cara"), signUp: true)
        _ = try await cara.connection.sharing.accept(share.link)
        let caraID = try await cara.client.caller().userRecordName
        let caraIdentity = try await cara.health.database.read { db in try HealthKeyring.identity(db).publicIdentity }
        let forgedForCara = try KeyEnvelope.seal(
            planted, for: caraIdentity, recipientRecordName: caraID, by: malloryIdentity)
        #expect(try await write(forgedForCara.record) == nil, "a participant may create records in the share")
        let report = try await cara.sync()
        #expect(report.problems.contains { $0.contains("not by the zone's owner") }, "\(report.problems)")
        #expect(try await cara.health.database.read { db in try HealthKeyring.trustedKeys(db) }.isEmpty)
        #expect(try await cara.record(named: "Rex") == nil)

        // Ana's device hands Cara the real key (replacing Mallory's envelope); Cara trusts Ana's key, not Mallory's.
        try await ana.sync()
        try await cara.sync()
        let anaFingerprint = try await ana.health.database.read { db in try HealthKeyring.identity(db).fingerprint }
        #expect(
            try await cara.health.database.read { db in try HealthKeyring.trustedKeys(db) }.map(\.fingerprint) == [
                anaFingerprint
            ])
        #expect(try await cara.record(named: "Rex")?.personalName == "Rex")
        let caraKeys = try await cara.health.database.read { db in
            try Data.fetchAll(
                db, sql: "SELECT keyData FROM healthContentKey WHERE rootRecordName = ?", arguments: [rex.uuid])
        }
        #expect(!caraKeys.contains(planted.keyData))
        // Ben is unharmed.
        try await ben.sync()
        #expect(try await ben.record(named: "Rex") != nil)
    }
}
