import Crypto
import GraphQL
import Synchronization

/// Parsed documents that passed the limits and validation, by the SHA-256 of their text, so an operation a
/// client sends again is neither scanned, parsed, measured nor validated again.
///
/// Only valid documents are kept (a refused one is checked again, and refused again, each time). The key is the
/// digest, not the text, so a key costs 32 bytes however long the document; what a document costs is what its
/// parsed form holds: its text (which the parsed form keeps for error locations) and its tokens and nodes,
/// ``bytesPerToken`` each. The cache holds at most ``byteLimit`` of that; each caller (a signed-in user, or
/// everyone signed out together) at most ``shareLimit``, so a caller sending ever new documents evicts only
/// their own. Least recently used documents go first. Validation depends on the schema and the limits, which
/// are fixed for the service that owns the cache.
final class DocumentCache: Sendable {
    /// A kept document and what the limits found in it.
    struct Entry: Sendable {
        let document: Document
        /// Whether it selects `__schema` or `__type`, which not every caller may.
        let introspects: Bool
        /// What it costs toward the byte limit.
        let bytes: Int
    }

    /// What one token of a document costs once parsed: the lexer's token, and the share of the syntax node,
    /// its location and its name that comes with each (measured: about 700 bytes per token for the pantry's
    /// operations, parsed and kept a thousand times over).
    static let bytesPerToken = 700

    /// What a document of `textBytes` bytes and `tokens` tokens costs, parsed.
    static func cost(textBytes: Int, tokens: Int) -> Int { 256 + textBytes + tokens * bytesPerToken }

    let byteLimit: Int
    let shareLimit: Int
    private let entries: Mutex<LeastRecentlyUsed<SHA256Digest, Owned>>

    private struct Owned {
        let entry: Entry
        let owner: String
    }

    /// - Parameters:
    ///   - byteLimit: the most the kept documents may cost together; 0 keeps none.
    ///   - shareLimit: the most one caller's documents may cost; a quarter of `byteLimit` unless given.
    init(byteLimit: Int, shareLimit: Int? = nil, countLimit: Int = 4_096) {
        self.byteLimit = byteLimit
        let share = shareLimit ?? byteLimit / 4
        self.shareLimit = share
        entries = Mutex(
            LeastRecentlyUsed(
                costLimit: byteLimit, countLimit: countLimit, shareLimit: share, owner: { _, owned in owned.owner }
            ) { _, owned in owned.entry.bytes })
    }

    /// The document whose text hashes to `digest`, which counts as a use of it.
    subscript(digest: SHA256Digest) -> Entry? {
        entries.withLock { $0.use(digest)?.entry }
    }

    /// Keeps `entry` under `digest`, charged to `owner` (a user id, or "" for callers signed out).
    func keep(_ entry: Entry, for digest: SHA256Digest, owner: String) {
        guard byteLimit > 0, entry.bytes <= shareLimit else { return }
        entries.withLock { $0.set(digest, Owned(entry: entry, owner: owner)) }
    }

    /// How many documents are kept now, and what they cost (for tests).
    var usage: (entries: Int, bytes: Int) { entries.withLock { ($0.count, $0.keptCost) } }

    /// The SHA-256 of a document's text.
    static func digest(_ text: String) -> SHA256Digest {
        var text = text
        return text.withUTF8 { SHA256.hash(data: $0) }
    }
}
