import Foundation
public import HearthMail
public import HearthPantryServer
public import Logging
public import ServiceLifecycle

/// Runs the pantry's daily digests inside `hearth serve`: every `interval` on the injected clock, sends the
/// digests that are due (``HearthPantryServer/PantryDigests/runDue(dryRun:)``), and logs what failed, which the
/// next run tries again.
public struct PantryDigestService: Service {
    let digests: PantryDigests
    let interval: Duration
    let clock: any Clock<Duration>
    let logger: Logger

    /// How often `hearth serve` runs the digests: 59 seconds, so digests go out within a minute of their hour,
    /// and the wait never equals what is left of the WebSocket keep-alive's 10 and 30 second waits on the same
    /// clock, which a test stepping those timers by their length would otherwise mistake for their own.
    public static let serverInterval: Duration = .seconds(59)

    /// - Parameters:
    ///   - interval: how long it waits, on `clock`, before each run (a minute: digests go out within a minute of
    ///     their hour).
    public init(
        digests: PantryDigests, interval: Duration = .seconds(60), clock: any Clock<Duration> = ContinuousClock(),
        logger: Logger
    ) {
        self.digests = digests
        self.interval = interval
        self.clock = clock
        self.logger = logger
    }

    /// The channels a server offers: e-mail through `mailer` when it delivers (not when it only writes to the log),
    /// and webhooks, which may reach the hosts on private addresses in `privateHosts` only.
    public static func channels(mailer: any MailSending, privateHosts: Set<String>) -> [any DigestDelivering] {
        (mailer.delivers ? [MailDigestDelivery(mailer: mailer)] : [])
            + [WebhookDigestDelivery(privateHostsAllowed: privateHosts)]
    }

    public func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            try? await cancelWhenGracefulShutdown { try await clock.sleep(for: interval) }
            guard !Task.isCancelled && !Task.isShuttingDownGracefully else { return }
            do {
                let report = try await digests.runDue()
                if !report.failed.isEmpty {
                    logger.warning(
                        "Some pantry digests could not be delivered; trying again at the next run",
                        metadata: ["pantry.digest.failed": "\(report.failed.count)"])
                }
            } catch is CancellationError {
                return
            } catch {
                logger.warning(
                    "The pantry digests could not be run; trying again at the next run", metadata: ["error": "\(error)"]
                )
            }
        }
    }
}
