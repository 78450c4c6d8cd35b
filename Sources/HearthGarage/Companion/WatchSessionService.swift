import Foundation
import GRDB
import HearthCore

/// The phone's side of the watch connection.
public protocol WatchSessionServicing: Sendable {
    /// Stores a message from the watch and applies whatever is pending.
    @discardableResult
    func receive(_ message: WatchMessage) async throws -> [WatchInboxEntry]
    /// Applies the messages received but not applied yet (after a restart, say), oldest first.
    @discardableResult
    func applyPending() async throws -> [WatchInboxEntry]
    /// Records the garage's current state as the one to send, and sends it when the watch is reachable.
    func publishState() async throws
}

/// Applies watch messages exactly once and keeps the watch's view current.
///
/// Incoming messages go into a durable inbox (a table in the garage database) keyed by the watch's message
/// id, so a message delivered twice is stored once; each is applied in the same transaction that marks it
/// applied, so a crash leaves it either pending or applied, never applied twice. Messages queued while the
/// phone was off are applied when it starts (``applyPending()``). Outgoing state is a single row: only the
/// latest is kept, and it is sent once the watch is reachable.
public actor WatchSessionService: WatchSessionServicing {
    static let inboxTable = "garageWatchInbox"
    static let outgoingTable = "garageWatchOutgoing"

    private let store: any GarageTransacting
    private let transport: any WatchTransport
    private let settings: DueSettings

    public init(store: any GarageTransacting, transport: any WatchTransport, settings: DueSettings = DueSettings()) {
        self.store = store
        self.transport = transport
        self.settings = settings
    }

    @discardableResult
    public func receive(_ message: WatchMessage) async throws -> [WatchInboxEntry] {
        guard !message.id.trimmingCharacters(in: .whitespaces).isEmpty, message.id.utf8.count <= 200 else {
            throw ServiceError.validationFailed(
                "A watch message needs an id of 1 to 200 characters, so a repeat can be recognised")
        }
        let payload = String(decoding: try JSONEncoder.hearth.encode(message), as: UTF8.self)
        try await store.write { tx in
            try tx.db.execute(
                sql:
                    "INSERT OR IGNORE INTO \(Self.inboxTable) (id, sentAt, payload, state, receivedAt) VALUES (?, ?, ?, 'pending', ?)",
                arguments: [message.id, message.sentAt, payload, tx.now]
            )
        }
        return try await applyPending()
    }

    @discardableResult
    public func applyPending() async throws -> [WatchInboxEntry] {
        let today = store.today
        let timeZone = store.timeZone
        let (applied, events) = try await store.write { tx -> ([WatchInboxEntry], [GarageEvent]) in
            var entries: [WatchInboxEntry] = []
            var events: [GarageEvent] = []
            let rows = try Row.fetchAll(
                tx.db,
                sql:
                    "SELECT id, payload, receivedAt FROM \(Self.inboxTable) WHERE state = 'pending' ORDER BY sentAt, receivedAt"
            )
            for row in rows {
                let id: String = row["id"]
                let receivedAt: Date = row["receivedAt"]
                let message = try JSONDecoder.hearth.decode(
                    WatchMessage.self, from: Data((row["payload"] as String).utf8))
                var entry = WatchInboxEntry(
                    message: message, state: .applied, receivedAt: receivedAt, appliedAt: tx.now)
                do {
                    // A savepoint per message: a refused one leaves nothing behind, the others still apply.
                    var made: [GarageEvent] = []
                    try tx.db.inSavepoint {
                        made = try Self.apply(message.action, in: tx, today: today, timeZone: timeZone)
                        return .commit
                    }
                    events += made
                } catch let error as ServiceError where error.code == .notFound || error.code == .validationFailed {
                    entry.state = .refused
                    entry.appliedAt = nil
                    entry.error = error.message
                }
                try tx.db.execute(
                    sql: "UPDATE \(Self.inboxTable) SET state = ?, appliedAt = ?, error = ? WHERE id = ?",
                    arguments: [entry.state.rawValue, entry.appliedAt, entry.error, id]
                )
                entries.append(entry)
            }
            return (entries, events)
        }
        for event in events { await store.analytics.track(event) }
        if !applied.isEmpty { try await publishState() }
        return applied
    }

    /// Every message the inbox holds, oldest first.
    public func inbox() async throws -> [WatchInboxEntry] {
        try await store.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM \(Self.inboxTable) ORDER BY sentAt, receivedAt").map { row in
                WatchInboxEntry(
                    message: try JSONDecoder.hearth.decode(
                        WatchMessage.self, from: Data((row["payload"] as String).utf8)),
                    state: WatchInboxEntry.State(rawValue: row["state"]) ?? .pending,
                    receivedAt: row["receivedAt"], appliedAt: row["appliedAt"], error: row["error"]
                )
            }
        }
    }

    public func publishState() async throws {
        let snapshot = WidgetSnapshot(
            summaries: try await store.due(vehicleID: nil, settings: settings, thresholds: UrgencyThresholds()),
            generatedAt: store.now)
        let encoder = JSONEncoder.hearth
        encoder.outputFormatting = [.sortedKeys]
        let context = String(decoding: try encoder.encode(snapshot), as: UTF8.self)
        try await store.write { tx in
            try tx.db.execute(
                sql:
                    "INSERT OR REPLACE INTO \(Self.outgoingTable) (key, context, updatedAt, sentAt) VALUES ('state', ?, ?, NULL)",
                arguments: [context, tx.now]
            )
        }
        try await flush()
    }

    /// Sends the latest state if it has not been sent and the watch is reachable; returns whether it sent.
    @discardableResult
    public func flush() async throws -> Bool {
        let unsent = try await store.read { db -> (context: String, updatedAt: Date)? in
            try Row.fetchOne(
                db, sql: "SELECT context, updatedAt FROM \(Self.outgoingTable) WHERE key = 'state' AND sentAt IS NULL"
            )
            .map { ($0["context"], $0["updatedAt"]) }
        }
        guard let (context, updatedAt) = unsent, await transport.isReachable() else { return false }
        try await transport.updateContext(Data(context.utf8))
        try await store.write { tx in
            // Only mark what was sent: a newer state written meanwhile stays unsent.
            try tx.db.execute(
                sql: "UPDATE \(Self.outgoingTable) SET sentAt = ? WHERE key = 'state' AND updatedAt = ?",
                arguments: [tx.now, updatedAt]
            )
        }
        return true
    }

    /// Applies one message's action; returns the analytics events of what it did.
    static func apply(_ action: WatchMessage.Action, in tx: GarageTransaction, today: CalendarDay, timeZone: TimeZone)
        throws -> [GarageEvent]
    {
        switch action {
        case .updateMileage(let vehicleID, let mileage):
            try GarageStore.validateReading(mileage)
            guard var vehicle = try Vehicle.fetchOne(tx.db, key: vehicleID) else {
                throw ServiceError.notFound("Vehicle \(vehicleID.uuidString)")
            }
            _ = try GarageStore.recordReading(tx, vehicle: &vehicle, mileage: mileage, at: tx.now, source: .watch)
            return [.mileageUpdated(source: .watch)]
        case .markServiceDone(let serviceID, let mileage, let date):
            if let mileage { try GarageStore.validateReading(mileage) }
            let day = date ?? today
            guard day <= today else {
                throw ServiceError.validationFailed("The work date \(day) is in the future; give the day it was done")
            }
            let completed = try GarageStore.completionEvent(tx.db, serviceID: serviceID, today: today)
            let completion = try GarageStore.complete(
                tx, serviceID: serviceID, on: day, mileage: mileage, amount: nil, category: .maintenance, notes: nil,
                today: today, timeZone: timeZone
            )
            guard case .serviceCompleted(let category, _, _)? = completed, let completed else { return [] }
            return [
                completed,
                .serviceLogged(category: category, hasCost: completion.log.cost != nil, hasAttachments: false),
            ]
        }
    }
}
