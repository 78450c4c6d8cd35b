import ArgumentParser
import Foundation
import HearthCore
import HearthPantryModel
import HearthPantryServer
import HearthServer
import Logging

/// `hearth pantry digest settings|run|show`: the daily digest of expiring and below-minimum items, on a server's database.
struct PantryDigestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "digest",
        abstract: "The daily digest of expiring and below-minimum items: your own settings, and runs by hand.",
        discussion: """
            `hearth serve` sends the digests on its own, every minute checking whose hour has come. These commands
            work on the server's database directly (give them the settings you give `hearth serve`: --data-dir,
            --database, --smtp-url, --mail-from, or the same environment), for running the digests by hand and for
            seeing what a member would get. Members choose for themselves with `hearth pantry digest settings`
            (or the setDigestPreferences GraphQL mutation).
            """,
        subcommands: [PantryDigestSettingsCommand.self, Run.self, Show.self])

    /// Where the server keeps its data, and its mail server.
    struct ServerOptions: ParsableArguments {
        @Option(name: .customLong("config"), help: "The settings file `hearth serve` reads (HEARTH_CONFIG).")
        var configFile: String?

        @Option(
            name: .customLong("data-dir"),
            help: "The server's data directory (default: HEARTH_DATA_DIR, else ./hearth-data).")
        var dataDirectory: String?

        @Option(
            help: "The server's postgres:// database URL, when it keeps its data in PostgreSQL (HEARTH_DATABASE_URL).")
        var database: String?

        @Option(name: .customLong("smtp-url"), help: "The mail server digests are e-mailed through (HEARTH_SMTP_URL).")
        var smtpURL: String?

        @Option(name: .customLong("mail-from"), help: "The address digests come from (HEARTH_MAIL_FROM).")
        var mailFrom: String?

        @Flag(help: "Print JSON, for scripts.")
        var json = false

        func resolve() throws -> ServerConfiguration {
            try ServerConfiguration.resolve(
                dataDirectory: dataDirectory, database: database, smtpURL: smtpURL, mailFrom: mailFrom,
                configFile: configFile)
        }

        var logger: Logger {
            var logger = Logger(label: "hearth.pantry.digest")
            logger.logLevel = .error
            return logger
        }
    }

    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Send the digests that are due now (each member at most once a day, from their chosen hour).")

        @OptionGroup var server: ServerOptions

        @Flag(name: .customLong("dry-run"), help: "Say what would be sent, and send and record nothing.")
        var dryRun = false

        func run() async throws {
            let dryRun = self.dryRun
            let report = try await PantryDigestRunner.withDigests(try server.resolve(), logger: server.logger) {
                try await $0.runDue(dryRun: dryRun)
            }
            if server.json {
                try printJSON(report)
            } else {
                if report.entries.isEmpty { print("No member has the digest switched on.") }
                for entry in report.entries {
                    let detail = [
                        entry.subject.map { "\"\($0)\"" },
                        entry.channels.isEmpty ? nil : "via " + entry.channels.joined(separator: ", "),
                        entry.error,
                    ].compactMap { $0 }.joined(separator: " ")
                    print("\(entry.deliveryKey)\t\(entry.status.rawValue)\(detail.isEmpty ? "" : "\t" + detail)")
                }
            }
            if !report.failed.isEmpty { throw ExitCode(1) }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Print the digest a member would get now, without sending it.")

        @OptionGroup var server: ServerOptions

        @Option(help: "The member: their account id or e-mail address.")
        var member: String

        @Flag(help: "Print the HTML body instead of the text.")
        var html = false

        func run() async throws {
            let member = self.member
            let (recipient, digest) = try await PantryDigestRunner.withDigests(
                try server.resolve(), logger: server.logger
            ) { try await $0.preview(member: member) }
            if server.json {
                try printJSON(
                    Preview(
                        member: recipient.userID, email: recipient.email, preferences: recipient.preferences,
                        subject: digest.isEmpty ? nil : digest.subject, digest: digest))
            } else if html {
                print(digest.html, terminator: "")
            } else {
                let preferences = recipient.preferences
                let channels = [
                    preferences.email ? "e-mail to \(recipient.email)" : nil,
                    preferences.webhookURL.map { "webhook \(Redaction.url($0))" },
                ].compactMap { $0 }
                print(
                    "Digest \(preferences.enabled ? "on" : "off") for \(recipient.email): at \(preferences.hour):00 \(preferences.timeZone), \(preferences.daysAhead) days ahead, by \(channels.isEmpty ? "no channel" : channels.joined(separator: " and "))."
                )
                if digest.isEmpty {
                    print("Nothing to report today (\(digest.day.iso)): nothing would be sent.")
                } else {
                    print("Subject: \(digest.subject)\n")
                    print(digest.text, terminator: "")
                }
            }
        }
    }

    /// `show --json`.
    struct Preview: Encodable {
        var member: String
        var email: String
        var preferences: DigestPreferences
        var subject: String?
        var digest: PantryDigest
    }
}
