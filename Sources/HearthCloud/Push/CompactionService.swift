public import Foundation
import HearthCloudModel
import HearthCore
public import Logging
public import ServiceLifecycle

/// Compacts old deletions, sessions and assets on a schedule.
public struct CompactionService: Service {
    let store: any RecordStore
    let interval: Duration
    let clock: @Sendable () -> Date
    let timers: any Clock<Duration>
    let logger: Logger

    /// - Parameters:
    ///   - interval: how long it waits, on `timers`, before each compaction.
    ///   - clock: the date compaction measures ages against.
    public init(
        store: any RecordStore, interval: Duration = .seconds(3600), clock: @escaping @Sendable () -> Date = Date.init,
        timers: any Clock<Duration> = ContinuousClock(), logger: Logger
    ) {
        self.store = store
        self.interval = interval
        self.clock = clock
        self.timers = timers
        self.logger = logger
    }

    public func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            try? await cancelWhenGracefulShutdown { try await timers.sleep(for: interval) }
            guard !Task.isCancelled && !Task.isShuttingDownGracefully else { return }
            do {
                let report = try await store.compact(now: clock())
                logger.info(
                    "Compacted the record store",
                    metadata: [
                        "cloud.tombstones": "\(report.tombstonesRemoved)",
                        "cloud.sessions": "\(report.sessionsRemoved)", "cloud.assets": "\(report.assetsRemoved)",
                    ])
            } catch {
                logger.warning("Compaction failed; trying again later", metadata: ["cloud.error": "\(error)"])
            }
        }
    }
}
