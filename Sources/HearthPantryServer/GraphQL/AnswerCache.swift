import Crypto
import Foundation
import GraphQL
import HearthCore
import Synchronization

/// Whole answers to queries, as the JSON bytes sent, kept while what they are made from stays the same.
///
/// A household's screens ask the same queries again and again (every member's app, every refresh), and most
/// of those times nothing has changed. Every insert, update and delete of a row an answer can be made from —
/// the pantry's tables, and the accounts' e-mail addresses — moves its household's or its account's revision
/// on, by trigger, in the writing transaction (see ``PantryTables``), so no write path can forget it. A
/// caller's answers are kept under the version of their households, housemates and own account
/// (``PantryStore/answerVersion(for:)``), read *before* the query ran: what the query read can only be newer
/// than that, so an entry may be missed once too often, never served stale.
///
/// An answer is kept for one caller, one document (by the SHA-256 of its text), operation name and variables,
/// and one day (the items' statuses change at midnight UTC). Only answers without errors are kept, and only
/// those that read nothing else from the clock (invite codes, which expire to the millisecond, are never kept).
/// An entry costs its answer's bytes and its key's: the caller's id, the operation name and the variables (only
/// those the operation declares are part of the key; others change nothing and are left out). Entries are
/// dropped least recently used first once they hold more than ``byteLimit`` bytes between them or there are
/// more than ``entryLimit`` of them (which also bounds the search for the oldest); each caller may hold at most
/// ``shareLimit`` bytes, past which their own oldest answers go first, so one caller cannot evict everyone else's.
///
/// After a write, every request in flight for the same answer would build it again at once. Instead the
/// first builds it (``claim(_:version:)`` answers `.build`) and the others wait for its answer (`.wait`),
/// which is as new as theirs would be: it was read after the same version.
final class AnswerCache: Sendable {
    /// What an answer is kept under.
    struct Key: Hashable, Sendable {
        let userID: String
        /// The SHA-256 of the document's text.
        let document: SHA256Digest
        let operationName: String?
        let variables: [String: Map]
        let day: CalendarDay
    }

    /// At most this many bytes of answers are kept.
    let byteLimit: Int
    /// At most this many bytes of answers are kept for one caller: an eighth of ``byteLimit``.
    var shareLimit: Int { byteLimit / 8 }
    /// At most this many answers are kept.
    let entryLimit: Int
    private let state: Mutex<State>

    private struct State {
        var entries: LeastRecentlyUsed<Key, Entry>
        /// Answers being built, with the requests waiting for them.
        var building: [Building: [CheckedContinuation<Data?, Never>]] = [:]
    }

    private struct Building: Hashable {
        let key: Key
        let version: String
    }

    private struct Entry {
        let version: String
        let body: Data
    }

    init(byteLimit: Int, entryLimit: Int = 4_096) {
        self.byteLimit = byteLimit
        self.entryLimit = entryLimit
        state = Mutex(
            State(
                entries: LeastRecentlyUsed(
                    costLimit: byteLimit, countLimit: entryLimit, shareLimit: byteLimit / 8,
                    owner: { key, _ in key.userID }
                ) { key, entry in Self.size(key, entry.body) }))
    }

    /// The answer kept under `key` if it was made at `version`.
    func answer(_ key: Key, version: String) -> Data? {
        state.withLock { Self.kept(key, version, in: &$0) }
    }

    private static func kept(_ key: Key, _ version: String, in state: inout State) -> Data? {
        guard state.entries.peek(key)?.version == version else { return nil }
        return state.entries.use(key)?.body
    }

    /// What a request for `key` at `version` should do.
    enum Claim {
        /// Serve this kept answer.
        case kept(Data)
        /// Build the answer, then hand it to ``finish(_:version:body:keep:)`` — always, even without one.
        case build
        /// Another request is building the answer: wait for it with ``wait(_:version:)``.
        case wait
    }

    /// The kept answer, or whether this request builds it or waits for another's.
    func claim(_ key: Key, version: String) -> Claim {
        state.withLock { state in
            if let body = Self.kept(key, version, in: &state) { return .kept(body) }
            let building = Building(key: key, version: version)
            if state.building[building] != nil { return .wait }
            state.building[building] = []
            return .build
        }
    }

    /// The answer another request is building for `key` at `version`; nil when it made none that can be
    /// shared (an error, or an answer that read the clock): then build it yourself.
    func wait(_ key: Key, version: String) async -> Data? {
        await withCheckedContinuation { continuation in
            let now: Data?? = state.withLock { state in
                let building = Building(key: key, version: version)
                guard state.building[building] != nil else { return .some(Self.kept(key, version, in: &state)) }
                state.building[building]?.append(continuation)
                return .none
            }
            if case .some(let body) = now { continuation.resume(returning: body) }
        }
    }

    /// Ends a build ``claim(_:version:)`` asked for: keeps `body` when `keep` is true, and hands it to every
    /// request waiting for it (nil to those when it is not kept).
    func finish(_ key: Key, version: String, body: Data?, keep: Bool) {
        let shared = keep ? body : nil
        if let shared { store(key, version: version, body: shared) }
        let waiting = state.withLock { $0.building.removeValue(forKey: Building(key: key, version: version)) } ?? []
        for continuation in waiting { continuation.resume(returning: shared) }
    }

    /// Keeps `body`, made at `version` (or later), in place of what was kept under `key`.
    func store(_ key: Key, version: String, body: Data) {
        guard Self.size(key, body) <= shareLimit else { return }
        state.withLock { $0.entries.set(key, Entry(version: version, body: body)) }
    }

    /// What an entry costs: its answer, and its key with the variables in it.
    static func size(_ key: Key, _ body: Data) -> Int {
        Self.keyOverhead + body.count + key.userID.utf8.count + (key.operationName?.utf8.count ?? 0)
            + MapSize.bytes(of: key.variables)
    }

    /// What a key costs besides its strings and variables: the digest, the day, the entry's place in the table.
    static let keyOverhead = 160

    /// How many answers are kept, and their bytes (for tests).
    var usage: (entries: Int, bytes: Int) { state.withLock { ($0.entries.count, $0.entries.keptCost) } }
}
