import AsyncHTTPClient
import Foundation
import HTTPTypes
import HearthCloudModel
import HearthCore
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import HearthServer

@Suite("Connection deadlines: slow clients are cut off, answers being written are not", .timeLimit(.minutes(10)))
struct ConnectionLimitsTests {
    static func at(_ seconds: Double) -> NIODeadline {
        .uptimeNanoseconds(UInt64(1_000_000_000 + seconds * 1_000_000_000))
    }

    static var limits: ConnectionLimits {
        var limits = ConnectionLimits()
        limits.headerTimeout = .seconds(10)
        limits.idleTimeout = .seconds(60)
        limits.bodyTimeout = .seconds(20)
        limits.bodyMinimumRate = 500
        limits.maxHeaderBytes = 1_000
        return limits
    }

    @Test(
        "the state machine: idle, then a head from its first byte, a body bought time by its bytes, no deadline while answering"
    )
    func stateMachine() {
        var state = ConnectionDeadlines(limits: Self.limits, openedAt: Self.at(0))
        #expect(state.deadline == Self.at(60))
        #expect(state.expiry(at: Self.at(59.9)) == nil)
        #expect(state.expiry(at: Self.at(60)) == .idle)

        // A head trickled in: its deadline runs from its first byte, however many follow.
        state.bytesArrived(1, at: Self.at(5))
        state.bytesArrived(1, at: Self.at(14))
        #expect(state.deadline == Self.at(15))
        #expect(state.expiry(at: Self.at(15)) == .headerTimeout)
        #expect(state.mayAnswer)
        #expect(!state.headerTooLarge)
        state.bytesArrived(1_000, at: Self.at(14))
        #expect(state.headerTooLarge)

        // The head is whole: the body has 20 s, and each 500 bytes buy one more.
        state.headReceived(at: Self.at(14.5))
        #expect(!state.headerTooLarge)
        #expect(state.deadline == Self.at(34.5))
        state.bytesArrived(1_000, at: Self.at(30))
        #expect(state.deadline == Self.at(36.5))
        #expect(state.expiry(at: Self.at(36.5)) == .bodyTimeout)
        #expect(state.mayAnswer)

        // Once the body is in, an answer takes as long as it takes (an event stream for hours).
        state.requestEnded()
        state.responseStarted()
        #expect(state.deadline == nil)
        #expect(state.expiry(at: Self.at(100_000)) == nil)
        state.responseEnded(at: Self.at(100_000))
        #expect(state.deadline == Self.at(100_060))

        // An answer sent before the body was read (a refusal): the body still has its deadline, but the client
        // has had its answer, so the connection just closes.
        state.bytesArrived(100, at: Self.at(100_001))
        state.headReceived(at: Self.at(100_001))
        state.responseStarted()
        state.responseEnded(at: Self.at(100_002))
        #expect(state.expiry(at: Self.at(100_021)) == .bodyTimeout)
        #expect(!state.mayAnswer)

        state.upgrade()
        #expect(state.deadline == nil)
    }

    /// A channel with a guard alone, on an event loop whose time the test moves.
    static func guarded() throws -> (EmbeddedChannel, ConnectionGuard) {
        let guardian = ConnectionGuard(limits: Self.limits, logger: Logger(label: "test"))
        let channel = EmbeddedChannel(handler: guardian)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return (channel, guardian)
    }

    static func written(_ channel: EmbeddedChannel) throws -> String {
        var text = ""
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { text += String(buffer: buffer) }
        return text
    }

    @Test("headers trickled a byte at a time are answered 408 and closed when their time is up")
    func slowHeaders() throws {
        let (channel, _) = try Self.guarded()
        for byte in "GET /health HTTP/1.1\r\nHo".utf8 {
            try channel.writeInbound(ByteBuffer(bytes: [byte]))
            channel.embeddedEventLoop.advanceTime(by: .milliseconds(300))
        }
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(10))
        #expect(!channel.isActive)
        let answer = try Self.written(channel)
        #expect(answer.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        #expect(answer.contains("Connection: close"))
        #expect(answer.contains("\"serverErrorCode\":\"REQUEST_TIMEOUT\""))
        #expect(answer.contains("did not arrive within 10 seconds"))
    }

    @Test("headers past the size limit are answered 431 at once")
    func largeHeaders() throws {
        let (channel, _) = try Self.guarded()
        try channel.writeInbound(
            ByteBuffer(string: "GET / HTTP/1.1\r\nX-Padding: " + String(repeating: "a", count: 2_000)))
        #expect(!channel.isActive)
        let answer = try Self.written(channel)
        #expect(answer.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"))
        #expect(answer.contains("larger than 1000 bytes"))
    }

    @Test("an idle connection closes without an answer; one that is answering stays open however long the answer takes")
    func idleAndAnswering() throws {
        let (idle, _) = try Self.guarded()
        idle.embeddedEventLoop.advanceTime(by: .seconds(59))
        #expect(idle.isActive)
        idle.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!idle.isActive)
        #expect(try Self.written(idle).isEmpty)

        let (streaming, guardian) = try Self.guarded()
        try streaming.writeInbound(ByteBuffer(string: "GET /cloud/v1/push HTTP/1.1\r\n\r\n"))
        guardian.headReceived()
        guardian.requestEnded()
        guardian.responseStarted()
        streaming.embeddedEventLoop.advanceTime(by: .seconds(86_400))
        #expect(streaming.isActive)
        guardian.responseEnded()
        streaming.embeddedEventLoop.advanceTime(by: .seconds(60))
        #expect(!streaming.isActive)
    }

    @Test("a body that stops coming is answered 408; an upgraded connection keeps no deadline")
    func slowBodyAndUpgrade() throws {
        let (channel, guardian) = try Self.guarded()
        try channel.writeInbound(
            ByteBuffer(string: "POST /cloud/v1/accounts/signin HTTP/1.1\r\nContent-Length: 100000\r\n\r\n"))
        guardian.headReceived()
        try channel.writeInbound(ByteBuffer(repeating: 0x20, count: 5_000))  // buys 10 s
        channel.embeddedEventLoop.advanceTime(by: .seconds(29))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive)
        #expect(try Self.written(channel).contains("The request body arrived too slowly"))

        let (socket, upgraded) = try Self.guarded()
        try socket.writeInbound(ByteBuffer(string: "GET /graphql HTTP/1.1\r\nUpgrade: websocket\r\n"))
        upgraded.upgraded()
        socket.embeddedEventLoop.advanceTime(by: .seconds(86_400))
        #expect(socket.isActive)
    }

    // MARK: A live server

    static func server(_ adjust: (inout ConnectionLimits) -> Void) -> ServerConfiguration {
        var configuration = testConfiguration()
        adjust(&configuration.connectionLimits)
        return configuration
    }

    @Test(
        "a live server answers 408 to a slowloris, 431 to huge headers, closes idle keep-alive connections, and keeps serving"
    )
    func liveServer() async throws {
        // The idle timeout is longer than the others, so that a connection whose first bytes are slow to leave
        // a busy test machine is not taken for an idle one.
        let configuration = Self.server { limits in
            limits.headerTimeout = .milliseconds(300)
            limits.bodyTimeout = .milliseconds(300)
            limits.idleTimeout = .seconds(10)
            limits.maxHeaderBytes = 4_096
        }
        try await withRunningServer(configuration) { port in
            let slowloris = try await RawConnection(port: port)
            slowloris.send("GET /health HTTP/1.1\r\nHost: hearth\r\nX-A: ")
            let timedOut = try await slowloris.closedByServer(within: .seconds(30))
            #expect(timedOut.hasPrefix("HTTP/1.1 408"), "\(timedOut)")
            #expect(timedOut.contains("REQUEST_TIMEOUT"))

            let trickle = try await RawConnection(port: port)
            trickle.send(
                "POST /cloud/v1/accounts/signin HTTP/1.1\r\nHost: hearth\r\nContent-Type: application/json\r\nContent-Length: 900\r\n\r\n{\"email"
            )
            let slowBody = try await trickle.closedByServer(within: .seconds(30))
            #expect(slowBody.hasPrefix("HTTP/1.1 408"), "\(slowBody)")

            let huge = try await RawConnection(port: port)
            huge.send(
                "GET /health HTTP/1.1\r\nHost: hearth\r\nCookie: " + String(repeating: "c", count: 8_000) + "\r\n\r\n")
            let tooLarge = try await huge.closedByServer(within: .seconds(30))
            #expect(tooLarge.hasPrefix("HTTP/1.1 431"), "\(tooLarge.prefix(200))")
            #expect(tooLarge.contains("LIMIT_EXCEEDED"))

            let keepAlive = try await RawConnection(port: port)
            keepAlive.send("GET /health HTTP/1.1\r\nHost: hearth\r\n\r\n")
            let answered = try await keepAlive.closedByServer(within: .seconds(30))
            #expect(answered.hasPrefix("HTTP/1.1 200"), "\(answered.prefix(200))")
            // One answer, the request's: the idle close sends nothing more (the health report's numbers may hold any digits).
            #expect(!answered.contains("HTTP/1.1 408"), "\(answered.prefix(400))")

            #expect(try await request(port, "/health", method: .GET).status == 200)
        }
    }

    @Test("the push channel's event stream and a GraphQL WebSocket outlive the idle timeout")
    func longLivedAnswers() async throws {
        let configuration = Self.server { limits in
            limits.headerTimeout = .seconds(1)
            limits.bodyTimeout = .seconds(1)
            limits.idleTimeout = .seconds(1)
        }
        try await withRunningServer(configuration) { port in
            let email = "stream-\(UUID().uuidString.prefix(8))@example.com"
            #expect(
                try await request(
                    port, "/cloud/v1/accounts/signup",
                    body: body(CloudSignUpRequest(emailAddress: email, password: "long enough password"))
                ).status == 201)
            let session = try JSONDecoder().decode(
                CloudSession.self,
                from: Data(
                    buffer: try await request(
                        port, "/cloud/v1/accounts/signin",
                        body: body(CloudSignInRequest(emailAddress: email, password: "long enough password"))
                    ).body))
            let token = session.token
            let subscribe = CloudSubscriptionsModifyRequest(operations: [
                CloudSubscriptionOperation(
                    operationType: .create,
                    subscription: CloudSubscription(subscriptionID: "all", subscriptionType: .database))
            ])
            #expect(
                try await request(port, "/cloud/v1/private/subscriptions/modify", token: token, body: body(subscribe))
                    .status == 200)
            let push = try await openPush(port: port, token: token, device: "phone")

            // A connection opened now and left silent is closed once the idle timeout has passed: after that,
            // the stream opened before it must still be delivering.
            let silent = try await RawConnection(port: port)
            try await silent.closedByServer(within: .seconds(30))
            let change = CloudRecordsModifyRequest(operations: [
                CloudRecordOperation(operationType: .create, record: CloudRecord(recordName: "n1", recordType: "Note"))
            ])
            #expect(
                try await request(
                    port, "/cloud/v1/private/records/modify", token: token, headers: [("X-Hearth-Device-ID", "laptop")],
                    body: body(change)
                ).status == 200)
            let notification = try await push.nextNotification(timeout: .seconds(30))
            #expect(notification?.recordTypes == ["Note"])

            let answered = Locked<String?>(nil)
            _ = try await WebSocketClient.connect(
                url: "ws://127.0.0.1:\(port)/graphql", configuration: GraphQLWebSocketTests.configuration,
                logger: Logger(label: "test")
            ) { inbound, outbound, _ in
                try await outbound.writeTextMessage(
                    #"{"type":"connection_init","payload":{"Authorization":"Bearer \#(token)"}}"#)
                var messages = inbound.messages(maxSize: 1 << 20).makeAsyncIterator()
                _ = try await messages.next()  // connection_ack
                let quiet = try await RawConnection(port: port)
                try await quiet.closedByServer(within: .seconds(30))
                try await outbound.writeTextMessage(#"{"type":"ping"}"#)
                if case .text(let text) = try await messages.next() { answered.withLock { $0 = text } }
            }
            #expect(answered.withLock { $0 }?.contains("pong") == true, "\(answered.withLock { $0 } ?? "no answer")")
        }
    }
}
