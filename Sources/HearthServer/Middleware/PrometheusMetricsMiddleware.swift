import Foundation
import HTTPTypes
import HearthCore
public import Hummingbird
public import Prometheus

/// Counts requests and times them per route, method and status into a Prometheus registry.
///
/// The registry is injected rather than global, so each application (and each test) has its own.
public struct PrometheusMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    let registry: PrometheusCollectorRegistry
    private static var buckets: [Duration] {
        [
            .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
            .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5),
            .seconds(10),
        ]
    }

    private static var requests: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "hearth", subsystem: "http", metricName: "requests", unitName: "total",
            helpText: "HTTP requests answered")
    }
    private static var durations: MetricNameDescriptor {
        MetricNameDescriptor(
            namespace: "hearth", subsystem: "http", metricName: "request_duration", unitName: "seconds",
            helpText: "Time to answer HTTP requests")
    }

    /// The counter and histogram of each method, route and status seen so far: the registry checks names and
    /// labels each time it is asked, which would cost every request more than counting it.
    private let series = Locked<[SeriesKey: (requests: Counter, durations: DurationHistogram)]>([:])

    private struct SeriesKey: Hashable {
        var method: String
        var route: String
        var status: Int
    }

    public init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
        async throws -> Response
    {
        let started = ContinuousClock.now
        let status: HTTPResponse.Status
        do {
            let response = try await next(request, context)
            status = response.status
            record(request, route: context.endpointPath ?? "unmatched", status: status, since: started)
            return response
        } catch {
            status = (error as? any HTTPResponseError)?.status ?? .internalServerError
            record(request, route: context.endpointPath ?? "unmatched", status: status, since: started)
            throw error
        }
    }

    private func record(
        _ request: Request, route: String, status: HTTPResponse.Status, since started: ContinuousClock.Instant
    ) {
        let elapsed = started.duration(to: .now)
        let key = SeriesKey(method: request.method.rawValue, route: route, status: status.code)
        let metrics =
            series.withLock { $0[key] }
            ?? {
                let made = (
                    requests: registry.makeCounter(
                        descriptor: Self.requests,
                        labels: [("method", key.method), ("route", route), ("status", String(status.code))]),
                    durations: registry.makeDurationHistogram(
                        descriptor: Self.durations, labels: [("method", key.method), ("route", route)],
                        buckets: Self.buckets)
                )
                series.withLock { $0[key] = made }
                return made
            }()
        metrics.requests.increment()
        metrics.durations.recordNanoseconds(Int64(elapsed.seconds * 1_000_000_000))
    }
}
