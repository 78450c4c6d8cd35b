import GraphQL
import HearthCore
import HearthPantryServer
import HummingbirdWebSocket
import Logging
import NIOWebSocket

/// One WebSocket connection's state: whether it is acknowledged and for whom, its running operations, and
/// whether the client has been heard from since the last keep-alive tick. What it sends waits in its
/// ``outbox``, which one writer empties.
actor GraphQLWebSocketSession {
    /// The messages waiting to be written.
    nonisolated let outbox: GraphQLWebSocketOutbox
    private let logger: Logger
    /// How long a close frame may take to be written before the connection is let go without it.
    private let closeGrace: Duration
    private let clock: any Clock<Duration>
    private var initialising = false
    private(set) var viewer: PantryViewer?
    /// The bearer token `connection_init` gave, checked again at every `subscribe` and keep-alive tick.
    private(set) var token: String?
    /// The ids of the operations running, and the tasks that run them.
    private var running: Set<String> = []
    private var tasks: [String: Task<Void, Never>] = [:]
    /// The running operations that are subscriptions, with the places they take in their user's count.
    private var subscriptions: [String: GraphQLSubscriptionCount.Slot] = [:]
    private(set) var closed = false
    /// Whether any message arrived since the last keep-alive tick, and whether a ping is waiting for an answer.
    private var heard = false
    private var pinged = false
    /// Ends when the session closes, so whoever serves the connection stops reading from it.
    nonisolated let closing: AsyncStream<Void>
    private let closingContinuation: AsyncStream<Void>.Continuation

    init(outbox: GraphQLWebSocketOutbox, clock: any Clock<Duration>, closeGrace: Duration = .seconds(5), logger: Logger)
    {
        self.outbox = outbox
        self.clock = clock
        self.closeGrace = closeGrace
        self.logger = logger
        (closing, closingContinuation) = AsyncStream.makeStream(of: Void.self)
    }

    /// Marks `connection_init` as received; false when one already was.
    func beginInit() -> Bool {
        if initialising { return false }
        initialising = true
        return true
    }

    func acknowledge(_ viewer: PantryViewer, token: String) async {
        self.viewer = viewer
        self.token = token
        await send(["type": "connection_ack"])
    }

    /// A message arrived from the client.
    func hear() {
        heard = true
        pinged = false
    }

    /// What a keep-alive tick should do.
    enum Tick: Equatable {
        /// The client was heard from since the last tick: nothing.
        case alive
        /// The client was silent for a whole interval: a ping was sent.
        case pinged
        /// The client did not answer the last ping in a whole interval.
        case silent
    }

    /// Moves the keep-alive on by one interval: pings a client silent since the last tick, and reports one that
    /// stayed silent after a ping.
    func tick() async -> Tick {
        defer { heard = false }
        if heard { return .alive }
        if pinged { return .silent }
        pinged = true
        await send(["type": "ping"])
        return .pinged
    }

    /// Claims `id` for a new operation; false when one with that id is running.
    func reserve(_ id: String) -> Bool {
        running.insert(id).inserted
    }

    /// How many subscriptions run on this connection.
    var subscriptionCount: Int { subscriptions.count }

    /// Runs the operation `id`'s work in a task of its own; for a subscription, `slot` is its place in its
    /// user's count, given back when it ends however it ends. Nothing runs (and the slot is given back) when
    /// the operation was stopped meanwhile or the connection is closing.
    func run(
        _ id: String, subscription slot: GraphQLSubscriptionCount.Slot? = nil,
        _ work: @escaping @Sendable () async -> Void
    ) {
        guard running.contains(id), !closed else {
            slot?.release()
            return
        }
        if let slot { subscriptions[id] = slot }
        tasks[id] = Task { await work() }
    }

    /// The client stopped the operation: its subscription's place is free at once.
    func stop(_ id: String) {
        running.remove(id)
        subscriptions.removeValue(forKey: id)?.release()
        tasks.removeValue(forKey: id)?.cancel()
    }

    /// The operation ended by itself.
    func finished(_ id: String, sendComplete: Bool) async {
        subscriptions.removeValue(forKey: id)?.release()
        guard running.remove(id) != nil else { return }
        tasks.removeValue(forKey: id)
        if sendComplete { await send(["type": "complete", "id": .string(id)]) }
    }

    func cancelAll() {
        for task in tasks.values { task.cancel() }
        for slot in subscriptions.values { slot.release() }
        tasks = [:]
        running = []
        subscriptions = [:]
    }

    func send(id: String, type: String, result: GraphQLResult) async {
        guard running.contains(id), let payload = try? MapEncoder().encode(result) else { return }
        await send(["type": .string(type), "id": .string(id), "payload": payload])
    }

    /// A `next` message of operation `id`, encoded: a subscription's events are encoded as they arrive, so what
    /// waits to be written is counted in bytes.
    static func next(id: String, _ result: GraphQLResult) -> String? {
        guard let payload = try? MapEncoder().encode(result),
            let data = try? GraphQLJSONEncoder().encode(["type": "next", "id": .string(id), "payload": payload] as Map)
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    func send(id: String, type: String, errors: [GraphQLError]) async {
        guard running.contains(id), let payload = try? MapEncoder().encode(errors) else { return }
        await send(["type": .string(type), "id": .string(id), "payload": payload])
    }

    /// Queues one message; messages go out in the order queued. A client that reads so little that the outbox
    /// is full is closed as having fallen behind.
    func send(_ message: Map) async {
        guard !closed, let data = try? GraphQLJSONEncoder().encode(message) else { return }
        if !outbox.put(String(decoding: data, as: UTF8.self)) {
            await fellBehind("Messages")
        }
    }

    /// Closes the connection of a client that reads too slowly for what it asked for (4413).
    func fellBehind(_ what: String) async {
        await close(
            4413,
            "\(what) fell behind: more than \(outbox.eventLimit) events or \(outbox.byteLimit >> 20) MiB waiting; read faster or subscribe to less"
        )
    }

    /// Closes the connection with `code` and `reason`: stops every operation, writes the close frame, and ends
    /// ``closing`` once the frame is written, or after the grace period when the client reads nothing (a client
    /// that fell behind), so the connection is let go either way.
    func close(_ code: UInt16, _ reason: String) async {
        guard !closed else { return }
        closed = true
        cancelAll()
        logger.debug(
            "Closing a GraphQL WebSocket",
            metadata: ["graphql.close.code": "\(code)", "graphql.close.reason": "\(reason)"])
        let reason = String(decoding: reason.utf8.prefix(120), as: UTF8.self)
        // The close frame goes out after the message being written, and a client that reads nothing never takes
        // it: the session ends when the frame is written or the grace period is over, whichever comes first. The
        // frame stays queued after the grace period (a client that reads again still gets it); the timer stops
        // once the frame is written.
        let (clock, grace, outbox) = (self.clock, closeGrace, self.outbox)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let waiting = Locked<CheckedContinuation<Void, Never>?>(continuation)
            let resume: @Sendable () -> Void = { waiting.withLock { $0.take() }?.resume() }
            let timer = Task {
                try? await clock.sleep(for: grace)
                resume()
            }
            outbox.close(code, reason) {
                timer.cancel()
                resume()
            }
        }
        closingContinuation.finish()
    }
}
