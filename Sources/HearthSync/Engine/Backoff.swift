/// Exponential backoff with jitter.
enum Backoff {
    static func delay(attempt: Int, base: Duration, ceiling: Duration) -> Duration {
        let exponent = min(max(attempt, 0), 20)
        var delay = base * (1 << exponent)
        if delay > ceiling { delay = ceiling }
        let jitter = Double.random(in: 0...0.25)
        return delay + delay * jitter
    }
}

extension Duration {
    /// The duration in whole milliseconds.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
