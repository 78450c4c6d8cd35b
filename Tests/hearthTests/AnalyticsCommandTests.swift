import Foundation
import HearthCloud
import HearthCore
import HearthTestSupport
import Logging
import Testing

/// `hearth analytics events` reads what the collector stored, on SQLite and PostgreSQL, and the settings
/// commands change an install's analytics settings.
@Suite("hearth analytics", .timeLimit(.minutes(10)))
struct AnalyticsCommandTests {
    static func hearth(_ arguments: [String], environment: [String: String] = [:]) async throws -> ChildProcess.Result {
        try await ChildProcess.run(ChildProcess.product("hearth"), arguments, environment: environment)
    }

    static let events = [
        CollectedEvent(
            uuid: "00000000-0000-4000-8000-000000000001", projectKey: "phc_a", event: "vehicle_added",
            distinctID: "install-1",
            properties: ["source": .string("manual")], timestamp: Date(timeIntervalSince1970: 1_780_000_000.25),
            receivedAt: Date(timeIntervalSince1970: 1_780_000_001)),
        CollectedEvent(
            uuid: "00000000-0000-4000-8000-000000000002", projectKey: "phc_a", event: "export_made",
            distinctID: "install-1",
            properties: ["format": .string("pdf")], timestamp: Date(timeIntervalSince1970: 1_780_086_400),
            receivedAt: Date(timeIntervalSince1970: 1_780_086_401)),
    ]

    static func check(_ location: [String]) async throws {
        let all = try await Self.hearth(["analytics", "events"] + location)
        #expect(all.status == 0, "\(all.stderr)")
        let lines = all.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("export_made") == true)
        #expect(
            lines.last?.hasPrefix("2026-05-28T20:26:40.250000Z  vehicle_added  distinct_id=install-1") == true,
            "\(all.stdout)")
        let filtered = try await Self.hearth(["analytics", "events", "--event", "vehicle_added", "--json"] + location)
        let json = try JSONSerialization.jsonObject(with: filtered.stdoutData) as? [[String: Any]]
        #expect(json?.count == 1)
        #expect(json?.first?["uuid"] as? String == events[0].uuid)
        #expect((json?.first?["properties"] as? [String: String]) == ["source": "manual"])
        let since = try await Self.hearth(["analytics", "events", "--since", "2026-05-29"] + location)
        let sinceLines = since.stdout.split(separator: "\n").map(String.init)
        #expect(sinceLines.count == 1 && sinceLines[0].contains("export_made"))
        let none = try await Self.hearth(["analytics", "events", "--event", "nothing"] + location)
        #expect(none.stdout.contains("No analytics events named nothing"))
    }

    @Test("events from a SQLite server's data directory")
    func sqlite() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-analytics-cli")
        let store = try SQLRecordStore.sqlite(url: folder.file("cloud.sqlite"))
        try await store.migrate()
        try await store.analyticsEvents().migrate()
        try await store.analyticsEvents().insert(Self.events)
        try await Self.check(["--server-data-dir", folder.url.path])
        let missing = try await Self.hearth(["analytics", "events", "--server-data-dir", folder.file("nowhere").path])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("There is no server database at"))
        let badDate = try await Self.hearth([
            "analytics", "events", "--server-data-dir", folder.url.path, "--since", "last week",
        ])
        #expect(badDate.status != 0)
        #expect(badDate.stderr.contains("is not a date"))
    }

    @Test("events from a PostgreSQL server's database")
    func postgres() async throws {
        guard let url = ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"], !url.isEmpty else {
            try Test.cancel(
                "HEARTH_TEST_POSTGRES_URL is not set, so the PostgreSQL run is skipped; start one with eval \"$(scripts/test-postgres.sh start)\"."
            )
        }
        let schema = "c_" + String(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))
        var logger = Logger(label: "test.analytics.cli")
        logger.logLevel = .error
        let store = try SQLRecordStore.postgres(
            url: url, schema: schema, maximumConnections: 2, leaseTimeout: .seconds(30), logger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await store.run() }
            defer { group.cancelAll() }
            do {
                try await store.migrate()
                try await store.analyticsEvents().migrate()
                try await store.analyticsEvents().insert(Self.events)
                try await Self.check(["--database", url + (url.contains("?") ? "&" : "?") + "schema=\(schema)"])
                try await store.dropSchema()
            } catch {
                try? await store.dropSchema()
                throw error
            }
        }
    }

    @Test("opt-out and opt-in are remembered in the app database")
    func settings() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-analytics-cli")
        let database = folder.file("garage.sqlite").path
        let environment = ["HEARTH_ANALYTICS_KEY": "phc_a"]
        let on = try await Self.hearth(["analytics", "status", "--db", database], environment: environment)
        #expect(on.stdout.contains("Analytics: on"), "\(on.stdout)\(on.stderr)")
        _ = try await Self.hearth(["analytics", "opt-out", "--db", database], environment: environment)
        let off = try await Self.hearth(["analytics", "status", "--db", database, "--json"], environment: environment)
        let status = try JSONSerialization.jsonObject(with: off.stdoutData) as? [String: Any]
        #expect(status?["isOptedOut"] as? Bool == true)
        _ = try await Self.hearth(["analytics", "opt-in", "--db", database], environment: environment)
        #expect(
            try await Self.hearth(["analytics", "status", "--db", database], environment: environment).stdout.contains(
                "Analytics: on"))
        #expect(
            try await Self.hearth(["analytics", "status", "--db", database]).stdout.contains(
                "off (no project key configured)"))
    }
}
