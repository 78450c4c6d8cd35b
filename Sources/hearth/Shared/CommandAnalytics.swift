import Foundation
import HearthAnalytics
import HearthCore
import HearthStore
import Logging

/// The analytics of one command: each event is queued in the app database and sent at once, within one short
/// request and no retries, so a command never fails or waits long because the analytics host is down. What
/// could not be sent stays queued and goes with a later command.
///
/// Where events go is the install's setting (`hearth analytics configure --host URL --key KEY`), or
/// HEARTH_ANALYTICS_HOST and HEARTH_ANALYTICS_KEY; without a key nothing is queued, and opting out
/// (`hearth analytics opt-out`) stops it and drops what is queued.
actor CommandAnalytics: AnalyticsServicing {
    /// The longest a command waits for the analytics host.
    static let requestTimeout: Duration = .seconds(2)

    private let service: AnalyticsService
    /// Set once an upload failed: the rest of this command's events wait for a later one.
    private var unreachable = false

    init(service: AnalyticsService) {
        self.service = service
    }

    /// The analytics of the app database `database` (migrated with ``AnalyticsSchema``), configured from its
    /// settings and the environment. Settings that cannot be read turn analytics off, never the command.
    static func make(database: AppDatabase, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> CommandAnalytics
    {
        var logger = Logger(label: "hearth.analytics")
        logger.logLevel = .critical
        return CommandAnalytics(
            service: AnalyticsService(
                configuration: configuration(database: database, environment: environment), database: database,
                logger: logger))
    }

    /// The configuration of a command: the stored settings, overridden by the environment.
    static func configuration(database: AppDatabase, environment: [String: String]) -> AnalyticsConfiguration {
        var configuration = AnalyticsConfiguration(maximumRetries: 0, requestTimeout: requestTimeout)
        configuration = ((try? AnalyticsSettings.load(from: database)) ?? .unset).applied(to: configuration)
        if let key = environment["HEARTH_ANALYTICS_KEY"], !key.isEmpty { configuration.apiKey = key }
        if let host = environment["HEARTH_ANALYTICS_HOST"].flatMap(URL.init(string:)), host.host != nil {
            configuration.host = host
        }
        return configuration
    }

    func track(_ event: some AnalyticsEvent) async {
        await service.track(event)
        guard !unreachable else { return }
        let report = await service.flush()
        if report.failure != nil { unreachable = true }
    }

    @discardableResult
    func flush() async -> AnalyticsFlushReport { await service.flush() }

    func setOptedOut(_ optedOut: Bool) async throws { try await service.setOptedOut(optedOut) }

    func status() async throws -> AnalyticsStatus { try await service.status() }
}
