import GraphQL
import Synchronization

/// Parsed documents that passed validation, by their query text, so an operation a client sends again is
/// neither parsed nor validated again.
///
/// Only valid documents are kept (a refused one is checked again, and refused again, each time). The cache
/// holds at most `capacity` documents; when it is full it starts over, so a client sending ever new queries
/// costs memory only up to that bound. Validation depends on the schema and the limits, which are fixed for
/// the service that owns the cache.
final class DocumentCache: Sendable {
    private let documents = Mutex<[String: Document]>([:])
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    subscript(query: String) -> Document? {
        get { documents.withLock { $0[query] } }
        set {
            guard capacity > 0, let newValue else { return }
            documents.withLock { documents in
                if documents.count >= capacity, documents[query] == nil { documents.removeAll(keepingCapacity: true) }
                documents[query] = newValue
            }
        }
    }

    /// How many documents are kept now.
    var count: Int { documents.withLock { $0.count } }
}
