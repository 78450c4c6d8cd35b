public import Foundation
import HTTPTypes
import HearthCore
public import HearthPantryModel
import HummingbirdWSClient
public import Logging
import NIOCore
import NIOWebSocket

/// Follows the pantry server's GraphQL subscriptions over a WebSocket at `/graphql`, speaking
/// `graphql-transport-ws`.
///
/// Each subscription has a connection of its own: `connection_init` carries the bearer token
/// (`{"Authorization": "Bearer <token>"}`), then `subscribe` starts the operation and every `next` is yielded.
/// The client answers the server's `ping` with `pong`, and pings the server itself every ``pingInterval``; a
/// connection that stays silent for two intervals counts as dropped. A dropped connection (the server went
/// away, the network changed, ``reconnect()``) is opened again after a backoff that doubles from
/// ``Backoff/initial`` to ``Backoff/maximum`` (with up to a fifth added at random) and is reset by every
/// acknowledged connection; `onConnect` is told each time, so a caller can catch up on what it missed.
///
/// The stream ends when the server completes the operation, and fails with the server's refusal
/// (`FORBIDDEN` → unauthorized, `UNAUTHENTICATED` or close code 4403 → notAuthenticated, and so on) — those are
/// never retried. Cancelling the consuming task (or dropping the stream) sends `complete` and closes the socket.
///
/// ```swift
/// let client = GraphQLSubscriptionClient(serverURL: url) { try await auth.tokenForRequest() }
/// for try await change in client.subscribe(PantryChangedSubscription(householdId: id)) { print(change.kind) }
/// ```
public actor GraphQLSubscriptionClient: GraphQLSubscribing {
    /// How long to wait before opening a dropped connection again.
    public struct Backoff: Sendable {
        public var initial: Duration
        public var maximum: Duration
        public init(initial: Duration = .milliseconds(250), maximum: Duration = .seconds(30)) {
            self.initial = initial
            self.maximum = maximum
        }

        /// The wait before attempt `attempt` (1 for the first reconnection).
        func delay(_ attempt: Int) -> Duration {
            var delay = initial
            for _ in 1..<max(attempt, 1) where delay < maximum { delay *= 2 }
            delay = min(delay, maximum)
            return delay + delay * Double.random(in: 0...0.2)
        }
    }

    /// The `ws://` (or `wss://`) address of the server's `/graphql`.
    public nonisolated let url: URL
    /// How often the client pings an idle connection.
    public nonisolated let pingInterval: Duration
    public nonisolated let backoff: Backoff
    private let token: @Sendable () async throws -> String?
    private let clock: any Clock<Duration>
    private let logger: Logger
    /// How to close each connection open now, by subscription, for ``reconnect()``.
    private var open: [UUID: @Sendable () async -> Void] = [:]
    /// How many connections were acknowledged so far, over every subscription.
    public private(set) var connections = 0

    /// A client of the server at `serverURL` (http:// or https://, as the services take it), sending the token
    /// `token` gives with every `connection_init`. Pings, silences and reconnection backoffs are measured on `clock`.
    public init(
        serverURL: URL, pingInterval: Duration = .seconds(20), backoff: Backoff = Backoff(),
        clock: any Clock<Duration> = ContinuousClock(),
        logger: Logger = Logger(label: "hearth.pantry.subscriptions"),
        token: @escaping @Sendable () async throws -> String?
    ) {
        var components = URLComponents(url: serverURL.appendingPathComponent("graphql"), resolvingAgainstBaseURL: false)
        components?.scheme = serverURL.scheme == "https" ? "wss" : "ws"
        self.url = components?.url ?? serverURL
        self.pingInterval = pingInterval
        self.backoff = backoff
        self.clock = clock
        self.logger = logger
        self.token = token
    }

    /// The operation's events as the server sends them, across reconnections, until the server completes it, it
    /// fails, or the consumer stops. `onConnect` is called with 0 when the first connection is acknowledged and
    /// with the reconnection's number after each later one.
    public nonisolated func subscribe<Operation: PantryOperation>(
        _ operation: Operation, onConnect: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> AsyncThrowingStream<Operation.Answer, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await self.follow(operation, onConnect: onConnect) { data in
                        continuation.yield(try PantryJSON.decode(Operation.Answer.self, data, at: Operation.field))
                    }
                    continuation.finish()
                } catch is CancellationError {
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Closes every open connection; each subscription opens its connection again at once and subscribes anew.
    public func reconnect() async {
        for close in open.values { await close() }
    }

    // MARK: Connection

    /// How one connection ended.
    private enum Ending: Sendable {
        /// The server completed the operation.
        case completed
        /// The connection dropped; open it again (after a backoff unless it had been acknowledged).
        case dropped(acknowledged: Bool)
        /// The server refused the operation or the token: do not try again.
        case refused(ServiceError)
    }

    private func follow<Operation: PantryOperation>(
        _ operation: Operation, onConnect: @escaping @Sendable (Int) async -> Void,
        _ yield: @escaping @Sendable (RawJSON) throws -> Void
    ) async throws {
        let connected = Locked(0)
        var failures = 0
        let id = UUID()
        while !Task.isCancelled {
            let ending = await connect(
                id, operation,
                acknowledged: {
                    let count = connected.withLock { count in
                        defer { count += 1 }
                        return count
                    }
                    await onConnect(count)
                }, yield: yield)
            open[id] = nil
            switch ending {
            case .completed: return
            case .refused(let error): throw error
            case .dropped(let acknowledged):
                failures = acknowledged ? 0 : failures + 1
                if failures > 0 {
                    let delay = backoff.delay(failures)
                    logger.debug(
                        "GraphQL subscription dropped; reconnecting",
                        metadata: ["delay": "\(delay)", "attempt": "\(failures)"])
                    try await clock.sleep(for: delay)
                }
            }
        }
        throw CancellationError()
    }

    private func opened(_ id: UUID, close: @escaping @Sendable () async -> Void) {
        open[id] = close
        connections += 1
    }

    /// One connection: init, subscribe, then every message until it closes.
    private func connect<Operation: PantryOperation>(
        _ id: UUID, _ operation: Operation, acknowledged: @escaping @Sendable () async -> Void,
        yield: @escaping @Sendable (RawJSON) throws -> Void
    ) async -> Ending {
        let bearer: String?
        do {
            bearer = try await token()
        } catch let error as ServiceError {
            return .refused(error)
        } catch {
            return .refused(ServiceError(.notAuthenticated, "The session's token could not be read: \(error)"))
        }
        guard let bearer else {
            return .refused(ServiceError(.notAuthenticated, "Sign in before following the pantry's changes."))
        }
        let outcome = Locked<Ending>(.dropped(acknowledged: false))
        let subscriptionID = UUID().uuidString.lowercased()
        let pingInterval = self.pingInterval
        let clock = self.clock
        let configuration = WebSocketClientConfiguration(
            maxFrameSize: 1 << 22, additionalHeaders: [.secWebSocketProtocol: "graphql-transport-ws"])
        do {
            let close = try await WebSocketClient.connect(
                url: url.absoluteString, configuration: configuration, logger: logger
            ) { inbound, outbound, _ in
                // The server is told the operation is complete before the socket closes, so it stops it at once.
                await self.opened(id) {
                    try? await Self.send(outbound, ["type": .string("complete"), "id": .string(subscriptionID)])
                    try? await outbound.close(.goingAway, reason: "Reconnecting")
                }
                try await Self.send(
                    outbound,
                    [
                        "type": .string("connection_init"),
                        "payload": .object(["Authorization": .string("Bearer \(bearer)")]),
                    ])
                // When the server was last heard, as time since the connection opened.
                let elapsed = clock.stopwatch()
                let heard = Locked(elapsed())
                // Pings the server while the connection is open; two silent intervals close it as dropped.
                let pinger = Task {
                    while !Task.isCancelled {
                        try await clock.sleep(for: pingInterval)
                        if elapsed() - heard.current > pingInterval * 2 {
                            try await outbound.close(.goingAway, reason: "The server stopped answering pings")
                            return
                        }
                        try await Self.send(outbound, ["type": .string("ping")])
                    }
                }
                defer { pinger.cancel() }
                // Stopping the subscription closes the socket, which ends the read even while it waits for a message.
                do {
                    try await withTaskCancellationHandler {
                        try await Self.read(
                            inbound, outbound, heard: { heard.withLock { $0 = elapsed() } }, outcome: outcome,
                            subscriptionID: subscriptionID, operation: operation, acknowledged: acknowledged,
                            yield: yield)
                    } onCancel: {
                        Task {
                            try? await Self.send(
                                outbound, ["type": .string("complete"), "id": .string(subscriptionID)])
                            try? await outbound.close(.normalClosure, reason: nil)
                        }
                    }
                } catch is CancellationError {
                    try? await Self.send(outbound, ["type": .string("complete"), "id": .string(subscriptionID)])
                    try? await outbound.close(.normalClosure, reason: nil)
                    throw CancellationError()
                }
            }
            if let close, case .unknown(let code) = close.closeCode, code == 4403 || code == 4401 {
                return .refused(
                    ServiceError(
                        .notAuthenticated,
                        "The server refused the session for live updates (\(code)): \(close.reason ?? "sign in again")."
                    ))
            }
        } catch {
            logger.debug("GraphQL subscription connection failed", metadata: ["error": "\(error)"])
        }
        return outcome.current
    }

    /// Reads the connection's messages until it closes or the operation ends, answering and yielding as they come.
    private static func read<Operation: PantryOperation>(
        _ inbound: WebSocketInboundStream, _ outbound: WebSocketOutboundWriter, heard: @escaping @Sendable () -> Void,
        outcome: Locked<Ending>,
        subscriptionID: String, operation: Operation, acknowledged: @escaping @Sendable () async -> Void,
        yield: @escaping @Sendable (RawJSON) throws -> Void
    ) async throws {
        for try await message in inbound.messages(maxSize: 1 << 22) {
            heard()
            guard case .text(let text) = message,
                case .object(let fields)? = try? JSONDecoder().decode(RawJSON.self, from: Data(text.utf8)),
                case .string(let type)? = fields["type"]
            else { continue }
            switch type {
            case "connection_ack":
                outcome.withLock { $0 = .dropped(acknowledged: true) }
                try await Self.send(
                    outbound,
                    [
                        "type": .string("subscribe"), "id": .string(subscriptionID),
                        "payload": .object([
                            "query": .string(Operation.document), "variables": .object(operation.variables),
                        ]),
                    ])
                // Told after subscribing, so what a caller catches up on overlaps what the subscription sends.
                await acknowledged()
            case "ping":
                try await Self.send(outbound, ["type": .string("pong")])
            case "next":
                guard case .object(let payload)? = fields["payload"] else { continue }
                if case .array(let errors)? = payload["errors"], !errors.isEmpty {
                    outcome.withLock { $0 = .refused(Self.error(errors)) }
                    try await Self.send(outbound, ["type": .string("complete"), "id": .string(subscriptionID)])
                    try await outbound.close(.normalClosure, reason: nil)
                    return
                }
                if let data = payload["data"] { try yield(data) }
            case "error":
                if case .array(let errors)? = fields["payload"] {
                    outcome.withLock { $0 = .refused(Self.error(errors)) }
                }
                try await outbound.close(.normalClosure, reason: nil)
                return
            case "complete":
                outcome.withLock { $0 = .completed }
                try await outbound.close(.normalClosure, reason: nil)
                return
            default:
                continue
            }
        }
    }

    private static func send(_ outbound: WebSocketOutboundWriter, _ message: [String: RawJSON]) async throws {
        let data = try JSONEncoder().encode(RawJSON.object(message))
        try await outbound.writeTextMessage(String(decoding: data, as: UTF8.self))
    }

    private static func error(_ errors: [RawJSON]) -> ServiceError {
        let data = (try? JSONEncoder().encode(RawJSON.array(errors))) ?? Data("[]".utf8)
        let failures = (try? JSONDecoder().decode([GraphQLErrorMapping.Failure].self, from: data)) ?? []
        return GraphQLErrorMapping.error(for: failures)
    }
}
