import Foundation
import HearthCloudModel
import HearthSync
import HearthTestSupport
import Testing

/// A client process killed with SIGKILL right after a local write sends that write after restart.
@Suite(.serialized, .timeLimit(.minutes(10))) struct CrashRecoveryTests {
    @Test func aWriteMadeJustBeforeKill9IsSentAfterRestart() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let folder = scratchDirectory("hearth-crash")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("finance.sqlite").path
        let environment = ["HEARTH_DATA_DIR": folder.path]
        let email = freshEmail("crash")

        // The database syncs: `hearth finance sync` signs up, turns sync on and keeps the sign-in.
        let setup = try await ChildProcess.run(
            ChildProcess.product("hearth"),
            [
                "finance", "sync", "--server", server.url.absoluteString, "--email", email, "--password",
                "long enough password", "--sign-up", "--db", database,
            ], environment: environment)
        #expect(setup.status == 0, "\(setup.stderr)")

        // A running finance app writes a transaction and is killed before its debounced send.
        let client = CloudClient(
            configuration: CloudClientConfiguration(serverURL: server.url), httpClient: testHTTPClient)
        try await client.signIn(email: email, password: "long enough password")
        let probe = try ChildProcess.start(
            ChildProcess.product("FinanceSyncProbe"), [database, server.url.absoluteString, client.token ?? ""])
        let committed: Regex<(Substring, Substring)>.Match
        do {
            committed = try await probe.waitForOutput(matching: /^COMMITTED (\S+)$/, timeout: .seconds(30))
        } catch {
            probe.signal(SIGKILL)
            await probe.exit()
            throw error
        }
        probe.signal(SIGKILL)
        let id = String(committed.1)
        #expect(await probe.exit() == SIGKILL)

        // The server does not have it: the process died with the change only in its outbox.
        let zone = CloudZoneID(zoneName: "finance")
        let before = try await client.privateDatabase.lookupRecords(
            CloudRecordsLookupRequest(zoneID: zone, records: [CloudRecordLookup(recordName: id)]))
        #expect(before.records.first?.error?.serverErrorCode == .notFound)

        // After restart, the next sync sends it.
        let restart = try await ChildProcess.run(
            ChildProcess.product("hearth"),
            ["finance", "sync", "--server", server.url.absoluteString, "--db", database], environment: environment)
        #expect(restart.status == 0, "\(restart.stderr)")
        #expect(restart.stdout.contains("sent 1 change (1 saved, 0 deleted)"), "\(restart.stdout)")
        let after = try await client.privateDatabase.lookupRecords(
            CloudRecordsLookupRequest(zoneID: zone, records: [CloudRecordLookup(recordName: id)]))
        let record = try #require(after.records.first?.item)
        #expect(record.fields["title"] == .string("Written just before the crash"))
        #expect(record.fields["amount"] == .int64(-4250))

        // And a second device of the same user receives it.
        let other = folder.appendingPathComponent("other.sqlite").path
        let second = try await ChildProcess.run(
            ChildProcess.product("hearth"), ["finance", "sync", "--server", server.url.absoluteString, "--db", other],
            environment: environment)
        #expect(second.status == 0, "\(second.stderr)")
        let list = try await ChildProcess.run(
            ChildProcess.product("hearth"), ["finance", "transactions", "list", "--db", other], environment: environment
        )
        #expect(list.stdout.contains("Written just before the crash"))
    }
}
