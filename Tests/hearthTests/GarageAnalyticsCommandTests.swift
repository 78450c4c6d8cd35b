import Foundation
import HearthTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The garage's analytics events as a user makes them: a scripted `hearth garage` session against a live
/// `hearth serve --analytics-key` collector, an install that opted out, and an analytics host that is down or
/// never answers.
@Suite("hearth garage analytics", .serialized, .timeLimit(.minutes(10)))
struct GarageAnalyticsCommandTests {
    static let key = "phc_garage_live"

    /// `hearth ARGUMENTS` with `folder` as the data directory and the working directory.
    static func hearth(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) async throws
        -> ChildProcess.Result
    {
        try await ChildProcess.run(
            ChildProcess.product("hearth"), arguments,
            environment: [
                "HEARTH_DATA_DIR": folder.path, "HEARTH_ANALYTICS_KEY": "", "HEARTH_ANALYTICS_HOST": "",
                "HEARTH_SERVER_URL": "", "HEARTH_PASSWORD": "",
            ]
            .merging(environment) { $1 },
            directory: folder)
    }

    /// Runs a garage command and expects it to succeed.
    static func garage(_ arguments: String..., in folder: URL) async throws -> ChildProcess.Result {
        let result = try await hearth(["garage"] + arguments, in: folder)
        #expect(result.status == 0, "garage \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    /// The events the server collected, oldest first: name, distinct id, and the properties an app set
    /// (PostHog's own `$` properties left out).
    static func collected(_ server: ServerProcess) async throws -> [(
        event: String, distinctID: String, properties: [String: String]
    )] {
        let result = try await hearth(
            ["analytics", "events", "--server-data-dir", server.dataDirectory.path, "--json", "--limit", "1000"],
            in: server.dataDirectory)
        #expect(result.status == 0, "\(result.stderr)")
        let events = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [[String: Any]])
        return events.reversed().map { event in
            let properties = (event["properties"] as? [String: Any] ?? [:]).filter { !$0.key.hasPrefix("$") }
                .mapValues { value -> String in
                    if let flag = value as? Bool { return flag ? "true" : "false" }
                    return "\(value)"
                }
            return (event["event"] as? String ?? "", event["distinct_id"] as? String ?? "", properties)
        }
    }

    static func installID(_ folder: URL) async throws -> String? {
        let status = try await hearth(["analytics", "status", "--json"], in: folder)
        return (try JSONSerialization.jsonObject(with: status.stdoutData) as? [String: Any])?["installID"] as? String
    }

    static func queued(_ folder: URL) async throws -> Int? {
        let status = try await hearth(["analytics", "status", "--json"], in: folder)
        return (try JSONSerialization.jsonObject(with: status.stdoutData) as? [String: Any])?["queued"] as? Int
    }

    static func folder(_ name: String) throws -> URL {
        let url = scratchDirectory(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a scripted garage session's events arrive with their names and properties; an opted-out install sends none")
    func scriptedSession() async throws {
        try await ServerProcess.running(dataDirectory: temporaryFolder(), arguments: ["--analytics-key", Self.key]) {
            server in
            let install = try Self.folder("hearth-garage-analytics")
            let configured = try await Self.hearth(
                ["analytics", "configure", "--host", server.base, "--key", Self.key], in: install)
            #expect(configured.status == 0, "\(configured.stderr)")
            #expect(configured.stdout.contains("Analytics for this install go to \(server.base)"))

            try await Self.garage(
                "vehicle", "add", "--name", "Daily", "--make", "Honda", "--model", "Civic", "--year", "2019",
                "--mileage", "42000", "--vin", "1HGCM82633A004352", in: install)
            try await Self.garage("service", "add", "Daily", "--preset", "Oil Change", in: install)
            try await Self.garage("service", "done", "Daily", "Oil Change", "--cost", "49.99", in: install)
            try await Self.garage("mileage", "Daily", "42600", in: install)
            try "Date,Odo,Paid,Work\n2024-01-10,40100,35.00,Tire rotation\n2024-02-10,41000,120.00,Brake pads\n"
                .write(to: install.appendingPathComponent("log.csv"), atomically: true, encoding: .utf8)
            try await Self.garage(
                "import", "log.csv", "--vehicle", "Daily", "--source", "generic", "--map", "date=Date", "--map",
                "odometer=Odo",
                "--map", "cost=Paid", "--map", "service=Work", in: install)
            try await Self.garage("history", "Daily", "-o", ".", in: install)
            try await Self.garage("reminders", "--ics", "feed.ics", in: install)
            let listed = try await Self.garage("reminders", "--json", in: install)
            let reminders = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [[String: Any]])
            let mileage = try #require(
                reminders.first { $0["category"] as? String == "MILEAGE_REMINDER" }?["id"] as? String)
            try await Self.garage("reminders", "act", mileage, "remind-later", in: install)
            try await Self.garage("icon", "set", "midnight", in: install)
            try await Self.garage("vin", "decode", "1HGCM82633A004352", in: install)
            try await Self.garage(
                "sync", "--server", server.base, "--email", "driver-\(UUID().uuidString.prefix(8))@example.com",
                "--password", "a long password", "--sign-up", in: install)
            try await Self.garage("vehicle", "remove", "Daily", "--yes", in: install)

            let expected: [(String, [String: String])] = [
                ("vehicle_added", ["source": "vin_typed", "has_vin": "true"]),
                ("service_completed", ["category": "engine", "was_overdue": "false", "is_recurring": "true"]),
                ("service_logged", ["category": "engine", "has_cost": "true", "has_attachments": "false"]),
                ("mileage_updated", ["source": "manual"]),
                ("import_finished", ["format": "generic", "outcome": "success"]),
                ("export_made", ["format": "pdf"]),
                ("export_made", ["format": "ics"]),
                ("reminder_action", ["kind": "mileage", "action": "remind_later"]),
                ("app_icon_changed", ["icon": "midnight"]),
                ("vin_decoded", ["outcome": "decoded"]),
                ("sync_finished", ["outcome": "success", "was_initial": "true"]),
                ("vehicle_deleted", [:]),
            ]
            let installID = try #require(try await Self.installID(install))
            try await waitUntil(
                "every event reached the collector", timeout: .seconds(30), interval: .milliseconds(100)
            ) {
                try await Self.collected(server).count >= expected.count
            }
            let events = try await Self.collected(server)
            #expect(events.map(\.event) == expected.map(\.0), "\(events.map(\.event))")
            for (event, want) in zip(events, expected) {
                #expect(event.properties == want.1, "\(event.event): \(event.properties)")
                #expect(event.distinctID == installID)
            }
            // Nothing the user typed travels: no name, VIN, make or amount.
            let raw = try await Self.hearth(
                ["analytics", "events", "--server-data-dir", server.dataDirectory.path, "--json", "--limit", "1000"],
                in: install
            ).stdout
            for secret in ["Daily", "1HGCM82633A004352", "Honda", "49.99", "Civic"] {
                #expect(!raw.contains(secret), "\(secret)")
            }
            #expect(try await Self.queued(install) == 0)

            // Another install opts out: it sends nothing, and what it had queued is dropped.
            let quiet = try Self.folder("hearth-garage-analytics-off")
            #expect(
                try await Self.hearth(["analytics", "configure", "--host", server.base, "--key", Self.key], in: quiet)
                    .status == 0)
            #expect(try await Self.hearth(["analytics", "opt-out"], in: quiet).status == 0)
            try await Self.garage(
                "vehicle", "add", "--name", "Quiet", "--make", "Kia", "--model", "Rio", "--year", "2018", in: quiet)
            try await Self.garage("mileage", "Quiet", "1200", in: quiet)
            try await Self.garage("icon", "set", "mono", in: quiet)
            #expect(try await Self.queued(quiet) == 0)
            #expect(try await Self.collected(server).count == expected.count)
            // Opting back in sends what happens from then on.
            #expect(try await Self.hearth(["analytics", "opt-in"], in: quiet).status == 0)
            try await Self.garage("mileage", "Quiet", "1300", in: quiet)
            let after = try await Self.collected(server)
            #expect(after.count == expected.count + 1)
            #expect(after.last?.event == "mileage_updated" && after.last?.distinctID != installID)
        }
    }

    @Test("a down or silent analytics host never fails a command; the events go with a later one")
    func hostDown() async throws {
        let install = try Self.folder("hearth-garage-analytics-down")
        // Nothing listens on the port of a socket that was closed: connections are refused.
        let closed = try Self.unusedPort()
        #expect(
            try await Self.hearth(
                ["analytics", "configure", "--host", "http://127.0.0.1:\(closed)", "--key", Self.key], in: install
            ).status == 0)
        try await finishing("a command with the analytics host down finishes", timeout: .seconds(60)) {
            _ = try await Self.garage(
                "vehicle", "add", "--name", "Daily", "--make", "Honda", "--model", "Civic", "--year", "2019",
                in: install)
        }
        #expect(try await Self.queued(install) == 1)

        // A host that takes the connection and never answers: the command still finishes, after the short timeout.
        let silent = try SilentListener()
        defer { silent.close() }
        #expect(
            try await Self.hearth(["analytics", "configure", "--host", "http://127.0.0.1:\(silent.port)"], in: install)
                .status == 0)
        try await finishing("a command with a silent analytics host finishes", timeout: .seconds(60)) {
            _ = try await Self.garage("mileage", "Daily", "42100", in: install)
        }
        #expect(try await Self.queued(install) == 2)

        // With the host back, the next command sends everything queued.
        try await ServerProcess.running(dataDirectory: temporaryFolder(), arguments: ["--analytics-key", Self.key]) {
            server in
            #expect(try await Self.hearth(["analytics", "configure", "--host", server.base], in: install).status == 0)
            try await Self.garage("mileage", "Daily", "42200", in: install)
            try await waitUntil("the queued events arrived", timeout: .seconds(30), interval: .milliseconds(100)) {
                try await Self.collected(server).count == 3
            }
            #expect(
                try await Self.collected(server).map(\.event) == [
                    "vehicle_added", "mileage_updated", "mileage_updated",
                ])
            #expect(try await Self.queued(install) == 0)
        }
    }

    @Test("configure checks what it is given")
    func configureValidation() async throws {
        let install = try Self.folder("hearth-garage-analytics-config")
        let badHost = try await Self.hearth(
            ["analytics", "configure", "--host", "ftp://example.com", "--key", Self.key], in: install)
        #expect(badHost.status != 0 && badHost.stderr.contains("is not an http(s) URL"), "\(badHost.stderr)")
        let badKey = try await Self.hearth(["analytics", "configure", "--key", "two words"], in: install)
        #expect(badKey.status != 0 && badKey.stderr.contains("one word"), "\(badKey.stderr)")
        let nothing = try await Self.hearth(["analytics", "configure"], in: install)
        #expect(nothing.status != 0 && nothing.stderr.contains("Give --host URL and --key KEY"), "\(nothing.stderr)")
        #expect(
            try await Self.hearth(
                ["analytics", "configure", "--host", "https://hearth.example.com", "--key", Self.key], in: install
            ).status == 0)
        #expect(try await Self.hearth(["analytics", "status"], in: install).stdout.contains("Analytics: on"))
        #expect(try await Self.hearth(["analytics", "configure", "--clear"], in: install).status == 0)
        #expect(
            try await Self.hearth(["analytics", "status"], in: install).stdout.contains(
                "off (no project key configured)"))
    }

    /// A port nothing listens on: one the system handed out, then closed.
    static func unusedPort() throws -> Int {
        let listener = try SilentListener()
        let port = listener.port
        listener.close()
        return port
    }
}

/// A TCP socket on 127.0.0.1 that takes connections into its backlog and never reads or answers them: an
/// HTTP server that hangs.
final class SilentListener: Sendable {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            Glibc.close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() {
        Glibc.close(descriptor)
    }
}
