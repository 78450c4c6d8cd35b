import Foundation
import HearthCloudModel
import Synchronization

/// Sessions found lately by their token's hash, so that a client's stream of requests reads its session from
/// the database once per ``lifetime`` rather than once per request.
///
/// A sign-out through this process forgets the session at once. One through another server process on the
/// same PostgreSQL database reaches this one within ``lifetime`` (a second by default); expiry is checked on
/// every use against the session's own end. At most ``capacity`` sessions are kept: past it, the stale ones
/// go, and all of them if none is stale.
final class SessionCache: Sendable {
    let lifetime: Duration
    let capacity: Int
    private let state = Mutex(State())
    /// Time passed on the cache's clock since it was made; the moments it keeps are measured on it.
    private let elapsed: @Sendable () -> Duration

    private struct State {
        var entries: [String: Entry] = [:]
        /// Sessions signed out lately, and when (on the cache's clock): a request that read one just before its sign-out must not
        /// keep it here afterwards.
        var revoked: [String: Duration] = [:]
        /// Accounts signed out everywhere lately, and when: none of their sessions read before then is kept.
        var revokedAccounts: [String: Duration] = [:]
    }

    private struct Entry {
        var caller: CloudCaller
        /// When the session ends, in milliseconds since 1970.
        var expiresAt: Int64
        var found: Duration
    }

    /// A cache whose ``lifetime`` is measured on `clock` (a `ManualClock` in tests).
    init<C: Clock<Duration>>(lifetime: Duration, capacity: Int = 10_000, clock: C) {
        self.lifetime = lifetime
        self.capacity = max(1, capacity)
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
    }

    /// A cache whose ``lifetime`` is measured on the continuous clock.
    convenience init(lifetime: Duration, capacity: Int = 10_000) {
        self.init(lifetime: lifetime, capacity: capacity, clock: ContinuousClock())
    }

    /// The caller of a session found less than ``lifetime`` ago that has not ended by `now` (milliseconds since
    /// 1970); nil otherwise.
    func caller(tokenHash: String, now: Int64) -> CloudCaller? {
        guard lifetime > .zero else { return nil }
        let moment = elapsed()
        return state.withLock { state -> CloudCaller? in
            guard let entry = state.entries[tokenHash] else { return nil }
            guard moment - entry.found < lifetime, entry.expiresAt > now else {
                state.entries.removeValue(forKey: tokenHash)
                return nil
            }
            return entry.caller
        }
    }

    /// Keeps the caller of a session just read from the database.
    func remember(tokenHash: String, caller: CloudCaller, expiresAt: Int64) {
        guard lifetime > .zero else { return }
        let moment = elapsed()
        state.withLock { state in
            if let when = state.revoked[tokenHash] {
                if moment - when < lifetime { return }
                state.revoked.removeValue(forKey: tokenHash)
            }
            if let when = state.revokedAccounts[caller.userRecordName] {
                if moment - when < lifetime { return }
                state.revokedAccounts.removeValue(forKey: caller.userRecordName)
            }
            if state.entries.count >= capacity, state.entries[tokenHash] == nil {
                state.entries = state.entries.filter { moment - $0.value.found < lifetime }
                if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
            }
            state.entries[tokenHash] = Entry(caller: caller, expiresAt: expiresAt, found: moment)
        }
    }

    /// Forgets a session that was signed out: it is not kept again for ``lifetime``, even by a request that
    /// read it just before.
    func revoke(tokenHash: String) {
        let moment = elapsed()
        state.withLock { state in
            state.entries.removeValue(forKey: tokenHash)
            if state.revoked.count >= capacity { state.revoked = state.revoked.filter { moment - $0.value < lifetime } }
            state.revoked[tokenHash] = moment
        }
    }

    /// Forgets every session of an account whose sessions were revoked (signed out everywhere, a new
    /// password): none is kept again for ``lifetime``, even by a request that read one just before.
    func revoke(accountID: String) {
        let moment = elapsed()
        state.withLock { state in
            state.entries = state.entries.filter { $0.value.caller.userRecordName != accountID }
            if state.revokedAccounts.count >= capacity {
                state.revokedAccounts = state.revokedAccounts.filter { moment - $0.value < lifetime }
            }
            state.revokedAccounts[accountID] = moment
        }
    }

    /// Forgets a session found expired.
    func forget(tokenHash: String) {
        _ = state.withLock { $0.entries.removeValue(forKey: tokenHash) }
    }

    /// How many sessions are kept now.
    var count: Int { state.withLock { $0.entries.count } }
}
