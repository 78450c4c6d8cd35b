import Foundation
import HearthCore

/// Reading a schema.org `Recipe` out of a page's JSON-LD: a block holding the recipe alone, an array of nodes, a
/// `@graph` (WordPress with Yoast), or a recipe as another node's `mainEntity`; `@type` as a string or an array.
enum RecipeJSONLD {
    /// The first recipe among `blocks` (the texts of the page's JSON-LD scripts), with how many blocks could not
    /// be read and why the first of them could not.
    static func recipe(in blocks: [String], maxDepth: Int) -> (recipe: ImportedRecipe?, unreadable: [String]) {
        var unreadable: [String] = []
        for (number, block) in blocks.enumerated() {
            let value: AnyJSON
            switch decode(block, maxDepth: maxDepth) {
            case .success(let decoded): value = decoded
            case .failure(.reason(let reason)):
                unreadable.append("JSON-LD block \(number + 1) \(reason)")
                continue
            }
            if let node = findRecipe(in: value), let recipe = read(node) { return (recipe, unreadable) }
        }
        return (nil, unreadable)
    }

    private enum Failure: Error {
        case reason(String)
    }

    private static func decode(_ block: String, maxDepth: Int) -> Result<AnyJSON, Failure> {
        var text = block.trimmingCharacters(in: .whitespacesAndNewlines)
        // Some pages wrap the JSON in an HTML comment or CDATA section.
        for (open, close) in [("<!--", "-->"), ("<![CDATA[", "]]>"), ("//<![CDATA[", "//]]>")]
        where text.hasPrefix(open) && text.hasSuffix(close) {
            text = String(text.dropFirst(open.count).dropLast(close.count))
        }
        let bytes = Array(text.utf8)
        let depth = JSONNesting.depth(of: bytes)
        guard depth <= maxDepth else {
            return .failure(.reason("nests \(depth) levels deep, more than the \(maxDepth) allowed"))
        }
        do {
            return .success(try JSONDecoder().decode(AnyJSON.self, from: Data(bytes)))
        } catch {
            // Pages often leave raw line breaks and tabs inside strings, which JSON does not allow.
            if let repaired = try? JSONDecoder().decode(AnyJSON.self, from: Data(withoutRawControls(bytes))) {
                return .success(repaired)
            }
            return .failure(.reason("is not valid JSON"))
        }
    }

    /// `bytes` with control characters inside strings turned into spaces.
    private static func withoutRawControls(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        var inString = false
        var escaped = false
        for index in result.indices {
            let byte = result[index]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                } else if byte < 0x20 {
                    result[index] = 0x20
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            }
        }
        return result
    }

    /// The first node, breadth first, whose `@type` is Recipe.
    private static func findRecipe(in root: AnyJSON) -> [String: AnyJSON]? {
        var queue: [AnyJSON] = [root]
        var next = 0
        while next < queue.count {
            let value = queue[next]
            next += 1
            switch value {
            case .array(let elements): queue += elements
            case .object(let members):
                if isRecipe(members["@type"]) { return members }
                for key in ["@graph", "mainEntity", "mainEntityOfPage", "itemListElement", "item"] {
                    if let member = members[key] { queue.append(member) }
                }
            default: break
            }
        }
        return nil
    }

    private static func isRecipe(_ type: AnyJSON?) -> Bool {
        switch type {
        case .string(let name)?: return RecipePage.isRecipeType(name)
        case .array(let names)?: return names.contains { $0.string.map(RecipePage.isRecipeType) ?? false }
        default: return false
        }
    }

    private static func read(_ node: [String: AnyJSON]) -> ImportedRecipe? {
        guard let name = texts(node["name"]).first ?? texts(node["headline"]).first else { return nil }
        let yield = yieldText(node["recipeYield"] ?? node["yield"])
        var tags: [String] = []
        for key in ["recipeCategory", "recipeCuisine"] { tags += texts(node[key]) }
        tags += texts(node["keywords"]).flatMap { $0.split(separator: ",").map { HTMLText.collapsed(String($0)) } }
        var recipe = ImportedRecipe(
            name: name, description: texts(node["description"]).first, yield: yield,
            servings: yield.flatMap(ImportedRecipe.servings(in:)),
            prepTime: texts(node["prepTime"]).first.flatMap(ISODuration.minutes),
            cookTime: texts(node["cookTime"]).first.flatMap(ISODuration.minutes),
            totalTime: texts(node["totalTime"]).first.flatMap(ISODuration.minutes),
            instructions: steps(node["recipeInstructions"]),
            ingredientLines: texts(node["recipeIngredient"] ?? node["ingredients"]), tags: RecipePage.unique(tags),
            origin: .jsonLD)
        recipe.tags = RecipePage.unique(recipe.tags)
        return recipe
    }

    /// The plain texts of a value: a string, a number, or an array of them.
    private static func texts(_ value: AnyJSON?) -> [String] {
        switch value {
        case .string(let text)?:
            let plain = HTMLText.plain(text)
            return plain.isEmpty ? [] : [plain]
        case .int(let number)?: return [String(number)]
        case .double(let number)?: return [Units.formatNumber(number)]
        case .array(let elements)?: return elements.flatMap { texts($0) }
        case .object(let members)?: return texts(members["@value"] ?? members["text"] ?? members["name"])
        default: return []
        }
    }

    /// `recipeYield` as text: the most telling of its forms ("4 servings" over "4").
    private static func yieldText(_ value: AnyJSON?) -> String? {
        let all = texts(value)
        return all.first { $0.contains { $0.isLetter } } ?? all.first
    }

    /// The steps of `recipeInstructions`: text (one step per line or paragraph), strings, `HowToStep`s and
    /// `HowToSection`s (their steps, in order), read without recursion.
    private static func steps(_ value: AnyJSON?) -> [String] {
        guard let value else { return [] }
        var result: [String] = []
        var pending: [AnyJSON] = [value]
        while let next = pending.popLast() {
            switch next {
            case .string(let text): result += HTMLText.lines(text)
            case .array(let elements): pending += elements.reversed()
            case .object(let members):
                if let items = members["itemListElement"] {
                    pending.append(items)
                } else if let text = members["text"] ?? members["name"] {
                    pending.append(text)
                }
            default: break
            }
        }
        return result
    }
}
