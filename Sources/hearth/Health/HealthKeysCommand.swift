import ArgumentParser
import Foundation
import HearthCore
import HearthHealth
import HearthStore

/// `hearth health keys`: this device's end-to-end key fingerprint, the keys it trusts, and the recovery code.
struct HealthKeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Show this device's end-to-end key fingerprint and the keys it trusts, or its recovery code.",
        discussion: """
            Health records are encrypted on the device before they reach the server. Compare fingerprints with the
            people you share with (read them to each other): the same digits on both sides mean your devices hold
            each other's real keys. Keep the recovery code somewhere safe: on a new device, `hearth health keys
            recover CODE` brings your key back, and without it (and without this device) nobody can open your
            records in the cloud.
            """,
        subcommands: [Show.self, Recover.self],
        defaultSubcommand: Show.self
    )

    struct Shown: Encodable {
        var fingerprint: String
        var recoveryCode: String?
        var trusted: [HealthKeyring.TrustedKey]
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show this device's key fingerprint and the keys it trusts.")
        @OptionGroup var options: HealthOptions
        @Flag(help: "Also print the recovery code (anyone holding it can open your records: keep it private).")
        var recoveryCode = false

        func run() async throws {
            let health = try options.openHealth()
            let (identity, trusted) = try await health.database.write { db in
                (try HealthKeyring.identity(db), try HealthKeyring.trustedKeys(db))
            }
            let shown = Shown(
                fingerprint: identity.fingerprint, recoveryCode: recoveryCode ? identity.recoveryCode : nil,
                trusted: trusted)
            if options.json { return try options.print(json: shown) }
            print("This device's key fingerprint: \(shown.fingerprint)")
            if let code = shown.recoveryCode {
                print("Recovery code (keep it private and safe): \(code)")
            }
            if trusted.isEmpty {
                print("No other keys yet: they arrive with shares.")
            } else {
                print("Keys this device trusts (compare each with what that person's device shows):")
                for key in trusted { print("  \(key.userRecordName)  \(key.role)  \(key.fingerprint)") }
            }
        }
    }

    struct Recover: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Put the key a recovery code writes down on this device, to open records sealed on your other devices.")
        @OptionGroup var options: HealthOptions
        @Argument(help: "The recovery code (56 characters; dashes, spaces and case do not matter).") var code: String

        func run() async throws {
            let identity: HealthIdentity
            do {
                identity = try HealthIdentity(recoveryCode: code)
            } catch {
                throw ValidationError("\(error)")
            }
            let health = try options.openHealth()
            try await health.database.write { db in try HealthKeyring.restore(identity, db) }
            if options.json {
                return try options.print(json: Shown(fingerprint: identity.fingerprint, recoveryCode: nil, trusted: []))
            }
            print(
                "Key restored; its fingerprint is \(identity.fingerprint). Run `hearth health sync` to open your records."
            )
        }
    }
}
