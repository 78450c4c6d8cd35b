import Foundation
import HearthExchange

/// Finds columns by header name, never by position: the first header equal to a synonym, else the first
/// that starts with one as a whole word ("Odometer (km)" for "odometer").
struct HeaderMap {
    let keys: [String]
    let headers: [String]

    init(_ headers: [String]) {
        self.headers = headers
        keys = headers.map(ImportText.headerKey)
    }

    func index(_ synonyms: [String]) -> Int? {
        let wanted = synonyms.map(ImportText.headerKey)
        for synonym in wanted {
            if let exact = keys.firstIndex(of: synonym) { return exact }
        }
        for synonym in wanted {
            if let prefixed = keys.firstIndex(where: { $0.hasPrefix(synonym + " ") }) { return prefixed }
        }
        return nil
    }

    /// The header at `index` as written, for messages.
    func name(_ index: Int?) -> String? { index.flatMap { headers.indices.contains($0) ? headers[$0] : nil } }
}
