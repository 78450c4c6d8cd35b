public import Foundation

/// Fetches a recipe page over HTTP for `importRecipe`: the live one is ``RecipePageFetcher``.
public protocol RecipePageFetching: Sendable {
    /// The page at `url`: its bytes and the address it was finally read from (after redirects).
    /// - Throws: `ServiceError` when the address is refused, the page cannot be fetched, or it is too large.
    func fetch(_ url: String) async throws -> (bytes: [UInt8], url: URL)
    /// The largest page it reads, which is also the largest HTML `importRecipe` takes inline.
    var maxBytes: Int { get }
}
