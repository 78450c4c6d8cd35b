import Foundation
import HearthCloud
import HearthCore
import Logging
import ServiceLifecycle

/// Removes analytics events older than the retention (``CollectorLimits/retention``, counted from their
/// arrival) and those past a project key's budget: `firstPass` after the server starts (once its database
/// connections run), then every `interval`.
///
/// The wait runs on the injected `clock` and the cut-off is read from `now`, so tests step both.
struct AnalyticsRetentionService: Service {
    let events: any CollectedEventStore
    let retention: Duration
    var firstPass: Duration = .seconds(60)
    var interval: Duration = .seconds(3600)
    var clock: any Clock<Duration> = ContinuousClock()
    var now: @Sendable () -> Date = Date.init
    let logger: Logger

    func run() async throws {
        var wait = firstPass
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            let pause = wait
            try? await cancelWhenGracefulShutdown { try await clock.sleep(for: pause) }
            guard !Task.isCancelled && !Task.isShuttingDownGracefully else { return }
            await removeExpired()
            wait = interval
        }
    }

    /// One pass: removes what is due, and logs what it did or why it could not.
    func removeExpired() async {
        let cutoff = now().addingTimeInterval(-retention.seconds)
        do {
            let removed = try await events.removeExpired(receivedBefore: cutoff)
            if removed > 0 {
                logger.info(
                    "Removed expired analytics events",
                    metadata: ["analytics.removed": "\(removed)", "analytics.cutoff": "\(cutoff)"])
            }
        } catch is CancellationError {
            return
        } catch {
            logger.warning(
                "Removing expired analytics events failed; trying again later", metadata: ["error": "\(error)"])
        }
    }
}
