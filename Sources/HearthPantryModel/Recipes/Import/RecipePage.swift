import Foundation
public import HearthCore

/// Reading the recipe a web page describes: its schema.org `Recipe` in JSON-LD
/// (`<script type="application/ld+json">`), else in microdata (`itemscope itemtype="https://schema.org/Recipe"`).
///
/// The page is held to ``Limits`` before it is read: its length first, then how deeply its JSON and its elements
/// nest. Reading is one pass over the page's bytes and never recurses.
///
/// ```swift
/// let recipe = try RecipePage.read(html, from: "https://example.com/pancakes")
/// recipe.ingredients   // [Ingredient(name: "flour", quantity: 250, unit: "g"), …]
/// ```
public enum RecipePage {
    /// How much of a page is read.
    public struct Limits: Sendable, Hashable {
        /// The longest page, in bytes: 2 MiB by default.
        public var maxBytes: Int
        /// How deeply a JSON-LD block's brackets, or the page's elements, may nest: 256 by default.
        public var maxDepth: Int

        public init(maxBytes: Int = 2 << 20, maxDepth: Int = 256) {
            self.maxBytes = maxBytes
            self.maxDepth = maxDepth
        }
    }

    /// The recipe `page` describes.
    /// - Parameters:
    ///   - page: the page's bytes (UTF-8).
    ///   - source: where the page came from (its URL or file), for messages.
    /// - Throws: ``ServiceError`` (validation failed) when the page is longer than the limit, nests too deeply,
    ///   or has no schema.org Recipe (the message names the source and any JSON-LD block that could not be read).
    public static func read(_ page: some Collection<UInt8>, from source: String, limits: Limits = Limits()) throws
        -> ImportedRecipe
    {
        guard page.count <= limits.maxBytes else {
            throw ServiceError.validationFailed(
                "The page at \(source) is \(page.count) bytes, more than the \(limits.maxBytes) a recipe page may be; save the recipe's part of the page and import that."
            )
        }
        let tokens = HTMLScanner.tokens(Array(page))
        var blocks: [String] = []
        for (index, token) in tokens.enumerated() {
            guard case .start("script", let attributes, _) = token,
                attributes["type"]?.trimmingCharacters(in: .whitespaces).lowercased() == "application/ld+json",
                index + 1 < tokens.count, case .text(let text) = tokens[index + 1]
            else { continue }
            blocks.append(text)
        }
        let (jsonLD, unreadable) = RecipeJSONLD.recipe(in: blocks, maxDepth: limits.maxDepth)
        if let jsonLD { return jsonLD }
        if let microdata = try RecipeMicrodata.recipe(in: tokens, maxDepth: limits.maxDepth) { return microdata }
        let broken = unreadable.isEmpty ? "" : " (" + unreadable.joined(separator: "; ") + ")"
        throw ServiceError.validationFailed(
            "No schema.org Recipe found in \(source)\(broken): the page has no JSON-LD or microdata recipe. Add the recipe by hand with its ingredients and steps."
        )
    }

    /// Whether a `@type` or `itemtype` names schema.org's Recipe: "Recipe", "schema:Recipe",
    /// "https://schema.org/Recipe".
    static func isRecipeType(_ name: String) -> Bool {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        let last = trimmed.split(whereSeparator: { $0 == "/" || $0 == ":" || $0 == "#" }).last.map(String.init)
        return last?.lowercased() == "recipe"
    }

    /// `values` without blanks and without repeats (ignoring case), in order.
    static func unique(_ values: [String]) -> [String] {
        var seen = Set<String>()
        return values.map(HTMLText.collapsed).filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }
}
