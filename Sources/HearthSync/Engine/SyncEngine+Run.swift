import Foundation
import GRDB
import HearthCloudModel
import HearthCore
import HearthStore
import Logging
import ServiceLifecycle

extension SyncEngine {
    /// Syncs continuously until cancelled or the service group shuts down: fetches at start and whenever
    /// the push channel reports a change, sends a moment after local edits (debounced), and retries what
    /// failed with backoff.
    public func run() async throws {
        _ = try await ensureDeviceID()
        let (wakes, wakeContinuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        self.wakeContinuation = wakeContinuation
        let (edits, editContinuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        // Every enqueue bumps the signal row: a local edit committed through this process.
        let observation = DatabaseRegionObservation(tracking: Table("syncSignal"))
        let cancellable = observation.start(
            in: database.writer, onError: { _ in }, onChange: { _ in editContinuation.yield() })
        defer {
            cancellable.cancel()
            editContinuation.finish()
            wakeContinuation.finish()
            timerTask?.cancel()
            timerTask = nil
            self.wakeContinuation = nil
        }
        for scope in configuration.scopes { requestFetch(scope, .everything) }
        sendDueAt = nowMilliseconds()
        wake()

        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await self.workLoop(wakes) }
                group.addTask { await self.pushLoop() }
                group.addTask {
                    for await _ in edits { await self.localChangesCommitted() }
                }
                if let interval = self.configuration.externalChangePollInterval {
                    group.addTask { await self.watchOtherProcesses(every: interval) }
                }
                await group.next()
                group.cancelAll()
            }
        }
    }

    /// A local edit was committed: send after the debounce, but never later than `maxSendDelay` after the
    /// first unsent edit.
    func localChangesCommitted() {
        let now = nowMilliseconds()
        if firstUnsentEditAt == nil { firstUnsentEditAt = now }
        let latest = (firstUnsentEditAt ?? now) + configuration.maxSendDelay.milliseconds
        sendDueAt = min(now + configuration.sendDebounce.milliseconds, latest)
        if configuration.sendDebounce <= .zero { wake() } else { scheduleTimer() }
    }

    /// Changes queued by another process on the same database bump the signal row without this process
    /// observing it: look for that now and then.
    private func watchOtherProcesses(every interval: Duration) async {
        let counter: @Sendable () async -> Int64? = { [database, logger] in
            do {
                return try await database.read { db in
                    try Int64.fetchOne(db, sql: "SELECT counter FROM syncSignal WHERE id = 1")
                }
            } catch {
                logger.warning(
                    "Could not read the sync signal; changes from other processes are noticed at the next sync",
                    metadata: ["error": "\(error)"])
                return nil
            }
        }
        var last = await counter()
        while !Task.isCancelled {
            do {
                try await clock.sleep(for: interval)
            } catch {
                return
            }
            let current = await counter()
            if current != last {
                last = current
                // This process's own edits were seen at once and already have a send scheduled.
                if sendDueAt == nil {
                    sendDueAt = nowMilliseconds() + configuration.sendDebounce.milliseconds
                    scheduleTimer()
                }
            }
        }
    }

    func requestFetch(_ scope: CloudDatabaseScope, _ request: FetchRequest) {
        pendingFetch[scope] = pendingFetch[scope].map { $0.merged(with: request) } ?? request
    }

    func wake() {
        wakeContinuation?.yield()
    }

    private func workLoop(_ wakes: AsyncStream<Void>) async {
        for await _ in wakes {
            if Task.isCancelled { return }
            await performDueWork()
            await scheduleNextWake()
        }
    }

    /// Does whatever is due: preparing, fetching what was asked for, sending when the debounce or a retry
    /// time has passed.
    private func performDueWork() async {
        let now = nowMilliseconds()
        if let retryAt, retryAt > now { return }
        retryAt = nil
        let fetchDue = !pendingFetch.isEmpty
        let sendDue = (sendDueAt.map { $0 <= now } ?? false) || (nextParkedRetryAt.map { $0 <= now } ?? false)
        let outboxDue = await outboxRetryTime().map { $0 <= now } ?? false
        guard !prepared || fetchDue || sendDue || outboxDue else { return }
        do {
            try await exclusive {
                var report = SyncReport()
                do {
                    if !prepared || fetchDue || sendDue || outboxDue { setStatus(.syncing) }
                    try await prepare()
                    if !pendingFetch.isEmpty {
                        try await fetch(everything: false, report: &report)
                        // Changes queued by another process meanwhile go out after the usual debounce.
                        if sendDueAt == nil,
                            try await database.read({ db in try SyncTables.readyEntries(now: 0, limit: 1, in: db) })
                                .isEmpty == false
                        {
                            sendDueAt = nowMilliseconds() + configuration.sendDebounce.milliseconds
                        }
                    }
                    if sendDue || outboxDue || (sendDueAt != nil && sendDueAt! <= nowMilliseconds()) {
                        sendDueAt = nil
                        firstUnsentEditAt = nil
                        if let parked = nextParkedRetryAt, parked <= nowMilliseconds() {
                            nextParkedRetryAt = nil
                            try await database.write { db in try SyncTables.unparkAll(in: db) }
                        }
                        try await sendAll(report: &report)
                    }
                    condition = .ok
                    consecutiveFailures = 0
                } catch {
                    note(error)
                    if case .signedOut = condition {
                        retryAt = nowMilliseconds() + configuration.retryCeiling.milliseconds
                    } else {
                        retryAt = nowMilliseconds() + applier.backoff(attempt: consecutiveFailures - 1).milliseconds
                    }
                    if sendDueAt == nil { sendDueAt = nowMilliseconds() }
                }
                await refreshStatus()
            }
        } catch {
            // `exclusive` only rethrows what its body throws, and the body catches everything.
        }
    }

    /// When the next change put off by a failed send (throttling, backoff) is due again (ms), or nil.
    /// Fresh edits are not counted: they go out with the debounced send.
    private func outboxRetryTime() async -> Int64? {
        do {
            return try await database.read { db in try SyncTables.nextRetryTime(in: db) }
        } catch {
            logger.warning(
                "Could not read when the outbox retries next; it is tried at the next sync",
                metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// Arms the timer for the earliest of: the debounced send, a retry, the next outbox entry coming off
    /// its backoff, and the periodic retry of refused changes.
    private func scheduleNextWake() async {
        if nextParkedRetryAt == nil {
            nextParkedRetryAt = nowMilliseconds() + configuration.parkedRetryInterval.milliseconds
        }
        scheduleTimer(outboxReady: await outboxRetryTime())
    }

    func scheduleTimer(outboxReady: Int64? = nil) {
        var candidates: [Int64] = []
        if let sendDueAt { candidates.append(sendDueAt) }
        if let retryAt { candidates.append(retryAt) }
        if let outboxReady, prepared { candidates.append(max(outboxReady, retryAt ?? 0)) }
        if let nextParkedRetryAt { candidates.append(nextParkedRetryAt) }
        if !pendingFetch.isEmpty { candidates.append(retryAt ?? nowMilliseconds()) }
        timerTask?.cancel()
        timerTask = nil
        guard let due = candidates.min() else { return }
        let delay = due - nowMilliseconds()
        if delay <= 0 {
            wake()
            return
        }
        let clock = self.clock
        timerTask = Task { [weak self] in
            do {
                try await clock.sleep(for: .milliseconds(delay))
            } catch {
                return
            }
            await self?.wake()
        }
    }

    /// Keeps the push channel open: on connect, fetches to catch up; on a notification, fetches the zones it
    /// names; when the connection drops, reconnects with backoff (and reports offline meanwhile).
    private func pushLoop() async {
        var failures = 0
        while !Task.isCancelled {
            do {
                for try await event in cloud.pushEvents() {
                    switch event {
                    case .connected:
                        failures = 0
                        for scope in configuration.scopes { requestFetch(scope, .everything) }
                        if case .offline = condition {
                            condition = .ok
                            retryAt = nil
                        }
                        wake()
                    case .notification(let notification):
                        let zones = notification.zoneIDs.filter(configuration.syncs).map {
                            SyncZone(
                                scope: notification.databaseScope, zoneName: $0.zoneName,
                                ownerRecordName: $0.ownerRecordName)
                        }
                        guard configuration.scopes.contains(notification.databaseScope) else { continue }
                        requestFetch(notification.databaseScope, zones.isEmpty ? .everything : .zones(Set(zones)))
                        wake()
                    }
                }
            } catch is CancellationError {
                return
            } catch let error as CloudTransportError {
                if Task.isCancelled { return }
                condition = .offline(error.message)
                setStatus(.offline)
            } catch let error as CloudError {
                if error.serverErrorCode == .authenticationFailed || error.serverErrorCode == .authenticationRequired {
                    note(error)
                    await refreshStatus()
                } else {
                    logger.warning(
                        "The push channel was refused; reconnecting after a pause",
                        metadata: ["sync.error": "\(error.serverErrorCode.rawValue): \(error.reason)"])
                }
            } catch {
                // Anything else: try again after the backoff.
                logger.warning("The push channel failed; reconnecting after a pause", metadata: ["error": "\(error)"])
            }
            if Task.isCancelled { return }
            failures += 1
            let delay = Backoff.delay(
                attempt: failures - 1, base: .milliseconds(250), ceiling: min(configuration.retryCeiling, .seconds(30)))
            do {
                try await clock.sleep(for: delay)
            } catch {
                return
            }
        }
    }
}
