import Foundation
import HearthCore
import HearthPantryModel
import Hummingbird
import HummingbirdCore

/// Recipes, "what can I cook", and the shopping list.
extension WebSite {
    func registerKitchen<Context: WebRequestContext>(on router: Router<Context>) {
        router.get("/pantry/:household/recipes") { request, context in
            await page(request, context) { visit, _ in
                try await recipesPage(
                    try context.parameters.id("household"), visit: visit,
                    notice: request.uri.queryParameters["notice"].map(String.init))
            }
        }
        router.get("/pantry/:household/recipes/new") { request, context in
            await page(request, context) { visit, _ in
                try await recipeForm(try context.parameters.id("household"), recipe: nil, visit: visit)
            }
        }
        router.post("/pantry/:household/recipes") { request, context in
            await form(request, context) { visit, _, form in
                let householdID = try context.parameters.id("household")
                let viewer = try visit.signedInViewer()
                var errors = FormErrors()
                if let fields = Self.recipeFields(form, into: &errors), errors.isEmpty {
                    do {
                        _ = try await pantry.perform(
                            AddRecipeMutation(householdId: householdID, fields: fields), as: viewer)
                        throw WebRedirect(location: "/pantry/\(householdID)/recipes?notice=added")
                    } catch let error as ServiceError where error.code == .validationFailed {
                        errors.add("name", Self.sentences(error))
                    }
                }
                return try await recipeForm(householdID, recipe: nil, visit: visit, errors: errors, typed: form.all)
            }
        }
        router.get("/pantry/:household/recipes/:recipe") { request, context in
            await page(request, context) { visit, _ in
                let householdID = try context.parameters.id("household")
                let recipe = try await storedRecipe(householdID, try context.parameters.id("recipe"), visit: visit)
                return try await recipeForm(householdID, recipe: recipe, visit: visit)
            }
        }
        router.post("/pantry/:household/recipes/:recipe") { request, context in
            await form(request, context) { visit, _, form in
                let householdID = try context.parameters.id("household")
                let recipeID = try context.parameters.id("recipe")
                let viewer = try visit.signedInViewer()
                var errors = FormErrors()
                let stored = try await storedRecipe(householdID, recipeID, visit: visit)
                if let fields = Self.recipeFields(form, into: &errors), errors.isEmpty {
                    do {
                        _ = try await pantry.perform(
                            UpdateRecipeMutation(
                                id: recipeID, fields: fields, expectedVersion: form["version"].flatMap(Int.init)),
                            as: viewer)
                        throw WebRedirect(location: "/pantry/\(householdID)/recipes?notice=saved")
                    } catch let error as ServiceError where error.code == .staleVersion {
                        // Someone saved the recipe meanwhile: their version is shown, the edits typed here are kept,
                        // and saving again (now against their version) replaces it.
                        return try await recipeForm(
                            householdID, recipe: stored, visit: visit, typed: form.all, conflict: true)
                    } catch let error as ServiceError where error.code == .validationFailed {
                        errors.add("name", Self.sentences(error))
                    }
                }
                return try await recipeForm(householdID, recipe: stored, visit: visit, errors: errors, typed: form.all)
            }
        }
        router.post("/pantry/:household/recipes/:recipe/delete") { request, context in
            await form(request, context) { visit, _, _ in
                let householdID = try context.parameters.id("household")
                let viewer = try visit.signedInViewer()
                let recipe = try await storedRecipe(householdID, try context.parameters.id("recipe"), visit: visit)
                _ = try await pantry.perform(DeleteRecipeMutation(id: recipe.id), as: viewer)
                throw WebRedirect(location: "/pantry/\(householdID)/recipes?notice=deleted")
            }
        }
        router.post("/pantry/:household/recipes/:recipe/missing") { request, context in
            await form(request, context) { visit, _, _ in
                let householdID = try context.parameters.id("household")
                let viewer = try visit.signedInViewer()
                let recipe = try await storedRecipe(householdID, try context.parameters.id("recipe"), visit: visit)
                let added = try await pantry.perform(AddMissingIngredientsMutation(recipeId: recipe.id), as: viewer)
                throw WebRedirect(location: "/pantry/\(householdID)/shopping?notice=missing&count=\(added.count)")
            }
        }
        router.get("/pantry/:household/shopping") { request, context in
            await page(request, context) { visit, _ in
                try await shoppingPage(
                    try context.parameters.id("household"), visit: visit, query: request.uri.queryParameters,
                    listID: request.uri.queryParameters["list"].map(String.init))
            }
        }
        router.post("/pantry/:household/shopping") { request, context in
            await form(request, context) { visit, _, form in
                let householdID = try context.parameters.id("household")
                let viewer = try visit.signedInViewer()
                var errors = FormErrors()
                if form["name"] == nil { errors.add("name", "Say what to buy, such as \"Milk\".") }
                let quantity = Self.number(form["quantity"] ?? "1", field: "quantity", label: "Quantity", into: &errors)
                let section = form["section"].flatMap { text -> StoreSection? in
                    guard let section = StoreSection(named: text) else {
                        errors.add(
                            "section",
                            "\"\(text.prefix(40))\" is not a section; choose one of the list, or \"From the pantry\".")
                        return nil
                    }
                    return section
                }
                if errors.isEmpty, let name = form["name"], let quantity {
                    do {
                        let line = try await pantry.perform(
                            AddShoppingItemMutation(
                                householdId: householdID, name: name, quantity: quantity, unit: form["unit"],
                                note: form["note"], listId: form["list"], section: section), as: viewer)
                        throw WebRedirect(location: Self.shoppingPath(householdID, list: line.listId))
                    } catch let error as ServiceError where error.code == .validationFailed {
                        errors.add("name", Self.sentences(error))
                    }
                }
                return try await shoppingPage(
                    householdID, visit: visit, listID: form["list"], errors: errors, typed: form.all,
                    status: .unprocessableContent)
            }
        }
        router.post("/pantry/:household/shopping/:line/check") { request, context in
            await form(request, context) { visit, _, form in
                let householdID = try context.parameters.id("household")
                let viewer = try visit.signedInViewer()
                var errors = FormErrors()
                let bestBefore = Self.day(form["bestBefore"], field: "bestBefore", into: &errors)
                guard errors.isEmpty else { throw ServiceError.validationFailed(errors.fields.map(\.message)) }
                let checked = try await pantry.perform(
                    CheckShoppingItemMutation(
                        id: try context.parameters.id("line"), location: form["location"], bestBefore: bestBefore),
                    as: viewer)
                throw WebRedirect(
                    location: Self.shoppingPath(
                        householdID, list: checked.line.listId, "notice=checked&item=\(checked.item.id)"))
            }
        }
        router.post("/pantry/:household/shopping/:line/delete") { request, context in
            await form(request, context) { visit, _, form in
                let householdID = try context.parameters.id("household")
                let viewer = try visit.signedInViewer()
                _ = try await pantry.perform(
                    DeleteShoppingItemMutation(id: try context.parameters.id("line")), as: viewer)
                throw WebRedirect(location: Self.shoppingPath(householdID, list: form["list"]))
            }
        }
        router.post("/pantry/:household/shopping/expiring") { request, context in
            await form(request, context) { visit, _, form in
                let householdID = try context.parameters.id("household")
                let viewer = try visit.signedInViewer()
                let added = try await pantry.perform(
                    AddExpiringAndBelowMinimumMutation(householdId: householdID, listId: form["list"]), as: viewer)
                throw WebRedirect(
                    location: Self.shoppingPath(householdID, list: form["list"], "notice=expiring&count=\(added.count)")
                )
            }
        }
        router.post("/pantry/:household/shopping/clear") { request, context in
            await form(request, context) { visit, _, form in
                let householdID = try context.parameters.id("household")
                let viewer = try visit.signedInViewer()
                let cleared = try await pantry.perform(
                    ClearCheckedShoppingItemsMutation(householdId: householdID, listId: form["list"]), as: viewer)
                throw WebRedirect(
                    location: Self.shoppingPath(householdID, list: form["list"], "notice=cleared&count=\(cleared)"))
            }
        }
        registerShoppingLists(on: router)
    }

    // MARK: Pages

    func recipesPage(_ householdID: String, visit: WebVisit, notice: String?) async throws -> Response {
        let viewer = try visit.signedInViewer()
        async let householdAnswer = pantry.perform(HouseholdQuery(id: householdID), as: viewer)
        async let ranking = pantry.perform(CookableRecipesQuery(householdId: householdID), as: viewer)
        let household = try await householdAnswer
        let ranked = try await ranking
        let notices = [
            "added": "The recipe is saved.", "saved": "The recipe is saved.", "deleted": "The recipe is deleted.",
        ]
        return try render(
            "pantry/recipes",
            [
                "title": "\(household.name): recipes", "section": ["pantry": true],
                "household": ["id": household.id, "name": household.name],
                "tab": ["recipes": true], "none": ranked.isEmpty, "notice": notice.flatMap { notices[$0] } ?? "",
                "recipes": ranked.map { coverage -> [String: Any] in
                    [
                        "id": coverage.recipe.id, "name": coverage.recipe.name, "canCook": coverage.canCook,
                        "hasMissing": !coverage.missing.isEmpty,
                        "percent": Int((coverage.coverage * 100).rounded()),
                        "time": coverage.recipe.totalTime.map { "\($0) min" } ?? "",
                        "missing": coverage.missing.map { line -> [String: String] in
                            let amount =
                                line.missing > 0 ? WebFormat.amount(line.missing, line.ingredient.unit) + " " : ""
                            let note = line.status == .unitMismatch ? " (in stock in another unit)" : ""
                            return ["text": amount + line.ingredient.name + note]
                        },
                    ]
                },
            ], visit: visit)
    }

    func storedRecipe(_ householdID: String, _ recipeID: String, visit: WebVisit) async throws -> Recipe {
        let viewer = try visit.signedInViewer()
        let recipes = try await pantry.perform(RecipesQuery(householdId: householdID), as: viewer)
        guard let recipe = recipes.first(where: { $0.id == recipeID }) else {
            throw ServiceError.notFound("Recipe \(recipeID)")
        }
        return recipe
    }

    func recipeForm(
        _ householdID: String, recipe: Recipe?, visit: WebVisit, errors: FormErrors = FormErrors(),
        typed: [String: String]? = nil,
        conflict: Bool = false
    ) async throws -> Response {
        let viewer = try visit.signedInViewer()
        let household = try await pantry.perform(HouseholdQuery(id: householdID), as: viewer)
        let stored: [String: String] =
            recipe.map { recipe in
                [
                    "name": recipe.name, "description": recipe.description ?? "",
                    "ingredients": recipe.ingredients.map {
                        ($0.quantity > 0 ? WebFormat.amount($0.quantity, $0.unit) + " " : "") + $0.name
                    }.joined(separator: "\n"),
                    "instructions": recipe.instructions.joined(separator: "\n"),
                    "servings": recipe.servings.map(String.init) ?? "",
                    "prepTime": recipe.prepTime.map(String.init) ?? "",
                    "cookTime": recipe.cookTime.map(String.init) ?? "",
                    "difficulty": recipe.difficulty.rawValue, "tags": recipe.tags.joined(separator: ", "),
                ]
            } ?? ["difficulty": "easy"]
        var form = typed ?? stored
        // After a conflict the form is saved against the version now stored.
        if let recipe { form["version"] = String(recipe.version) }
        var values: [String: Any] = [
            "title": recipe.map { "Edit \($0.name)" } ?? "New recipe", "section": ["pantry": true],
            "household": ["id": household.id, "name": household.name], "tab": ["recipes": true],
            "recipe": recipe.map { ["id": $0.id] } as Any, "typed": form,
            "difficulties": Difficulty.allCases.map {
                ["value": $0.rawValue, "label": $0.rawValue.capitalized, "selected": $0.rawValue == form["difficulty"]]
            },
            "conflict": conflict ? ["theirs": stored] : false,
        ]
        values.merge(errors.templateValues) { $1 }
        return try render(
            "pantry/recipe", values, visit: visit,
            status: errors.isEmpty && !conflict ? .ok : (conflict ? .conflict : .unprocessableContent))
    }

    /// The recipe a form describes: one ingredient per line ("200 g flour"), one step per line.
    static func recipeFields(_ form: FormBody, into errors: inout FormErrors) -> RecipeFields? {
        guard let name = form["name"] else {
            errors.add("name", "Name the recipe.")
            return nil
        }
        var ingredients: [Ingredient] = []
        for line in (form["ingredients"] ?? "").split(whereSeparator: \.isNewline)
        where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            do {
                ingredients.append(try IngredientText.parse(String(line)))
            } catch let error as ServiceError {
                errors.add("ingredients", Self.sentences(error))
                return nil
            } catch {
                errors.add("ingredients", "\"\(line.prefix(60))\" cannot be read; write it like \"200 g flour\".")
                return nil
            }
        }
        if ingredients.isEmpty {
            errors.add("ingredients", "List at least one ingredient, one per line, like \"200 g flour\".")
        }
        func minutes(_ field: String, _ label: String) -> Int? {
            guard let text = form[field] else { return nil }
            guard let value = Int(text), value >= 0, value < 100_000 else {
                errors.add(field, "\(label) must be a whole number of minutes; it is \"\(text.prefix(20))\".")
                return nil
            }
            return value
        }
        let servings: Int? = form["servings"].flatMap { text in
            guard let value = Int(text), value > 0, value < 10_000 else {
                errors.add("servings", "Servings must be a whole number above zero; it is \"\(text.prefix(20))\".")
                return nil
            }
            return value
        }
        return RecipeFields(
            name: name, description: form["description"], ingredients: ingredients,
            instructions: (form["instructions"] ?? "").split(whereSeparator: \.isNewline).map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty },
            prepTime: minutes("prepTime", "Preparation time"), cookTime: minutes("cookTime", "Cooking time"),
            servings: servings,
            difficulty: form["difficulty"].flatMap(Difficulty.init(rawValue:)) ?? .easy,
            tags: (form["tags"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty
            })
    }

    func shoppingPage(
        _ householdID: String, visit: WebVisit, query: FlatDictionary<Substring, Substring>? = nil,
        listID: String? = nil, errors: FormErrors = FormErrors(), typed: [String: String] = [:],
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        var values = try await shoppingValues(householdID, visit: visit, query: query, listID: listID, typed: typed)
        values.merge(errors.templateValues) { $1 }
        return try render("pantry/shopping", values, visit: visit, status: status)
    }
}
