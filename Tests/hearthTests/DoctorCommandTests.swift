import Foundation
import HearthCloud
import HearthTestSupport
import Testing

/// `hearth doctor` on a healthy data directory, and on each thing it should catch.
@Suite("hearth doctor", .timeLimit(.minutes(5)))
struct DoctorCommandTests {
    static func doctor(_ arguments: [String], environment: [String: String] = [:]) async throws -> ChildProcess.Result {
        // The machine's own HEARTH_* settings must not change what is checked.
        let cleared = ["HEARTH_DATABASE_URL": "", "HEARTH_HOST": "", "HEARTH_PUBLIC_URL": "", "HEARTH_DATA_DIR": ""]
        return try await ChildProcess.run(
            ChildProcess.product("hearth"), ["doctor"] + arguments, environment: cleared.merging(environment) { $1 })
    }

    /// A data directory a server has run on: the record store and the pantry's tables exist.
    static func served() async throws -> TemporaryFolder {
        let folder = try TemporaryFolder(prefix: "hearth-doctor")
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.url.path)
        try await ServerProcess.running(dataDirectory: folder.url) { server in
            _ = try await server.signUpAndIn("doctor@example.com")
        }
        return folder
    }

    @Test("a data directory a server ran on passes, and --json says the same for scripts")
    func healthy() async throws {
        let folder = try await Self.served()
        let text = try await Self.doctor(["--data-dir", folder.url.path])
        #expect(text.status == 0, "\(text.stdout)\(text.stderr)")
        #expect(text.stdout.contains("database cloud.sqlite: Sound, with every table"), "\(text.stdout)")
        #expect(!text.stdout.contains("PROBLEM"), "\(text.stdout)")
        let json = try await Self.doctor(["--data-dir", folder.url.path, "--json"])
        let findings = try JSONSerialization.jsonObject(with: json.stdoutData) as? [[String: Any]] ?? []
        #expect(
            Set(findings.compactMap { $0["check"] as? String }).isSuperset(of: [
                "data directory", "free disk", "database cloud.sqlite", "clock", "address",
            ]))
        #expect(findings.allSatisfy { $0["severity"] as? String != "problem" }, "\(json.stdout)")
    }

    @Test(
        "a folder others can read, a damaged database, a clock set back and an exposed address are each named with their fix"
    )
    func problems() async throws {
        let folder = try await Self.served()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.url.path)
        let readable = try await Self.doctor(["--data-dir", folder.url.path])
        #expect(readable.status == 0, "a warning alone does not fail: \(readable.stdout)")
        #expect(
            readable.stdout.contains("warning  data directory")
                && readable.stdout.contains("chmod 700 \(folder.url.path)"), "\(readable.stdout)")

        // The clock behind the newest write: a file written "tomorrow".
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(86_400)], ofItemAtPath: folder.file("cloud.sqlite").path)
        let clock = try await Self.doctor(["--data-dir", folder.url.path])
        #expect(clock.status == 1)
        #expect(
            clock.stdout.contains("PROBLEM  clock") && clock.stdout.contains("timedatectl set-ntp true"),
            "\(clock.stdout)")

        let exposed = try await Self.doctor(["--data-dir", folder.url.path, "--host", "0.0.0.0"])
        #expect(exposed.status == 1)
        #expect(exposed.stdout.contains("without HTTPS in front"), "\(exposed.stdout)")
        let proxied = try await Self.doctor([
            "--data-dir", folder.url.path, "--host", "127.0.0.1", "--public-url", "https://hearth.example.org",
        ])
        #expect(proxied.stdout.contains("ok       address"), "\(proxied.stdout)")
        // Behind a trusted proxy without an https address, the server listens where others reach it: cookies are
        // Secure only when the proxy says https. A warning, with the fix.
        let behindProxy = try await Self.doctor([
            "--data-dir", folder.url.path, "--host", "0.0.0.0", "--trusted-proxy", "10.0.0.2",
        ])
        #expect(behindProxy.stdout.contains("warning  address"), "\(behindProxy.stdout)")
        #expect(behindProxy.stdout.contains("X-Forwarded-Proto"), "\(behindProxy.stdout)")
        #expect(!exposed.stdout.contains("warning  address"), "with neither, it is a problem: \(exposed.stdout)")

        // Without a mail server, codes go to the log, and doctor says what that means; with one, it says so too.
        #expect(clock.stdout.contains("warning  mail"), "\(clock.stdout)")
        #expect(clock.stdout.contains("written to the server's log"), "\(clock.stdout)")
        let mailed = try await Self.doctor([
            "--data-dir", folder.url.path, "--smtp-url", "smtp://127.0.0.1:2525?starttls=off", "--mail-from",
            "hearth@example.com",
        ])
        #expect(mailed.stdout.contains("ok       mail"), "\(mailed.stdout)")
        #expect(mailed.stdout.contains("no code or mail body is written to the log"), "\(mailed.stdout)")

        // A record store whose pages were overwritten.
        let database = folder.file("cloud.sqlite")
        var bytes = try Data(contentsOf: database)
        let start = bytes.count / 3
        for index in start..<min(bytes.count, start + 8_192) {
            bytes[index] = UInt8(truncatingIfNeeded: index &* 31 &+ 7)
        }
        try bytes.write(to: database)
        let damaged = try await Self.doctor(["--data-dir", folder.url.path, "--json"])
        #expect(damaged.status == 1)
        let findings = try JSONSerialization.jsonObject(with: damaged.stdoutData) as? [[String: Any]] ?? []
        let finding = findings.first { $0["check"] as? String == "database cloud.sqlite" }
        #expect(finding?["severity"] as? String == "problem", "\(damaged.stdout)")
        #expect((finding?["fix"] as? String)?.contains("hearth restore") == true, "\(damaged.stdout)")
    }

    @Test(
        "PostgreSQL: one that answers gives its version; one that does not is a problem naming the URL without its password"
    )
    func postgres() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-doctor")
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.url.path)
        let unreachable = try await Self.doctor([
            "--data-dir", folder.url.path, "--database", "postgres://hearth:s3cret@127.0.0.1:1/hearth",
        ])
        #expect(unreachable.status == 1)
        #expect(
            unreachable.stdout.contains("PROBLEM  PostgreSQL: postgres://hearth:***@127.0.0.1:1/hearth did not answer"),
            "\(unreachable.stdout)")
        #expect(!unreachable.stdout.contains("s3cret"))
        guard let url = ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"], !url.isEmpty else {
            try Test.cancel(
                "HEARTH_TEST_POSTGRES_URL is not set, so the reachable PostgreSQL is skipped; start one with eval \"$(scripts/test-postgres.sh start)\"."
            )
        }
        let schema = "d_" + String(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))
        let database = url + (url.contains("?") ? "&" : "?") + "schema=\(schema)"
        // Before any server migrated it, the tables are missing; after one ran, all is well.
        let empty = try await Self.doctor(["--data-dir", folder.url.path, "--database", database])
        #expect(
            empty.stdout.contains("ok       PostgreSQL") && empty.stdout.contains("PostgreSQL 1"), "\(empty.stdout)")
        #expect(empty.stdout.contains("PostgreSQL tables: The record store lacks"), "\(empty.stdout)")
        try await ServerProcess.running(dataDirectory: folder.url, database: database) { _ in }
        let migrated = try await Self.doctor(["--data-dir", folder.url.path, "--database", database])
        #expect(migrated.status == 0, "\(migrated.stdout)")
        let store = try SQLRecordStore.postgres(url: url, schema: schema, maximumConnections: 2)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await store.run() }
            defer { group.cancelAll() }
            try await store.dropSchema()
        }
    }
}
