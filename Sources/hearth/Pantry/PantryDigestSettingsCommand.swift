import ArgumentParser
import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel

/// `hearth pantry digest settings`: the signed-in member's own daily digest preferences, read and changed on the
/// pantry server they logged in to.
struct PantryDigestSettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or change your own daily digest: on or off, e-mail, webhook, hour, time zone, days ahead.",
        discussion: """
            Talks to the pantry server you logged in to (`hearth pantry login`). Without options it shows your
            preferences; with options it changes those given and keeps the rest. For example:
              hearth pantry digest settings --on --hour 7 --time-zone Europe/Madrid --days-ahead 3
              hearth pantry digest settings --webhook https://hooks.example.com/pantry --no-email
              hearth pantry digest settings --webhook ""      # removes the webhook
            """)

    @OptionGroup var options: PantryOptions

    @Flag(name: .customLong("on"), help: "Switch the digest on.") var on = false
    @Flag(name: .customLong("off"), help: "Switch the digest off.") var off = false
    @Flag(name: .customLong("email"), help: "Send it to your account's e-mail address.") var email = false
    @Flag(name: .customLong("no-email"), help: "Do not e-mail it.") var noEmail = false
    @Option(help: "An http(s) address it is also POSTed to as JSON (\"\" removes it).") var webhook: String?
    @Option(help: "The hour of your day it goes out from, 0 to 23.") var hour: Int?
    @Option(name: .customLong("time-zone"), help: "Your time zone, such as Europe/Madrid.") var timeZone: String?
    @Option(name: .customLong("days-ahead"), help: "Items due within this many days (0–60) count as expiring soon.")
    var daysAhead: Int?

    func validate() throws {
        if on && off { throw ValidationError("Give --on or --off, not both.") }
        if email && noEmail { throw ValidationError("Give --email or --no-email, not both.") }
    }

    func run() async throws {
        let changes = DigestPreferencesChanges(
            enabled: on ? true : off ? false : nil, email: email ? true : noEmail ? false : nil, webhookURL: webhook,
            hour: hour, timeZone: timeZone, daysAhead: daysAhead)
        let preferences = try await options.withServices { services, _ in
            let users = try services.users()
            return changes.isEmpty
                ? try await users.digestPreferences() : try await users.updateDigestPreferences(changes)
        }
        try options.output(preferences) { Self.describe(preferences) }
    }

    /// "Digest on: at 7:00 Europe/Madrid, items due within 3 days, by e-mail and webhook https://…".
    static func describe(_ preferences: DigestPreferences) -> String {
        let channels = [
            preferences.email ? "e-mail" : nil, preferences.webhookURL.map { "webhook \(Redaction.url($0))" },
        ]
        .compactMap { $0 }
        let how = channels.isEmpty ? "no channel (give --email or --webhook)" : channels.joined(separator: " and ")
        return
            "Digest \(preferences.enabled ? "on" : "off"): at \(preferences.hour):00 \(preferences.timeZone), items due within \(preferences.daysAhead) day\(preferences.daysAhead == 1 ? "" : "s"), by \(how)."
            + (preferences.enabled ? "" : " Switch it on with --on.")
    }
}
