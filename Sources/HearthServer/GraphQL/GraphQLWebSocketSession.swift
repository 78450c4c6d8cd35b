import GraphQL
import Logging
import HearthPantryServer
import HummingbirdWebSocket
import NIOWebSocket

/// One WebSocket connection's state: whether it is acknowledged and for whom, and its running operations.
actor GraphQLWebSocketSession {
    private let outbound: WebSocketOutboundWriter
    private let logger: Logger
    private var initialising = false
    private(set) var viewer: PantryViewer?
    /// The ids of the operations running, and the tasks that run them.
    private var running: Set<String> = []
    private var tasks: [String: Task<Void, Never>] = [:]
    private var closed = false

    init(outbound: WebSocketOutboundWriter, logger: Logger) {
        self.outbound = outbound
        self.logger = logger
    }

    /// Marks `connection_init` as received; false when one already was.
    func beginInit() -> Bool {
        if initialising { return false }
        initialising = true
        return true
    }

    func acknowledge(_ viewer: PantryViewer) async {
        self.viewer = viewer
        await send(["type": "connection_ack"])
    }

    /// Claims `id` for a new operation; false when one with that id is running.
    func reserve(_ id: String) -> Bool {
        running.insert(id).inserted
    }

    /// Runs the operation `id`'s work in a task of its own.
    func run(_ id: String, _ work: @escaping @Sendable () async -> Void) {
        guard running.contains(id) else { return }
        tasks[id] = Task { await work() }
    }

    /// The client stopped the operation.
    func stop(_ id: String) {
        running.remove(id)
        tasks.removeValue(forKey: id)?.cancel()
    }

    /// The operation ended by itself.
    func finished(_ id: String, sendComplete: Bool) async {
        guard running.remove(id) != nil else { return }
        tasks.removeValue(forKey: id)
        if sendComplete { await send(["type": "complete", "id": .string(id)]) }
    }

    func cancelAll() {
        for task in tasks.values { task.cancel() }
        tasks = [:]
        running = []
    }

    func send(id: String, type: String, result: GraphQLResult) async {
        guard running.contains(id), let payload = try? MapEncoder().encode(result) else { return }
        await send(["type": .string(type), "id": .string(id), "payload": payload])
    }

    func send(id: String, type: String, errors: [GraphQLError]) async {
        guard running.contains(id), let payload = try? MapEncoder().encode(errors) else { return }
        await send(["type": .string(type), "id": .string(id), "payload": payload])
    }

    /// Writes one message; messages one caller sends arrive in the order sent.
    func send(_ message: Map) async {
        guard !closed, let data = try? GraphQLJSONEncoder().encode(message) else { return }
        try? await outbound.writeTextMessage(String(decoding: data, as: UTF8.self))
    }

    func close(_ code: UInt16, _ reason: String) async {
        guard !closed else { return }
        closed = true
        cancelAll()
        logger.debug("Closing a GraphQL WebSocket", metadata: ["graphql.close.code": "\(code)", "graphql.close.reason": "\(reason)"])
        try? await outbound.close(.unknown(code), reason: reason)
    }
}
