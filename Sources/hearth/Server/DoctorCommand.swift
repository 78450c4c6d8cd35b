import ArgumentParser
import Foundation
import HearthAnalytics
import HearthFinance
import HearthGarage
import HearthHealth
import HearthServer
import HearthStore
import HearthSync

/// `hearth doctor`: checks a data directory and a server configuration.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check a data directory and the server's settings, and say what is wrong and how to fix it.",
        discussion: """
            Checks the data directory (it exists, only its owner reads it, it can be written), the free disk
            space, every database in it (SQLite's integrity check, the record store's tables, migrations from
            a newer Hearth), PostgreSQL when --database is given (reachable, its version, its tables, its
            clock), an address other machines reach without HTTPS in front (--host, --public-url,
            --trusted-proxy), the clock, and whether codes are mailed or written to the log. Give it the settings
            you give `hearth serve`; the environment (HEARTH_DATA_DIR, HEARTH_DATABASE_URL, HEARTH_HOST, HEARTH_PUBLIC_URL,
            HEARTH_TRUSTED_PROXIES, HEARTH_SMTP_URL) and the --config file are read the same way.
            Exits with status 1 when something is wrong (a problem), 0 otherwise.
            """
    )

    @Option(name: .customLong("config"), help: "The settings file `hearth serve` reads (HEARTH_CONFIG).")
    var configFile: String?

    @Option(
        name: .customLong("data-dir"),
        help: "The server's data directory (default: HEARTH_DATA_DIR, else ./hearth-data).")
    var dataDirectory: String?

    @Option(
        help:
            "The server's postgres:// database URL, when its record store is in PostgreSQL (default: HEARTH_DATABASE_URL)."
    )
    var database: String?

    @Option(help: "The address the server listens on (default: HEARTH_HOST, else 127.0.0.1).")
    var host: String?

    @Option(
        name: .customLong("public-url"),
        help: "The https:// address a reverse proxy serves it at (default: HEARTH_PUBLIC_URL).")
    var publicURL: String?

    @Option(
        name: .customLong("trusted-proxy"),
        help:
            "A reverse proxy whose X-Forwarded-For and X-Forwarded-Proto the server believes (HEARTH_TRUSTED_PROXIES).")
    var trustedProxies: [String] = []

    @Option(name: .customLong("smtp-url"), help: "The mail server codes are sent through (HEARTH_SMTP_URL).")
    var smtpURL: String?

    @Option(name: .customLong("mail-from"), help: "The sender of the server's mail (HEARTH_MAIL_FROM).")
    var mailFrom: String?

    @Flag(help: "Print the findings as JSON, for scripts.")
    var json = false

    func run() async throws {
        let configuration = try ServerConfiguration.resolve(
            host: host, dataDirectory: dataDirectory, database: database, publicURL: publicURL, smtpURL: smtpURL,
            mailFrom: mailFrom, trustedProxies: trustedProxies, configFile: configFile)
        let known = AppDatabase.migrationNames([
            GarageSchema.self, GarageSyncSchema.self, FinanceSchema.self, FinanceSyncSchema.self, HealthSchema.self,
            HealthSyncSchema.self, HealthKeySchema.self,
            SyncSchema.self, AnalyticsSchema.self,
        ])
        let findings = await Doctor(configuration: configuration, knownMigrations: Set(known)).examine()
        if json {
            try printJSON(findings)
        } else {
            let marks: [DoctorFinding.Severity: String] = [.ok: "ok     ", .warning: "warning", .problem: "PROBLEM"]
            for finding in findings {
                print("\(marks[finding.severity] ?? "")  \(finding.check): \(finding.summary)")
                if let fix = finding.fix, finding.severity != .ok { print("         fix: \(fix)") }
            }
            let problems = findings.filter { $0.severity == .problem }.count
            let warnings = findings.filter { $0.severity == .warning }.count
            print(
                problems == 0 && warnings == 0
                    ? "All is well."
                    : "\(problems) problem\(problems == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s").")
        }
        if findings.contains(where: { $0.severity == .problem }) { throw ExitCode(1) }
    }
}
