import ArgumentParser
import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel
import HearthStore
import HearthSync

/// `hearth pantry logout`.
struct PantryLogoutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Sign out and forget the kept session.")

    @OptionGroup var options: PantryOptions

    func run() async throws {
        try await options.withServices { services, _ in try await services.signOut() }
        try PantryOptions.files.remove(PantryOptions.loginFile)
        struct Answer: Encodable { let signedOut: Bool }
        try options.output(Answer(signedOut: true)) { "Signed out." }
    }
}
