import Foundation
import HearthCloudModel
import HearthCore
public import Logging
public import ServiceLifecycle
import Synchronization

/// Fans committed changes out to the connected clients whose subscriptions they match.
///
/// Changes arrive from the store's ``ChangeEventBroadcast`` (on PostgreSQL, from every server process). A
/// client is never told of a change its own device made. Run the hub as a `Service`.
public final class PushHub: Service, Sendable {
    private let store: any RecordStore
    private let heartbeat: Duration
    private let timers: any Clock<Duration>
    private let logger: Logger
    private let connections = Broadcast<PushMessage, CloudPrincipal>(buffer: 1000)
    /// Whether the hub has subscribed to the store's changes, which it does when the first client connects
    /// (see ``connect(_:)``).
    private let subscribed = Mutex(false)
    /// Hands that subscription to ``run()``.
    private let reading = AsyncStream.makeStream(of: AsyncStream<CloudChangeEvent>.self)

    /// - Parameters:
    ///   - heartbeat: how often, on `timers`, every connected client is sent a heartbeat.
    public init(
        store: any RecordStore, heartbeat: Duration = .seconds(15), timers: any Clock<Duration> = ContinuousClock(),
        logger: Logger
    ) {
        self.store = store
        self.heartbeat = heartbeat
        self.timers = timers
        self.logger = logger
    }

    /// How many clients are connected.
    public var connectionCount: Int { connections.subscriberCount }

    /// Registers a client; its messages arrive on the stream until it stops iterating.
    ///
    /// The hub reads the store's changes from the first connection on: until then nobody is to be told of
    /// them, and each change read cost the writer a wake-up of the hub. The subscription is made here, before
    /// the client's stream is returned, so no change committed after this call is missed.
    public func connect(_ principal: CloudPrincipal) -> AsyncStream<PushMessage> {
        let stream = connections.subscribe(principal)
        let changes = subscribed.withLock { subscribed -> AsyncStream<CloudChangeEvent>? in
            guard !subscribed else { return nil }
            subscribed = true
            return store.events.subscribe()
        }
        if let changes { reading.continuation.yield(changes) }
        return stream
    }

    public func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            // Ends when the heartbeats below end at a graceful shutdown and cancel it.
            group.addTask {
                for await events in self.reading.stream {
                    for await event in events {
                        await self.deliver(event)
                    }
                }
            }
            group.addTask {
                while !Task.isCancelled && !Task.isShuttingDownGracefully {
                    try? await cancelWhenGracefulShutdown { try await self.timers.sleep(for: self.heartbeat) }
                    self.connections.publish(.heartbeat)
                }
            }
            await group.next()
            group.cancelAll()
        }
        // End every open stream so their HTTP responses finish and the server can stop.
        connections.finishAll()
    }

    /// Works out who is told of `event` and tells them.
    func deliver(_ event: CloudChangeEvent) async {
        let current = connections.tags
        guard !current.isEmpty else { return }
        let users = Array(Set(current.map(\.userID)))
        let subscriptions: [String: [CloudSubscription]]
        do {
            subscriptions = try await store.subscriptions(ofUsers: users)
        } catch {
            logger.warning("Could not load subscriptions for the push channel", metadata: ["cloud.error": "\(error)"])
            return
        }
        var notifications: [String: [CloudNotification]] = [:]
        // The changed records of each zone, loaded once, and only when a subscription filters on them.
        var changed: [String: [CloudChangedRecord]?] = [:]
        for user in users {
            guard let userSubscriptions = subscriptions[user], !userSubscriptions.isEmpty else { continue }
            var visible: [CloudChangeEvent.Zone] = []
            var coverages: [String: CloudZoneCoverage] = [:]
            if user == event.ownerID {
                visible = event.zones
            } else {
                for zone in event.zones {
                    let coverage: CloudZoneCoverage?
                    do {
                        coverage = try await store.coverage(
                            userID: user, ownerID: event.ownerID, zoneName: zone.zoneName)
                    } catch {
                        logger.warning(
                            "Could not read what is shared with a user; they are not told of this change",
                            metadata: ["cloud.user": "\(user)", "cloud.zone": "\(zone.zoneName)", "error": "\(error)"])
                        continue
                    }
                    guard let coverage else { continue }
                    if coverage.zoneWide || zone.structural || zone.roots == nil
                        || !coverage.roots.isDisjoint(with: zone.roots ?? [])
                    {
                        visible.append(zone)
                        coverages[zone.zoneName] = coverage
                    }
                }
            }
            guard !visible.isEmpty else { continue }
            let scope: CloudDatabaseScope = user == event.ownerID ? .private : .shared
            for subscription in userSubscriptions where (subscription.databaseScope ?? .private) == scope {
                var matched: [CloudChangeEvent.Zone] = []
                for zone in visible {
                    if let zoneID = subscription.zoneID {
                        guard zoneID.zoneName == zone.zoneName else { continue }
                        if scope == .shared, zoneID.ownerRecordName != event.ownerID { continue }
                    }
                    switch subscription.subscriptionType {
                    case .database: matched.append(zone)
                    case .zone: if subscription.zoneID != nil { matched.append(zone) }
                    case .query:
                        guard let type = subscription.recordType, zone.recordTypes.contains(type) else { continue }
                        guard let filters = subscription.filterBy, !filters.isEmpty, let names = zone.recordNames else {
                            matched.append(zone)
                            continue
                        }
                        if changed[zone.zoneName] == nil {
                            do {
                                changed[zone.zoneName] = .some(
                                    try await store.changedRecords(
                                        ownerID: event.ownerID, zoneName: zone.zoneName, names: names))
                            } catch {
                                logger.warning(
                                    "Could not read the changed records for a filtered subscription; it fires without the filter",
                                    metadata: ["cloud.zone": "\(zone.zoneName)", "error": "\(error)"])
                                changed[zone.zoneName] = .some(nil)
                            }
                        }
                        // When the records cannot be read, tell the client anyway: it fetches and finds out.
                        guard let records = changed[zone.zoneName] ?? nil else {
                            matched.append(zone)
                            continue
                        }
                        let evaluator = QueryEvaluator(query: CloudQuery(recordType: type, filterBy: filters))
                        let coverage = coverages[zone.zoneName]
                        let fires = records.contains { record in
                            if let coverage, !coverage.zoneWide, !coverage.roots.contains(record.rootName) {
                                return false
                            }
                            // A deletion always fires: the record may have matched before it went.
                            if record.deleted { return record.recordType == type || record.recordType.isEmpty }
                            return record.recordType == type && evaluator.matches(record.fields)
                        }
                        if fires { matched.append(zone) }
                    }
                }
                guard !matched.isEmpty else { continue }
                let types = Set(matched.flatMap(\.recordTypes)).sorted()
                notifications[user, default: []].append(
                    CloudNotification(
                        notificationID: CloudIdentifier.make(), subscriptionID: subscription.subscriptionID,
                        databaseScope: scope,
                        zoneIDs: matched.map { CloudZoneID(zoneName: $0.zoneName, ownerRecordName: event.ownerID) },
                        recordTypes: types.isEmpty ? nil : types
                    ))
            }
        }
        connections.publish { principal in
            // A device is never told of its own change.
            if principal.userID == event.originUserID, let device = event.originDeviceID, principal.deviceID == device {
                return []
            }
            return (notifications[principal.userID] ?? []).map(PushMessage.notification)
        }
    }
}
