import Foundation
import Synchronization

/// Counts the changes to one user's copy: a fetch that brought records, or a write made from a page. Figures
/// computed at one generation stay right until the next. Every change takes a new number from one counter of
/// the process, so a generation never stands for two copies (a user's own money book and one shared with
/// them). It also keeps when the copy last asked the record store for changes, and whether the user's zone is
/// known to exist there.
final class ReplicaGeneration: Sendable {
    private static let counter = Atomic<Int>(0)
    private let value = Mutex(
        (generation: ReplicaGeneration.next(), fetched: Date?.none, zoneExists: false))

    private static func next() -> Int { counter.add(1, ordering: .relaxed).newValue }

    /// Whether the user's zone was found in the record store (once found, it is not looked for again).
    var zoneExists: Bool { value.withLock { $0.zoneExists } }

    /// Notes that the user's zone exists.
    func noteZoneExists() {
        value.withLock { $0.zoneExists = true }
    }

    /// The current generation.
    var current: Int { value.withLock { $0.generation } }

    /// Notes a change.
    func bump() {
        let next = Self.next()
        value.withLock { $0.generation = next }
    }

    /// Whether the caller should ask the record store for changes now: false when the copy asked less than
    /// `maximumAge` before `now` (or another caller is asking at this moment); true claims the fetch, so readers
    /// arriving meanwhile take the copy as it is rather than asking again.
    func claimFetch(unlessWithin maximumAge: TimeInterval, of now: Date) -> Bool {
        value.withLock { state in
            if maximumAge > 0, let fetched = state.fetched, now.timeIntervalSince(fetched) >= 0,
                now.timeIntervalSince(fetched) < maximumAge
            {
                return false
            }
            state.fetched = now
            return true
        }
    }

    /// Forgets when the copy last asked, after a fetch that failed, so the next read asks again.
    func forgetFetch() {
        value.withLock { $0.fetched = nil }
    }
}
