import HearthCloud
import Prometheus

/// A rate limiter whose refusals are counted in `hearth_rate_limit_refusals_total{limit="…"}`.
struct CountedRateLimiter: RateLimiting {
    let base: any RateLimiting
    let refusals: Counter

    /// `base`, its refusals counted under `limit` in `registry`; `base` itself when there is no registry.
    static func counting(_ base: any RateLimiting, as limit: String, in registry: PrometheusCollectorRegistry?)
        -> any RateLimiting
    {
        guard let registry else { return base }
        return CountedRateLimiter(
            base: base, refusals: registry.makeCounter(descriptor: descriptor, labels: [("limit", limit)]))
    }

    static var descriptor: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "hearth", subsystem: "rate_limit", metricName: "refusals", unitName: "total",
            helpText: "Requests refused by a rate limit, by limit")
    }

    func acquire(_ key: String) async throws -> Int? {
        let wait = try await base.acquire(key)
        if wait != nil { refusals.increment() }
        return wait
    }
}
