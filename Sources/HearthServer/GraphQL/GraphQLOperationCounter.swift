import GraphQL
import Prometheus

/// Counts GraphQL operations, over HTTP and over the WebSocket, in
/// `hearth_graphql_operations_total{type="…",outcome="…"}`.
///
/// `type` is `query`, `mutation`, `subscription`, or `unknown` for a document refused before its operation was
/// known (too long, malformed, over a limit) or a caller refused before it was read. `outcome` is `answered`
/// (it ran, even with errors in its answer), `refused` (the document was refused, or asked for what the
/// transport does not run) or `rate_limited` (the caller was past the GraphQL rate).
struct GraphQLOperationCounter: Sendable {
    /// What became of an operation.
    enum Outcome: String, Sendable {
        case answered
        case refused
        case rateLimited = "rate_limited"
    }

    let registry: PrometheusCollectorRegistry

    static var descriptor: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "hearth", subsystem: "graphql", metricName: "operations", unitName: "total",
            helpText: "GraphQL operations, by type and outcome")
    }

    /// Counts one operation of `type` (nil when it was not known) that ended as `outcome`.
    func record(_ type: OperationType?, _ outcome: Outcome) {
        let name =
            switch type {
            case .query?: "query"
            case .mutation?: "mutation"
            case .subscription?: "subscription"
            case nil: "unknown"
            }
        // The registry hands back the same counter for the same labels.
        registry.makeCounter(descriptor: Self.descriptor, labels: [("type", name), ("outcome", outcome.rawValue)])
            .increment()
    }
}
