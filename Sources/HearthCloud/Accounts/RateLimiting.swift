public import Foundation
import HearthCore
import Synchronization

/// Token buckets per key: each key may make `rate` requests per second on average, `burst` at once.
public protocol RateLimiting: Sendable {
    /// nil when `key` may go ahead (and spends one token); otherwise how many seconds to wait.
    func acquire(_ key: String) async throws -> Int?
}
