import ArgumentParser
import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel
import HearthStore
import HearthSync

/// `hearth pantry …`: households and their pantries on a Hearth server, over its GraphQL endpoint.
struct PantryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pantry",
        abstract: "Households, members, invites and pantry items on a Hearth server.",
        discussion: """
            Log in once; the session is kept, readable only by you, in the data directory's credentials folder
            (HEARTH_DATA_DIR, default ./hearth-data), and later commands use its server unless --server says otherwise.
            Add --json to any command for machine-readable output.

            Start with:
              hearth pantry login --server http://127.0.0.1:8080 --email ada@example.com --sign-up
              hearth pantry household create "Home"
              hearth pantry household invite HOUSEHOLD_ID
            """,
        subcommands: [
            PantryShowCommand.self, PantryLoginCommand.self, PantryLogoutCommand.self, PantryHouseholdCommand.self,
            PantryItemsCommand.self,
        ]
            + [PantryRecipesCommand.self, PantryShoppingCommand.self, PantryPreferencesCommand.self]
            + [PantryDigestCommand.self, PantryPlanCommand.self, PantryListsCommand.self, PantryStoresCommand.self],
        defaultSubcommand: PantryShowCommand.self
    )
}
