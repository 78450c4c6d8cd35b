/// Several limits on one key, all of which must allow a request: a rate (one a minute) and a cap (ten a day), say.
/// A request one limit refuses still spends a token of the limits before it, which errs on the side of refusing.
public struct CombinedRateLimiter: RateLimiting {
    let limiters: [any RateLimiting]

    public init(_ limiters: [any RateLimiting]) {
        self.limiters = limiters
    }

    public func acquire(_ key: String) async throws -> Int? {
        for limiter in limiters {
            if let wait = try await limiter.acquire(key) { return wait }
        }
        return nil
    }
}
