public import Foundation
import HearthCloud
import HearthCore
import HearthMail
import HearthPantryServer
import Logging

/// `hearth doctor`: looks over a data directory and a server configuration, and says what is wrong and how
/// to fix it.
///
/// It checks the data directory (it exists, only its owner may read it, it can be written), the free disk
/// space, every SQLite database in it (`PRAGMA integrity_check`, the record store's tables, app databases'
/// migrations against the ones this build knows), PostgreSQL when configured (reachable, its version, the
/// tables, its clock), SMTP when configured, an address other machines can reach without HTTPS in front,
/// and the clock (not behind the newest write in the data directory).
///
/// ```swift
/// let findings = await Doctor(configuration: configuration).examine()
/// let healthy = findings.allSatisfy { $0.severity != .problem }
/// ```
public struct Doctor: Sendable {
    /// The server's settings: the data directory, the database, the listening address.
    public var configuration: ServerConfiguration
    /// Every app database migration this build knows (`garage.v1`, …); a database that has applied others
    /// was written by a newer Hearth.
    public var knownMigrations: Set<String>
    /// How long PostgreSQL and SMTP have to answer.
    public var timeout: Duration
    /// The wall clock.
    public var now: @Sendable () -> Date
    /// What the timeout is measured on.
    public var clock: any Clock<Duration> = ContinuousClock()
    /// Free space under which the disk is a problem, and under which it is a warning.
    public var freeSpaceProblem: Int64 = 256 << 20
    public var freeSpaceWarning: Int64 = 2 << 30

    public init(
        configuration: ServerConfiguration, knownMigrations: Set<String> = [], timeout: Duration = .seconds(5),
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.configuration = configuration
        self.knownMigrations = knownMigrations
        self.timeout = timeout
        self.now = now
    }

    /// Every finding, in the order checked.
    public func examine() async -> [DoctorFinding] {
        var findings: [DoctorFinding] = []
        let folder = configuration.dataDirectory.standardizedFileURL
        let directoryFindings = dataDirectory(folder)
        findings += directoryFindings
        if directoryFindings.allSatisfy({ $0.severity != .problem || $0.check != "data directory" }),
            FileManager.default.fileExists(atPath: folder.path)
        {
            findings += freeSpace(folder)
            findings += databases(folder)
            findings += clock(against: folder)
        }
        if let url = configuration.databaseURL {
            findings += await postgres(url)
        }
        findings += exposure()
        findings += mail()
        return findings
    }

    // MARK: Data directory

    func dataDirectory(_ folder: URL) -> [DoctorFinding] {
        let check = "data directory"
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
            return [
                DoctorFinding(
                    check, .warning, "\(folder.path) does not exist yet.",
                    fix:
                        "`hearth serve --data-dir \(folder.path)` creates it; or point --data-dir (HEARTH_DATA_DIR) at the server's folder."
                )
            ]
        }
        guard isDirectory.boolValue else {
            return [
                DoctorFinding(
                    check, .problem, "\(folder.path) is a file, not a folder.",
                    fix: "Give --data-dir (HEARTH_DATA_DIR) a folder.")
            ]
        }
        var findings: [DoctorFinding] = []
        let attributes = (try? manager.attributesOfItem(atPath: folder.path)) ?? [:]
        let mode = (attributes[.posixPermissions] as? Int) ?? 0
        if mode & 0o077 != 0 {
            findings.append(
                DoctorFinding(
                    check, .warning,
                    "\(folder.path) can be read by other users (mode \(String(mode, radix: 8))); it holds health records and password hashes.",
                    fix: "chmod 700 \(folder.path)"))
        }
        if let owner = attributes[.ownerAccountID] as? Int, owner != Int(geteuid()) {
            findings.append(
                DoctorFinding(
                    check, .warning,
                    "\(folder.path) belongs to user \(owner), not to the user running this (\(geteuid())).",
                    fix: "Run hearth as the folder's owner, or `chown -R` the folder to the user the server runs as."))
        }
        if let problem = DataDirectory(url: folder).writeProblem() {
            findings.append(
                DoctorFinding(
                    check, .problem, "\(folder.path) cannot be written: \(problem).",
                    fix: "Give the user the server runs as write permission on \(folder.path)."))
        }
        if findings.isEmpty {
            findings.append(
                DoctorFinding(check, .ok, "\(folder.path) exists, is writable, and only its owner can read it."))
        }
        return findings
    }

    func freeSpace(_ folder: URL) -> [DoctorFinding] {
        let values = try? folder.resourceValues(forKeys: [.volumeAvailableCapacityKey, .volumeTotalCapacityKey])
        guard let available = values?.volumeAvailableCapacity.map(Int64.init) else {
            return [DoctorFinding("free disk", .warning, "The free space of \(folder.path)'s disk could not be read.")]
        }
        let text = available.formatted(.byteCount(style: .file))
        if available < freeSpaceProblem {
            return [
                DoctorFinding(
                    "free disk", .problem, "Only \(text) free on \(folder.path)'s disk: writes will soon fail.",
                    fix: "Free space on that disk, or move the data directory to a larger one.")
            ]
        }
        if available < freeSpaceWarning {
            return [
                DoctorFinding(
                    "free disk", .warning, "\(text) free on \(folder.path)'s disk.",
                    fix: "Free some space before it runs out.")
            ]
        }
        return [DoctorFinding("free disk", .ok, "\(text) free.")]
    }

    // MARK: Databases

    func databases(_ folder: URL) -> [DoctorFinding] {
        let files: [String]
        do {
            files = try DataBackup(dataDirectory: folder).files(skipping: [])
        } catch {
            return [
                DoctorFinding(
                    "databases", .problem, "The data directory cannot be listed: \(error).",
                    fix: "Check its permissions.")
            ]
        }
        var findings: [DoctorFinding] = []
        for relative in files where SQLiteFiles.isDatabase(folder.appendingPathComponent(relative)) {
            findings.append(database(folder.appendingPathComponent(relative), named: relative))
        }
        if findings.isEmpty {
            findings.append(
                DoctorFinding("databases", .ok, "No databases yet: `hearth serve` creates cloud.sqlite when it starts.")
            )
        }
        return findings
    }

    func database(_ url: URL, named name: String) -> DoctorFinding {
        let check = "database \(name)"
        let (problems, _) = (try? SQLiteFiles.check(url)) ?? (["it cannot be opened"], 0)
        guard problems.isEmpty else {
            return DoctorFinding(
                check, .problem, "Fails SQLite's integrity check: \(problems.prefix(3).joined(separator: "; ")).",
                fix:
                    "Stop the server, keep a copy of the file, and restore the data directory from a backup (`hearth restore`)."
            )
        }
        let tables = (try? SQLiteFiles.tables(url)) ?? []
        if name == "cloud.sqlite" {
            let expected = CloudSchema.tableNames(.sqlite) + PantryTables.tableNames
            let missing = expected.filter { !tables.contains($0) }
            guard missing.isEmpty else {
                return DoctorFinding(
                    check, .problem,
                    "The record store lacks \(missing.count) of its tables (\(missing.prefix(4).joined(separator: ", "))).",
                    fix: "Start `hearth serve` on this data directory once: it creates them.")
            }
            return DoctorFinding(check, .ok, "Sound, with every table of the record store and the pantry.")
        }
        guard tables.contains("grdb_migrations") else {
            return DoctorFinding(check, .ok, "Sound.")
        }
        let applied = (try? SQLiteFiles.migrations(url)) ?? []
        let unknown = knownMigrations.isEmpty ? [] : applied.filter { !knownMigrations.contains($0) }
        guard unknown.isEmpty else {
            return DoctorFinding(
                check, .problem,
                "Written by a newer Hearth: it has migrations this one does not know (\(unknown.prefix(3).joined(separator: ", "))).",
                fix: "Upgrade hearth to the version that wrote it before using this database.")
        }
        return DoctorFinding(
            check, .ok,
            "Sound; \(applied.count) migration\(applied.count == 1 ? "" : "s") applied, the newest \(applied.last ?? "none")."
        )
    }

    // MARK: Clock

    /// A clock behind the newest write in the data directory has been set back, or was never set: sessions,
    /// change tokens and reminders all read it.
    func clock(against folder: URL) -> [DoctorFinding] {
        let manager = FileManager.default
        let files = (try? DataBackup(dataDirectory: folder).files(skipping: [])) ?? []
        let newest = files.compactMap { relative in
            (try? manager.attributesOfItem(atPath: folder.appendingPathComponent(relative).path))?[.modificationDate]
                as? Date
        }.max()
        let current = now()
        if let newest, newest.timeIntervalSince(current) > 300 {
            let behind = Duration.seconds(newest.timeIntervalSince(current)).formatted(
                .units(allowed: [.days, .hours, .minutes], width: .wide))
            return [
                DoctorFinding(
                    "clock", .problem,
                    "The clock (\(current.formatted(.iso8601))) is \(behind) behind the newest write in the data directory.",
                    fix: "Set the clock, and keep it set: `timedatectl set-ntp true` (systemd), or run an NTP client.")
            ]
        }
        return [
            DoctorFinding("clock", .ok, "\(current.formatted(.iso8601)), not behind the data directory's newest write.")
        ]
    }

    // MARK: PostgreSQL

    func postgres(_ url: String) async -> [DoctorFinding] {
        let check = "PostgreSQL"
        var logger = Logger(label: "hearth.doctor")
        logger.logLevel = .critical
        let redacted = Redaction.url(url, showingUser: true)
        let store: SQLRecordStore
        do {
            store = try SQLRecordStore.postgres(url: url, maximumConnections: 2, leaseTimeout: timeout, logger: logger)
        } catch {
            return [
                DoctorFinding(
                    check, .problem, "\(redacted) is not a database URL Hearth can use: \(error).",
                    fix: "Give --database (HEARTH_DATABASE_URL) as postgres://user:password@host:5432/database.")
            ]
        }
        let current = now()
        return await withTaskGroup(of: [DoctorFinding]?.self) { group in
            group.addTask {
                try? await store.run()
                return nil
            }
            group.addTask {
                guard
                    let rows = await withTimeout(
                        timeout, clock: clock,
                        {
                            try? await store.database.single(
                                "SELECT current_setting('server_version_num') AS version_num, current_setting('server_version') AS version, "
                                    + "CAST(extract(epoch FROM now()) AS DOUBLE PRECISION) AS now", [])
                        }), let row = rows?.first
                else {
                    return [
                        DoctorFinding(
                            check, .problem,
                            "\(redacted) did not answer within \(timeout.seconds.formatted()) seconds.",
                            fix:
                                "Check that PostgreSQL runs there and that the URL's host, port, user, password and database are right."
                        )
                    ]
                }
                var findings: [DoctorFinding] = []
                let number = row.int("version_num")
                if number < 130_000 {
                    findings.append(
                        DoctorFinding(
                            check, .problem,
                            "\(redacted) runs PostgreSQL \(row.text("version")); Hearth needs 13 or newer.",
                            fix: "Upgrade PostgreSQL."))
                } else {
                    findings.append(
                        DoctorFinding(check, .ok, "\(redacted) answers: PostgreSQL \(row.text("version"))."))
                }
                let skew = row.double("now") - current.timeIntervalSince1970
                if abs(skew) > 30 {
                    findings.append(
                        DoctorFinding(
                            "clock", .warning,
                            "This machine's clock is \(Int(abs(skew))) s \(skew > 0 ? "behind" : "ahead of") PostgreSQL's.",
                            fix: "Keep both clocks set with NTP (`timedatectl set-ntp true`)."))
                }
                let tables = Set(
                    ((try? await store.database.single(
                        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()",
                        [])) ?? []).map { $0.text("name") })
                let missing = (CloudSchema.tableNames(.postgres) + PantryTables.tableNames).filter {
                    !tables.contains($0)
                }
                if !missing.isEmpty {
                    findings.append(
                        DoctorFinding(
                            "PostgreSQL tables", .problem,
                            "The record store lacks \(missing.count) of its tables (\(missing.prefix(4).joined(separator: ", "))).",
                            fix: "Start `hearth serve --database …` once: it creates them."))
                }
                return findings
            }
            var findings: [DoctorFinding] = []
            if let first = await group.next(), let found = first { findings = found }
            group.cancelAll()
            for await result in group { if let found = result { findings = found } }
            return findings
        }
    }

    // MARK: Network exposure

    /// Whether the server listens where other machines reach it, and whether HTTPS is in front.
    func exposure() -> [DoctorFinding] {
        let host = configuration.host.lowercased()
        let loopback = host == "localhost" || host == "::1" || host.hasPrefix("127.")
        let https = configuration.publicURL?.scheme?.lowercased() == "https"
        if loopback {
            return [
                DoctorFinding(
                    "address", .ok,
                    "Listens on \(configuration.host), reachable from this machine only\(https ? ", behind \(configuration.publicURL!.absoluteString)" : "")."
                )
            ]
        }
        guard https else {
            guard configuration.trustedProxies.isEmpty else {
                return [
                    DoctorFinding(
                        "address", .warning,
                        "Listens on \(configuration.host) behind the trusted proxies \(configuration.trustedProxies.description), with no https --public-url: cookies are Secure and browsers are told to keep to HTTPS only for requests a proxy says came over https (X-Forwarded-Proto).",
                        fix:
                            "Give --public-url https://your.host, so every cookie is Secure and every page asks browsers to use HTTPS only."
                    )
                ]
            }
            return [
                DoctorFinding(
                    "address", .problem,
                    "Listens on \(configuration.host), where other machines reach it, without HTTPS in front: passwords and tokens would cross the network in the clear.",
                    fix:
                        "Put a reverse proxy with HTTPS in front (docs/deploy.md), listen on 127.0.0.1, give --public-url https://your.host and --trusted-proxy with the proxy's address."
                )
            ]
        }
        return [
            DoctorFinding(
                "address", .warning,
                "Behind \(configuration.publicURL!.absoluteString), but also listening on \(configuration.host), where other machines reach it over plain HTTP.",
                fix: "Listen on 127.0.0.1 (--host) and let only the proxy reach the server.")
        ]
    }

    // MARK: Mail

    /// Whether codes are mailed, or written to the log, where whoever reads the log can take over an account by
    /// asking for a password reset.
    func mail() -> [DoctorFinding] {
        guard let smtp = configuration.smtp else {
            return [
                DoctorFinding(
                    "mail", .warning,
                    "No mail server is set: verification and password-reset codes are written to the server's log, so anyone who can read the log can reset any verified account's password.",
                    fix:
                        "Give --smtp-url and --mail-from (HEARTH_SMTP_URL, HEARTH_MAIL_FROM) to mail codes; until then, let only the server's owner read its log."
                )
            ]
        }
        return [
            DoctorFinding(
                "mail", .ok,
                "Codes are mailed through \(smtp), from \(smtp.from.address); no code or mail body is written to the log."
            )
        ]
    }
}
