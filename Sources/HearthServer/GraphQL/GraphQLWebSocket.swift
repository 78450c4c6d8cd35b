import Foundation
import GraphQL
import HearthCore
import HearthPantryServer
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOWebSocket
import ServiceLifecycle

/// Subscriptions (and queries and mutations) over a WebSocket at `/graphql`, speaking the
/// `graphql-transport-ws` protocol.
///
/// The client opens with `connection_init` whose payload carries its bearer token (`{"Authorization":
/// "Bearer <token>"}`, or `{"token": "<token>"}`), and the server answers `connection_ack`. Each `subscribe`
/// then streams `next` messages and ends with `complete` (or `error` when the operation is refused); the
/// client stops one with `complete`. `ping` is answered with `pong`.
///
/// The token is checked again at every `subscribe` and every keep-alive tick, so a session that was signed out
/// or expired ends the connection. A connection runs at most ``maxSubscriptions`` subscriptions, and a user at
/// most ``userSubscriptions``' limit across connections; one more is refused with a `TOO_MANY_SUBSCRIPTIONS`
/// error and the connection stays open. Messages go out whole and in order through the connection's
/// ``GraphQLWebSocketOutbox``, where each subscription may have ``subscriptionBuffer`` events waiting and the
/// connection ``subscriptionBufferBytes``; a client that reads so slowly that more arrive is closed (4413), since
/// it would otherwise make the server hold ever more. A client silent for ``pingInterval`` is sent a `ping`;
/// silent for another, it is closed. These timers, and `connection_init`'s deadline, run on ``clock``.
///
/// Breaking the protocol closes the socket with its codes: 4400 a message that is not valid, 4401 `subscribe`
/// before the acknowledgement or with a session that has ended, 4403 a missing or wrong token, 4408 no
/// `connection_init` in time or no answer to a ping, 4409 an id already running, 4413 a subscription that fell
/// behind, 4429 a second `connection_init`, 4500 a token the server failed to check.
struct GraphQLWebSocket: Sendable {
    static let subprotocol = "graphql-transport-ws"

    let graphQL: any PantryGraphQLServing
    let routes: GraphQLRoutes
    /// How long a client has to send `connection_init`.
    let initTimeout: Duration
    /// How long a connection may stay silent before it is pinged, and how long a ping may go unanswered.
    let pingInterval: Duration
    /// The most subscriptions one connection may run at once.
    let maxSubscriptions: Int
    /// Subscriptions per user, across this server's connections.
    let userSubscriptions: GraphQLSubscriptionCount
    /// The most events one subscription may have waiting to be sent.
    let subscriptionBuffer: Int
    /// The most bytes of events a connection's subscriptions may have waiting to be sent, together.
    let subscriptionBufferBytes: Int
    /// What the timers run on.
    let clock: any Clock<Duration>
    let logger: Logger

    /// Serves one connection until either side closes it (a protocol error closes it with its code, logged at debug).
    func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let outbox = GraphQLWebSocketOutbox(eventLimit: subscriptionBuffer, byteLimit: subscriptionBufferBytes)
        let session = GraphQLWebSocketSession(outbox: outbox, clock: clock, logger: logger)
        // A server that is stopping closes its sockets ("going away"), so the client reconnects elsewhere and the
        // stop does not wait for clients to hang up.
        try await withGracefulShutdownHandler {
            try await serve(inbound: inbound, outbound: outbound, session: session)
        } onGracefulShutdown: {
            Task { await session.close(1001, "The server is shutting down") }
        }
    }

    /// What ended one of the tasks serving a connection.
    private enum Ended {
        /// The client hung up, or answered the server's close frame.
        case inbound
        /// The writer wrote the close frame.
        case writer
        /// A timer closed the session, or gave up.
        case timers
        /// The session closed and the client took too long to answer the close frame.
        case closeDeadline
    }

    /// How long a client has to answer the server's close frame before the connection is dropped; what it has not
    /// read by then is lost.
    static let closeDeadline: Duration = .seconds(10)

    private func serve(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, session: GraphQLWebSocketSession
    ) async throws {
        do {
            try await withThrowingTaskGroup(of: Ended.self) { group in
                // The one writer, so messages go out whole and in order.
                group.addTask {
                    await session.outbox.write(to: outbound)
                    return .writer
                }
                // Reading the client's messages until it hangs up; once the session is closing, only until the
                // client answers the close frame, so it first reads all that was sent before it.
                group.addTask {
                    var open = true
                    for try await message in inbound.messages(maxSize: 1 << 20) where open {
                        await session.hear()
                        guard case .text(let text) = message else {
                            await session.close(4400, "Messages must be JSON text")
                            open = false
                            continue
                        }
                        open = await receive(text, session)
                    }
                    return .inbound
                }
                // The timers: connection_init in time, then a keep-alive tick every interval.
                group.addTask {
                    try await clock.sleep(for: initTimeout)
                    guard await session.viewer != nil else {
                        await session.close(4408, "Connection initialisation timeout")
                        return .timers
                    }
                    while true {
                        try await clock.sleep(for: pingInterval)
                        guard await keepAlive(session) else { return .timers }
                    }
                }
                // Whatever closed the session (a subscription that fell behind, a timer, a message), a client that
                // does not answer the close frame in time is let go.
                group.addTask {
                    for await _ in session.closing {}
                    try await clock.sleep(for: Self.closeDeadline)
                    return .closeDeadline
                }
                while let ended = try await group.next(), ended == .timers || ended == .writer {}
                group.cancelAll()
            }
        } catch {
            await session.cancelAll()
            throw error
        }
        await session.cancelAll()
    }

    /// One keep-alive tick: closes a connection whose session has ended or whose client stopped answering,
    /// pings one that is silent. False once the connection is closing.
    private func keepAlive(_ session: GraphQLWebSocketSession) async -> Bool {
        guard await session.viewer != nil, let token = await session.token, await stillSignedIn(token, session) != nil
        else { return false }
        switch await session.tick() {
        case .alive, .pinged:
            return true
        case .silent:
            await session.close(4408, "Ping timeout: no answer to a ping within \(pingInterval)")
            return false
        }
    }

    /// The caller `token` still belongs to; nil (and the connection closing, 4401) when the session has ended.
    private func stillSignedIn(_ token: String, _ session: GraphQLWebSocketSession) async -> PantryViewer? {
        do {
            return try await routes.viewer(token: token)
        } catch is GraphQLError {
            await session.close(
                4401, "Unauthorized: the session has ended (signed out or expired); sign in and connect again")
        } catch {
            logger.error(
                "Could not check a GraphQL WebSocket's token", metadata: ["error": "\(String(reflecting: error))"])
            await session.close(4500, "Internal server error: the token could not be checked; try again")
        }
        return nil
    }

    /// Handles one message; false once the connection is closing.
    private func receive(_ text: String, _ session: GraphQLWebSocketSession) async -> Bool {
        // {"payload": {"variables": {…}}}: three levels, then the variables, held to the nesting limit.
        guard !JSONNesting.exceeds(3 + routes.nestingLimit, in: text.utf8) else {
            await session.close(
                4400, "Invalid message: it nests more than \(routes.nestingLimit) levels deep in its variables")
            return false
        }
        guard let message = try? JSONDecoder().decode(ClientMessage.self, from: Data(text.utf8)) else {
            await session.close(4400, "Invalid message: expected JSON with a \"type\"")
            return false
        }
        switch message.type {
        case "connection_init":
            guard await session.beginInit() else {
                await session.close(4429, "Too many initialisation requests")
                return false
            }
            guard let token = message.token else {
                await session.close(
                    4403,
                    "Forbidden: send the bearer token in connection_init's payload as {\"Authorization\": \"Bearer <token>\"}"
                )
                return false
            }
            do {
                await session.acknowledge(try await routes.viewer(token: token), token: token)
            } catch is GraphQLError {
                await session.close(4403, "Forbidden: the token is unknown, revoked or expired; sign in again")
                return false
            } catch {
                logger.error(
                    "Could not check a GraphQL WebSocket's token", metadata: ["error": "\(String(reflecting: error))"])
                await session.close(4500, "Internal server error: the token could not be checked; try again")
                return false
            }
        case "ping":
            await session.send(["type": "pong"])
        case "pong":
            break
        case "subscribe":
            guard await session.viewer != nil, let token = await session.token else {
                await session.close(4401, "Unauthorized")
                return false
            }
            // The session is checked at every subscribe: one signed out or expired since connection_init ends here.
            guard let viewer = await stillSignedIn(token, session) else { return false }
            guard let id = message.id, !id.isEmpty, let payload = message.payload, let query = payload.query else {
                await session.close(4400, "Invalid message: subscribe needs an id and a payload with a query")
                return false
            }
            let request = GraphQLRequest(
                query: query, operationName: payload.operationName,
                variables: GraphQLJSONValue.variables(payload.variables))
            guard await session.reserve(id) else {
                await session.close(4409, "Subscriber for \(id.prefix(100)) already exists")
                return false
            }
            // Operations over the socket count against the caller's GraphQL limit as they do over HTTP; one
            // past it is refused on its own, and the connection stays open.
            let refusal: GraphQLError?
            do {
                refusal = try await routes.rateLimit(viewer)?.error
            } catch {
                refusal = GraphQLErrorShaper(logger: logger).shape(GraphQLError(error), phase: .execution)
            }
            if let refusal {
                routes.operations?.record(nil, .rateLimited)
                await refuse(id, [refusal], session)
                return true
            }
            let type = graphQL.operationType(of: request, viewer: viewer)
            routes.operations?.record(type, type == nil ? .refused : .answered)
            // A subscription is set up before the next message is read, so it hears every change made after it.
            if type == .subscription {
                await subscribe(id, request, viewer, session)
            } else {
                await session.run(id) { [graphQL] in
                    let result = await graphQL.execute(request, viewer: viewer)
                    if result.data == nil, !result.errors.isEmpty {
                        await session.send(id: id, type: "error", errors: result.errors)
                        await session.finished(id, sendComplete: false)
                    } else {
                        await session.send(id: id, type: "next", result: result)
                        await session.finished(id, sendComplete: !Task.isCancelled)
                    }
                }
            }
        case "complete":
            if let id = message.id { await session.stop(id) }
        default:
            await session.close(4400, "Invalid message type \"\(message.type.prefix(40))\"")
            return false
        }
        return true
    }

    /// Answers operation `id` with `errors` and ends it; the connection stays open.
    private func refuse(_ id: String, _ errors: [GraphQLError], _ session: GraphQLWebSocketSession) async {
        await session.send(id: id, type: "error", errors: errors)
        await session.finished(id, sendComplete: false)
    }

    /// Starts subscription `id`, within the connection's and the user's limits, its events passing through a
    /// buffer of ``subscriptionBuffer``.
    private func subscribe(
        _ id: String, _ request: GraphQLRequest, _ viewer: PantryViewer, _ session: GraphQLWebSocketSession
    ) async {
        guard await session.subscriptionCount < maxSubscriptions else {
            await refuse(
                id,
                [
                    GraphQLErrorShaper.error(
                        .tooManySubscriptions,
                        "This connection already runs \(maxSubscriptions) subscriptions, the server's limit per connection; complete one before starting another, or open another connection."
                    )
                ], session)
            return
        }
        guard let slot = userSubscriptions.acquire(viewer.userID) else {
            await refuse(
                id,
                [
                    GraphQLErrorShaper.error(
                        .tooManySubscriptions,
                        "\(viewer.email) already runs \(userSubscriptions.limit) subscriptions on this server, its limit per user; complete some (on any connection) before starting more."
                    )
                ], session)
            return
        }
        let stream: AsyncThrowingStream<GraphQLResult, any Error>
        switch await graphQL.subscribe(request, viewer: viewer) {
        case .failure(let errors):
            slot.release()
            await refuse(id, errors.errors, session)
            return
        case .success(let found):
            stream = found
        }
        let logger = self.logger
        await session.run(id, subscription: slot) {
            defer { slot.release() }
            // Each event is encoded as it arrives and waits in the outbox while the client reads those before it;
            // one more than the subscription or the connection may have waiting means the client fell behind,
            // and the connection closes rather than hold ever more.
            do {
                for try await result in stream {
                    guard let text = GraphQLWebSocketSession.next(id: id, result) else { continue }
                    guard session.outbox.put(text, subscription: id) else {
                        await session.fellBehind("Subscription \(id.prefix(40))")
                        return
                    }
                }
            } catch {
                // A stream that fails after it began ends like one that finished; the cause is logged.
                if !Task.isCancelled {
                    logger.warning(
                        "A GraphQL subscription's stream failed; completing it",
                        metadata: [
                            "graphql.subscription.id": "\(id.prefix(100))", "error": "\(String(reflecting: error))",
                        ])
                }
            }
            await session.finished(id, sendComplete: !Task.isCancelled)
        }
    }

    /// A message from the client.
    struct ClientMessage: Decodable {
        struct Payload: Decodable {
            let query: String?
            let operationName: String?
            /// Read once per value (``GraphQLJSONValue``), never as GraphQL's `Map` decodes them.
            let variables: [String: GraphQLJSONValue]?
        }

        let type: String
        let id: String?
        let payload: Payload?
        /// The bearer token of a `connection_init`.
        let token: String?

        enum CodingKeys: String, CodingKey { case type, id, payload }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            type = try container.decode(String.self, forKey: .type)
            id = try container.decodeIfPresent(String.self, forKey: .id)
            if type == "connection_init" {
                let fields = (try? container.decodeIfPresent([String: GraphQLJSONValue].self, forKey: .payload)) ?? nil
                var found: String?
                for (key, value) in fields ?? [:] {
                    guard case .string(let text) = value.map else { continue }
                    switch key.lowercased() {
                    case "authorization":
                        found = text.lowercased().hasPrefix("bearer ") ? String(text.dropFirst(7)) : text
                    case "token", "authtoken": found = text
                    default: continue
                    }
                }
                token = found?.trimmingCharacters(in: .whitespaces)
                payload = nil
            } else {
                token = nil
                payload = type == "subscribe" ? try container.decodeIfPresent(Payload.self, forKey: .payload) : nil
            }
        }
    }
}
