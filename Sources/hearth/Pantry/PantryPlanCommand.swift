import ArgumentParser
import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel

/// `hearth pantry plan list|add|remove|shop`: a household's meal plan.
struct PantryPlanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan", abstract: "A household's meal plan, and the shopping it needs.",
        subcommands: [List.self, Add.self, Remove.self, Shop.self])

    /// The days --week, or --from and --to, name; this ISO week when none is given.
    struct Days: ParsableArguments {
        @Option(help: "An ISO week, such as 2026-W48 (Monday to Sunday).") var week: String?
        @Option(help: "The first day, YYYY-MM-DD (with --to).") var from: String?
        @Option(help: "The last day, YYYY-MM-DD (with --from).") var to: String?

        func range() throws -> ClosedRange<CalendarDay> {
            if let week {
                guard from == nil, to == nil else {
                    throw ServiceError.validationFailed("Give either --week or --from and --to, not both.")
                }
                return try MealPlanRules.isoWeek(week)
            }
            if from != nil || to != nil {
                guard let from, let to else {
                    throw ServiceError.validationFailed("Give both --from and --to (YYYY-MM-DD), or --week.")
                }
                return try MealPlanRules.range(from: from, to: to)
            }
            let today = CalendarDay(Date(), in: .current)
            return try MealPlanRules.isoWeek(Self.week(of: today))
        }

        /// The ISO week `day` is in, written YYYY-Www.
        static func week(of day: CalendarDay) -> String {
            var calendar = Calendar(identifier: .iso8601)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            let date = day.startOfDay(in: calendar.timeZone)
            let week = calendar.component(.weekOfYear, from: date)
            let year = calendar.component(.yearForWeekOfYear, from: date)
            return String(format: "%04d-W%02d", year, week)
        }
    }

    /// "2026-11-23  dinner  Pancakes  6 servings  (note)".
    static func line(_ entry: MealPlanEntry, _ names: [String: String]) -> String {
        var parts = [
            entry.id, entry.day.iso, entry.meal.rawValue, names[entry.recipeId] ?? entry.recipeId,
            "\(entry.servings) serving\(entry.servings == 1 ? "" : "s")",
        ]
        if let note = entry.note { parts.append(note) }
        return parts.joined(separator: "\t")
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the meals planned in a week or between two days.")
        @OptionGroup var options: PantryOptions
        @OptionGroup var days: Days
        @Option(help: "The household's id; the current household when left out.") var household: String?

        func run() async throws {
            let range = try days.range()
            let (entries, names) = try await options.withServices { services, _ in
                let id = try await PantryOptions.household(household, services)
                let entries = try await services.mealPlan().plan(
                    householdId: id, from: range.lowerBound, to: range.upperBound)
                let recipes = try await services.recipes().recipes(in: id)
                return (entries, Dictionary(recipes.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a }))
            }
            try options.output(entries) {
                entries.isEmpty
                    ? "Nothing planned from \(range.lowerBound.iso) to \(range.upperBound.iso); plan a meal with `hearth pantry plan add DAY MEAL RECIPE_ID`."
                    : entries.map { PantryPlanCommand.line($0, names) }.joined(separator: "\n")
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Plan a recipe for a day's meal.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The day, YYYY-MM-DD.") var day: String
        @Argument(help: "breakfast, lunch, dinner or snack.") var meal: String
        @Argument(help: "The recipe's id (see `hearth pantry recipes list`).") var recipe: String
        @Option(help: "How many servings; the recipe's own when left out.") var servings: Int?
        @Option(help: "A note.") var note: String?
        @Option(help: "The household's id; the current household when left out.") var household: String?

        func run() async throws {
            let planned = try MealPlanRules.day(day, "DAY")
            guard let which = Meal(rawValue: meal.trimmingCharacters(in: .whitespaces).lowercased()) else {
                throw ServiceError.validationFailed(
                    "MEAL \"\(meal)\" is not one of: \(Meal.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            if let servings { _ = try MealPlanRules.servings(servings) }
            let entry = try await options.withServices { services, _ in
                let id = try await PantryOptions.household(household, services)
                return try await services.mealPlan().add(
                    householdId: id, day: planned, meal: which, recipeId: recipe, servings: servings, note: note)
            }
            try options.output(entry) {
                "Planned \(entry.meal.rawValue) on \(entry.day.iso) for \(entry.servings) (\(entry.id))."
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Take a meal off the plan.")
        @OptionGroup var options: PantryOptions
        @Argument(help: "The entry's id (see `hearth pantry plan list`).") var entry: String

        func run() async throws {
            try await options.withServices { services, _ in try await services.mealPlan().remove(entryId: entry) }
            struct Answer: Encodable { let removed: String }
            try options.output(Answer(removed: entry)) { "Removed \(entry) from the plan." }
        }
    }

    struct Shop: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "shop",
            abstract: "Put what the planned meals still need after the stock on the shopping list.",
            discussion: """
                Recipes are scaled to each meal's servings and summed per food, converting units (cups of flour \
                into grams through the food's density); what is in stock and already on the list is subtracted. \
                Running it again adds nothing.
                """)
        @OptionGroup var options: PantryOptions
        @OptionGroup var days: Days
        @Option(help: "The household's id; the current household when left out.") var household: String?

        func run() async throws {
            let range = try days.range()
            let added = try await options.withServices { services, _ in
                let id = try await PantryOptions.household(household, services)
                return try await services.mealPlan().shop(
                    householdId: id, from: range.lowerBound, to: range.upperBound)
            }
            try options.output(added) {
                added.isEmpty
                    ? "Nothing to add: the stock and the list cover the meals from \(range.lowerBound.iso) to \(range.upperBound.iso)."
                    : (["Added to the shopping list:"]
                        + added.map {
                            "  " + Units.format($0.quantity, $0.unit) + " " + $0.name
                                + ($0.note.map { " (\($0))" } ?? "")
                        })
                        .joined(separator: "\n")
            }
        }
    }
}
