import AsyncHTTPClient
import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
import HearthTestSupport
import Logging
import NIOCore
import Testing

/// `hearth backup` while a server takes writes, then `hearth restore` into a new folder and a server on it:
/// every write acknowledged before the backup began is there.
@Suite("hearth backup and restore", .timeLimit(.minutes(10)))
struct BackupCommandTests {
    static func hearth(_ arguments: [String], environment: [String: String] = [:]) async throws -> ChildProcess.Result {
        try await ChildProcess.run(ChildProcess.product("hearth"), arguments, environment: environment)
    }

    /// Writes records one request at a time until stopped, keeping the names the server acknowledged.
    final class Writers: Sendable {
        let acknowledged: Locked<[String]>
        private let stop: Locked<Bool>
        private let tasks: [Task<Void, any Error>]

        init(count: Int, server: ServerProcess, token: String) {
            let acknowledged = Locked<[String]>([])
            let stop = Locked(false)
            self.acknowledged = acknowledged
            self.stop = stop
            tasks = (0..<count).map { writer in
                Task { [acknowledged, stop] in
                    var batch = 0
                    while !stop.current {
                        batch += 1
                        let name = "w\(writer)-\(batch)"
                        let request = CloudRecordsModifyRequest(operations: [
                            CloudRecordOperation(
                                operationType: .create,
                                record: CloudRecord(recordName: name, recordType: "Note", fields: ["n": .string(name)]))
                        ])
                        let (status, _) = try await server.send(
                            "/cloud/v1/private/records/modify", request, token: token)
                        if status == 200 { acknowledged.withLock { $0.append(name) } }
                    }
                }
            }
        }

        func finish() async throws {
            stop.withLock { $0 = true }
            for task in tasks { try await task.value }
        }
    }

    static func lookUp(_ names: [String], on server: ServerProcess, token: String) async throws -> Set<String> {
        var found: Set<String> = []
        for start in stride(from: 0, to: names.count, by: 200) {
            let chunk = Array(names[start..<min(start + 200, names.count)])
            let answer = try await server.decoded(
                CloudRecordsLookupResponse.self, "/cloud/v1/private/records/lookup",
                CloudRecordsLookupRequest(records: chunk.map { CloudRecordLookup(recordName: $0) }), token: token)
            for item in answer.records { if let record = item.item { found.insert(record.recordName) } }
        }
        return found
    }

    @Test("a backup taken while writers run restores every write acknowledged before it began, and the apps' databases")
    func sqliteUnderWrites() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-backup")
        let data = folder.file("data")
        let archive = folder.file("backup.zip")
        // An app database beside the server's: the garage's, made by its own command.
        let garage = try await Self.hearth(
            [
                "garage", "vehicle", "add", "--name", "Daily", "--make", "Honda", "--model", "Civic", "--mileage",
                "20000",
            ],
            environment: ["HEARTH_DATA_DIR": data.path])
        #expect(garage.status == 0, "\(garage.stderr)")

        let before = try await ServerProcess.running(dataDirectory: data) { server in
            let session = try await server.signUpAndIn("backup@example.com")
            let writers = Writers(count: 3, server: server, token: session.token)
            do {
                try await waitUntil("the writers have written", timeout: .seconds(60)) {
                    writers.acknowledged.current.count >= 60
                }
                let before = writers.acknowledged.current
                let backup = try await Self.hearth(["backup", "-o", archive.path, "--data-dir", data.path])
                #expect(backup.status == 0, "\(backup.stderr)")
                #expect(backup.stdout.contains("each passing its integrity check"), "\(backup.stdout)")
                // The writers kept writing through the backup.
                #expect(writers.acknowledged.current.count > before.count)
                try await writers.finish()
                return before
            } catch {
                try? await writers.finish()
                throw error
            }
        }
        let mode = try FileManager.default.attributesOfItem(atPath: archive.path)[.posixPermissions] as? Int
        #expect(mode == 0o600, "the archive holds health records: readable only by its owner")

        let restored = folder.file("restored")
        let restore = try await Self.hearth(["restore", archive.path, "--data-dir", restored.path, "--json"])
        #expect(restore.status == 0, "\(restore.stderr)")
        let manifest = try JSONSerialization.jsonObject(with: restore.stdoutData) as? [String: Any]
        let paths = (manifest?["entries"] as? [[String: Any]])?.compactMap { $0["path"] as? String } ?? []
        #expect(paths.contains("data/cloud.sqlite") && paths.contains("data/garage.sqlite"), "\(paths)")

        try await ServerProcess.running(dataDirectory: restored) { server in
            let session = try await server.decoded(
                CloudSession.self, "/cloud/v1/accounts/signin",
                CloudSignInRequest(emailAddress: "backup@example.com", password: "a long password"))
            let found = try await Self.lookUp(before, on: server, token: session.token)
            #expect(
                found.count == before.count,
                "\(before.count - found.count) of \(before.count) acknowledged writes are missing")
        }
        let vehicles = try await Self.hearth(
            ["garage", "vehicle", "list", "--json"], environment: ["HEARTH_DATA_DIR": restored.path])
        #expect(vehicles.stdout.contains("Daily"), "\(vehicles.stdout)\(vehicles.stderr)")

        // A second restore into the same, now full, folder is refused and changes nothing there.
        let again = try await Self.hearth(["restore", archive.path, "--data-dir", restored.path])
        #expect(again.status != 0)
        #expect(again.stderr.contains("is not empty"), "\(again.stderr)")
        // And a backup never overwrites a file.
        let overwrite = try await Self.hearth(["backup", "-o", archive.path, "--data-dir", restored.path])
        #expect(overwrite.status != 0)
        #expect(overwrite.stderr.contains("exists already"), "\(overwrite.stderr)")
    }

    @Test("a record store on PostgreSQL is dumped and loaded into an empty database")
    func postgres() async throws {
        guard let url = ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"], !url.isEmpty else {
            try Test.cancel(
                "HEARTH_TEST_POSTGRES_URL is not set, so the PostgreSQL run is skipped; start one with eval \"$(scripts/test-postgres.sh start)\"."
            )
        }
        let schema = "b_" + String(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))
        let database = url + (url.contains("?") ? "&" : "?") + "schema=\(schema)"
        let folder = try TemporaryFolder(prefix: "hearth-backup-pg")
        let archive = folder.file("backup.zip")
        var logger = Logger(label: "test.backup")
        logger.logLevel = .error
        let store = try SQLRecordStore.postgres(
            url: url, schema: schema, maximumConnections: 2, leaseTimeout: .seconds(30), logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await store.run() }
            defer { group.cancelAll() }
            do {
                let names = try await ServerProcess.running(dataDirectory: folder.file("data"), database: database) {
                    server in
                    let session = try await server.signUpAndIn("pg-backup@example.com")
                    let writers = Writers(count: 2, server: server, token: session.token)
                    try await waitUntil("the writers have written", timeout: .seconds(60)) {
                        writers.acknowledged.current.count >= 20
                    }
                    let before = writers.acknowledged.current
                    let backup = try await Self.hearth([
                        "backup", "-o", archive.path, "--data-dir", folder.file("data").path, "--database", database,
                    ])
                    try await writers.finish()
                    #expect(backup.status == 0, "\(backup.stderr)")
                    return before
                }
                // Without a database to load it into, the restore says what it needs and writes nothing.
                let refused = try await Self.hearth(
                    ["restore", archive.path, "--data-dir", folder.file("nowhere").path],
                    environment: ["HEARTH_DATABASE_URL": ""])
                #expect(refused.status != 0)
                #expect(refused.stderr.contains("give --database"), "\(refused.stderr)")
                #expect(!FileManager.default.fileExists(atPath: folder.file("nowhere").path))
                // Into the same database once the schema is gone, as after losing the database server.
                try await store.dropSchema()
                let restore = try await Self.hearth([
                    "restore", archive.path, "--data-dir", folder.file("restored").path, "--database", database,
                ])
                #expect(restore.status == 0, "\(restore.stderr)")
                try await ServerProcess.running(dataDirectory: folder.file("restored"), database: database) { server in
                    let session = try await server.decoded(
                        CloudSession.self, "/cloud/v1/accounts/signin",
                        CloudSignInRequest(emailAddress: "pg-backup@example.com", password: "a long password"))
                    let found = try await Self.lookUp(names, on: server, token: session.token)
                    #expect(
                        found.count == names.count,
                        "\(names.count - found.count) of \(names.count) acknowledged writes are missing")
                }
                // Loading it again, over the tables it made, is refused as one transaction: nothing changes.
                let twice = try await Self.hearth([
                    "restore", archive.path, "--data-dir", folder.file("twice").path, "--database", database,
                ])
                #expect(twice.status != 0)
                #expect(twice.stderr.contains("Restore into an empty database"), "\(twice.stderr)")
                try await store.dropSchema()
            } catch {
                try? await store.dropSchema()
                throw error
            }
        }
    }
}
