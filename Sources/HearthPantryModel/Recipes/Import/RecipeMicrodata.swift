import HearthCore

/// Reading a schema.org `Recipe` out of a page's microdata: the first element with `itemscope` and an `itemtype`
/// naming Recipe, and the `itemprop`s in its scope (a nested `itemscope` is an item of its own, such as a
/// `HowToStep`).
///
/// A property's value is its element's `content` attribute when it has one, else `datetime` (`time`), `href`
/// (`a`, `link`), `src` (`img`), `value` (`data`, `meter`), else its text. One pass over the tokens with a stack
/// of open elements, no deeper than `maxDepth`. Only the properties a recipe is made from are kept, each text at
/// about ``maxText`` bytes, so elements nested inside each other cannot make the page's text count many
/// times over.
enum RecipeMicrodata {
    /// A property's value: text, or an item (by its index).
    private enum Value {
        case text(String)
        case item(Int)
    }

    private struct Item {
        var types: [String]
        var properties: [(name: String, value: Value)] = []
    }

    private struct Frame {
        let name: String
        /// The item this element starts, if it has `itemscope`.
        var item: Int?
        /// Property names waiting for the element's text, and the item they belong to.
        var pending: [String] = []
        var owner: Int?
        var textStart = 0
    }

    /// The longest text a property keeps, in bytes of UTF-8 (as many characters at most).
    static let maxText = 65_536

    /// The properties a recipe is read from.
    private static let read: Set<String> = [
        "name", "description", "recipeYield", "yield", "prepTime", "cookTime", "totalTime", "recipeIngredient",
        "ingredients", "recipeInstructions", "text", "itemListElement", "step", "recipeCategory", "recipeCuisine",
        "keywords",
    ]

    /// The first Recipe item of `tokens`. Throws when elements nest deeper than `maxDepth`.
    static func recipe(in tokens: [HTMLScanner.Token], maxDepth: Int) throws -> ImportedRecipe? {
        var items: [Item] = []
        var stack: [Frame] = []
        var pieces: [String] = []

        func owner() -> Int? { stack.last(where: { $0.item != nil })?.item }

        func close(_ frame: Frame) {
            guard let owner = frame.owner, !frame.pending.isEmpty else { return }
            // Each piece holds at least one byte, so this reads at most maxText pieces.
            var text = ""
            for piece in pieces[frame.textStart...] {
                text += piece
                if text.utf8.count >= maxText { break }
            }
            if text.utf8.count > maxText { text = String(text.prefix(maxText)) }
            for name in frame.pending { items[owner].properties.append((name, .text(text))) }
        }

        for token in tokens {
            switch token {
            case .text(let text):
                pieces.append(text)
            case .start(let name, let attributes, let selfClosing):
                if HTMLScanner.breaksLine(name) { pieces.append("\n") }
                let names = (attributes["itemprop"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
                    .filter(read.contains)
                var frame = Frame(name: name, owner: owner())
                if attributes["itemscope"] != nil {
                    let types = (attributes["itemtype"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
                    items.append(Item(types: types))
                    frame.item = items.count - 1
                    if let parent = frame.owner {
                        for property in names { items[parent].properties.append((property, .item(items.count - 1))) }
                    }
                } else if !names.isEmpty, let parent = frame.owner {
                    if let value = attributeValue(name, attributes) {
                        for property in names { items[parent].properties.append((property, .text(value))) }
                    } else {
                        frame.pending = names
                        frame.textStart = pieces.count
                    }
                }
                if HTMLScanner.void.contains(name) || selfClosing { continue }
                guard stack.count < maxDepth else {
                    throw ServiceError.validationFailed(
                        "The page's elements nest more than \(maxDepth) levels deep; it cannot be read as a recipe.")
                }
                stack.append(frame)
            case .end(let name):
                if HTMLScanner.breaksLine(name) { pieces.append("\n") }
                guard let open = stack.lastIndex(where: { $0.name == name }) else { continue }
                while stack.count > open { close(stack.removeLast()) }
            }
        }
        while let frame = stack.popLast() { close(frame) }

        guard let index = items.firstIndex(where: { $0.types.contains(where: RecipePage.isRecipeType) }) else {
            return nil
        }
        return read(items[index], items)
    }

    private static func attributeValue(_ element: String, _ attributes: [String: String]) -> String? {
        if let content = attributes["content"] { return content }
        switch element {
        case "time": return attributes["datetime"]
        case "a", "link", "area": return attributes["href"]
        case "img", "audio", "video", "source", "embed", "iframe": return attributes["src"]
        case "data", "meter": return attributes["value"]
        case "meta": return ""
        default: return nil
        }
    }

    private static func read(_ item: Item, _ items: [Item]) -> ImportedRecipe? {
        func texts(_ property: String) -> [String] {
            item.properties.filter { $0.name == property }.compactMap { property in
                switch property.value {
                case .text(let text):
                    let plain = HTMLText.collapsed(text)
                    return plain.isEmpty ? nil : plain
                case .item(let index):
                    let nested = items[index].properties.first { $0.name == "text" || $0.name == "name" }
                    if case .text(let text)? = nested?.value { return HTMLText.collapsed(text) }
                    return nil
                }
            }
        }
        guard let name = texts("name").first else { return nil }
        var steps: [String] = []
        for property in item.properties where property.name == "recipeInstructions" {
            switch property.value {
            case .text(let text): steps += HTMLText.lines(text)
            case .item(let index):
                // A HowToStep's text, or a HowToSection's steps.
                let nested = items[index].properties
                let inner = nested.filter { $0.name == "itemListElement" || $0.name == "step" }
                let sources = inner.isEmpty ? nested.filter { $0.name == "text" } : inner
                for source in sources {
                    switch source.value {
                    case .text(let text): steps += HTMLText.lines(text)
                    case .item(let step):
                        for part in items[step].properties where part.name == "text" {
                            if case .text(let text) = part.value { steps += HTMLText.lines(text) }
                        }
                    }
                }
            }
        }
        let yield = texts("recipeYield").first { $0.contains { $0.isLetter } } ?? texts("recipeYield").first
        var ingredients = texts("recipeIngredient")
        if ingredients.isEmpty { ingredients = texts("ingredients") }
        let tags =
            texts("recipeCategory") + texts("recipeCuisine")
            + texts("keywords").flatMap { $0.split(separator: ",").map { HTMLText.collapsed(String($0)) } }
        return ImportedRecipe(
            name: name, description: texts("description").first, yield: yield,
            servings: yield.flatMap(ImportedRecipe.servings(in:)),
            prepTime: texts("prepTime").first.flatMap(ISODuration.minutes),
            cookTime: texts("cookTime").first.flatMap(ISODuration.minutes),
            totalTime: texts("totalTime").first.flatMap(ISODuration.minutes), instructions: steps,
            ingredientLines: ingredients, tags: RecipePage.unique(tags), origin: .microdata)
    }
}
