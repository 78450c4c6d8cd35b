import Foundation
import GraphQL
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
/// client stops one with `complete`. `ping` is answered with `pong`. Breaking the protocol closes the socket
/// with its codes: 4400 a message that is not valid, 4401 `subscribe` before the acknowledgement, 4403 a
/// missing or wrong token, 4408 no `connection_init` in time, 4409 an id already running, 4429 a second
/// `connection_init`, 4500 a token the server failed to check.
struct GraphQLWebSocket: Sendable {
    static let subprotocol = "graphql-transport-ws"

    let graphQL: any PantryGraphQLServing
    let routes: GraphQLRoutes
    /// How long a client has to send `connection_init`.
    let initTimeout: Duration
    let logger: Logger

    /// Serves one connection until either side closes it (a protocol error closes it with its code, logged at debug).
    func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let session = GraphQLWebSocketSession(outbound: outbound, logger: logger)
        // A server that is stopping closes its sockets ("going away"), so the client reconnects elsewhere and the
        // stop does not wait for clients to hang up.
        try await withGracefulShutdownHandler {
            try await serve(inbound: inbound, session: session)
        } onGracefulShutdown: {
            Task { await session.close(1001, "The server is shutting down") }
        }
    }

    private func serve(inbound: WebSocketInboundStream, session: GraphQLWebSocketSession) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await Task.sleep(for: initTimeout)
                if await session.viewer == nil { await session.close(4408, "Connection initialisation timeout") }
            }
            defer { group.cancelAll() }
            for try await message in inbound.messages(maxSize: 1 << 20) {
                guard case .text(let text) = message else {
                    await session.close(4400, "Messages must be JSON text")
                    break
                }
                if await !receive(text, session) { break }
            }
            await session.cancelAll()
        }
    }

    /// Handles one message; false once the connection is closing.
    private func receive(_ text: String, _ session: GraphQLWebSocketSession) async -> Bool {
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
                await session.close(4403, "Forbidden: send the bearer token in connection_init's payload as {\"Authorization\": \"Bearer <token>\"}")
                return false
            }
            do {
                await session.acknowledge(try await routes.viewer(token: token))
            } catch is GraphQLError {
                await session.close(4403, "Forbidden: the token is unknown, revoked or expired; sign in again")
                return false
            } catch {
                logger.error("Could not check a GraphQL WebSocket's token", metadata: ["error": "\(String(reflecting: error))"])
                await session.close(4500, "Internal server error: the token could not be checked; try again")
                return false
            }
        case "ping":
            await session.send(["type": "pong"])
        case "pong":
            break
        case "subscribe":
            guard let viewer = await session.viewer else {
                await session.close(4401, "Unauthorized")
                return false
            }
            guard let id = message.id, !id.isEmpty, let payload = message.payload, let query = payload.query else {
                await session.close(4400, "Invalid message: subscribe needs an id and a payload with a query")
                return false
            }
            let request = GraphQLRequest(query: query, operationName: payload.operationName, variables: payload.variables ?? [:])
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
                await session.send(id: id, type: "error", errors: [refusal])
                await session.finished(id, sendComplete: false)
                return true
            }
            // A subscription is set up before the next message is read, so it hears every change made after it.
            if graphQL.operationType(of: request, viewer: viewer) == .subscription {
                switch await graphQL.subscribe(request, viewer: viewer) {
                case .failure(let errors):
                    await session.send(id: id, type: "error", errors: errors.errors)
                    await session.finished(id, sendComplete: false)
                case .success(let stream):
                    await session.run(id) {
                        do {
                            for try await result in stream { await session.send(id: id, type: "next", result: result) }
                        } catch {
                            // A stream that fails after it began ends like one that finished; the cause is logged.
                            if !Task.isCancelled {
                                logger.warning("A GraphQL subscription's stream failed; completing it", metadata: ["graphql.subscription.id": "\(id.prefix(100))", "error": "\(String(reflecting: error))"])
                            }
                        }
                        await session.finished(id, sendComplete: !Task.isCancelled)
                    }
                }
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

    /// A message from the client.
    struct ClientMessage: Decodable {
        struct Payload: Decodable {
            let query: String?
            let operationName: String?
            let variables: [String: Map]?
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
                let fields = (try? container.decodeIfPresent([String: Map].self, forKey: .payload)) ?? nil
                var found: String?
                for (key, value) in fields ?? [:] {
                    guard case .string(let text) = value else { continue }
                    switch key.lowercased() {
                    case "authorization": found = text.lowercased().hasPrefix("bearer ") ? String(text.dropFirst(7)) : text
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
