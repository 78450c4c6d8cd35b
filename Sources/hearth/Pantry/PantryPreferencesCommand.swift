import ArgumentParser
import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel

/// `hearth pantry preferences show|set|reset`.
struct PantryPreferencesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preferences",
        abstract: "Your pantry preferences on this device: units, default view, current household.",
        subcommands: [Show.self, Set.self, Reset.self])

    /// The view `text` names; an error naming `option` otherwise.
    static func view(_ text: String, _ option: String) throws -> UserPreferences.AppSettings.DefaultView {
        guard
            let view = UserPreferences.AppSettings.DefaultView(
                rawValue: text.trimmingCharacters(in: .whitespaces).lowercased())
        else {
            throw ServiceError.validationFailed(
                "\(option) \"\(text)\" is not one of: \(UserPreferences.AppSettings.DefaultView.allCases.map(\.rawValue).joined(separator: ", "))."
            )
        }
        return view
    }

    static func text(_ preferences: UserPreferences) -> String {
        """
        units\t\(preferences.app.measurementUnit.rawValue)
        view\t\(preferences.app.defaultView.rawValue)
        household\t\(preferences.lastSelectedHouseholdId ?? "(none selected)")
        """
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Print the preferences.")
        @OptionGroup var options: PantryOptions

        func run() async throws {
            let preferences = try await UserPreferencesService(files: PantryOptions.files).preferences()
            try options.output(preferences) { PantryPreferencesCommand.text(preferences) }
        }
    }

    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Change the units, the default view or the current household.")
        @OptionGroup var options: PantryOptions
        @Option(help: "metric or imperial: how quantities are printed.") var units: String?
        @Option(help: "pantry, shopping_list, recipes or household: what `hearth pantry` shows.") var view: String?
        @Option(help: "The household commands act on when none is named.") var household: String?

        func run() async throws {
            let system = try units.map { text in
                guard
                    let system = UserPreferences.AppSettings.MeasurementSystem(
                        rawValue: text.trimmingCharacters(in: .whitespaces).lowercased())
                else {
                    throw ServiceError.validationFailed("--units \"\(text)\" is not one of: metric, imperial.")
                }
                return system
            }
            let defaultView = try view.map { try PantryPreferencesCommand.view($0, "--view") }
            guard system != nil || defaultView != nil || household != nil else {
                throw ServiceError.validationFailed("Give at least one of --units, --view or --household to change.")
            }
            let saved = try await options.withServices { services, _ in
                if let household { try await services.households().selectHousehold(id: household) }
                let preferences = try services.preferences()
                let kept = try await preferences.preferences()
                let app = UserPreferences.AppSettings(
                    defaultView: defaultView ?? kept.app.defaultView, sort: kept.app.sort,
                    measurementUnit: system ?? kept.app.measurementUnit,
                    language: kept.app.language, autoSync: kept.app.autoSync)
                let changed = UserPreferences(
                    theme: kept.theme, notifications: kept.notifications, app: app,
                    lastSelectedHouseholdId: kept.lastSelectedHouseholdId)
                try await preferences.save(changed)
                return changed
            }
            try options.output(saved) { PantryPreferencesCommand.text(saved) }
        }
    }

    struct Reset: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "reset", abstract: "Put back the defaults.")
        @OptionGroup var options: PantryOptions

        func run() async throws {
            try await options.withServices { services, _ in try await services.preferences().reset() }
            try options.output(UserPreferences()) { PantryPreferencesCommand.text(UserPreferences()) }
        }
    }
}
