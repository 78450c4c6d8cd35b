import ArgumentParser
import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel
import HearthStore
import HearthSync

/// `hearth pantry login`.
struct PantryLoginCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Sign in (or up with --sign-up) and keep the session.")

    @OptionGroup var options: PantryOptions
    @Option(help: "The account's email.") var email: String
    @Option(help: "The password (default: HEARTH_PASSWORD).") var password: String?
    @Flag(name: .customLong("sign-up"), help: "Create the account first.") var signUp = false

    func run() async throws {
        guard let password = password ?? ProcessInfo.processInfo.environment["HEARTH_PASSWORD"], !password.isEmpty
        else {
            throw ServiceError.validationFailed("--email needs a password: give --password or set HEARTH_PASSWORD.")
        }
        let session = try await options.withServices { services, url in
            let auth = try services.auth()
            let session =
                signUp
                ? try await auth.signUp(email: email, password: password)
                : try await auth.signIn(email: email, password: password)
            try PantryOptions.files.writeJSON(
                PantryOptions.SavedLogin(server: url.absoluteString), to: PantryOptions.loginFile)
            return session
        }
        struct Answer: Encodable {
            let email: String
            let userId: String
            let expiresAt: Date
        }
        try options.output(Answer(email: session.email, userId: session.userId, expiresAt: session.expiresAt)) {
            "Signed in as \(session.email) (user \(session.userId))."
        }
    }
}
