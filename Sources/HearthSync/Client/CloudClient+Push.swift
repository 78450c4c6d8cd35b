import AsyncHTTPClient
import Foundation
import HearthCloudModel
import HearthCore
import NIOCore
import NIOHTTP1
import Synchronization

extension CloudClient {
    /// Opens the push channel (`GET /cloud/v1/push`, Server-Sent Events).
    ///
    /// The stream yields ``CloudPushEvent/connected`` when the server accepts the connection, then each
    /// notification. It ends with an error when the connection fails or stays silent longer than
    /// `pushIdleTimeout` (the server sends a heartbeat every 15 seconds), and finishes when the server
    /// closes it; either way, open a new stream to reconnect. Cancelling the consuming task closes it.
    public func pushEvents() -> AsyncThrowingStream<CloudPushEvent, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    try await self.streamPush(into: continuation)
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    private func streamPush(into continuation: AsyncThrowingStream<CloudPushEvent, any Error>.Continuation) async throws
    {
        var request = request(.GET, "push", authenticated: true)
        request.headers.replaceOrAdd(name: "Accept", value: "text/event-stream")
        let url = configuration.url("push")
        let response: HTTPClientResponse
        do {
            response = try await http.execute(
                request, timeout: .nanoseconds(configuration.requestTimeout.nanoseconds), logger: logger)
        } catch {
            throw Self.transportError(error, method: .GET, url: url)
        }
        guard response.status.code == 200 else {
            let buffer = try? await response.body.collect(upTo: 1 << 20)
            throw Self.serverError(
                status: Int(response.status.code), headers: response.headers,
                body: buffer.map { Data($0.readableBytesView) } ?? Data())
        }
        let idle = configuration.pushIdleTimeout
        let clock = self.clock
        let activity = Activity(clock: clock)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                var parser = ServerSentEventParser()
                let decoder = JSONDecoder()
                do {
                    for try await chunk in response.body {
                        activity.touch()
                        for event in parser.consume(chunk.readableBytesView) {
                            switch event.event {
                            case "ready":
                                continuation.yield(.connected)
                            case "notification":
                                if let notification = try? decoder.decode(
                                    CloudNotification.self, from: Data(event.data.utf8))
                                {
                                    continuation.yield(.notification(notification))
                                }
                            default:
                                break
                            }
                        }
                    }
                } catch is CancellationError {
                    throw CancellationError()
                } catch {
                    throw Self.transportError(error, method: .GET, url: url)
                }
            }
            group.addTask {
                // The watchdog: a connection that has gone quiet past the heartbeat is dead.
                while true {
                    try await clock.sleep(for: idle / 3)
                    if activity.silence > idle {
                        throw CloudTransportError(.timedOut, "The push channel at \(url) went silent; reconnecting.")
                    }
                }
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }
}

/// When bytes last arrived on a connection, on the client's clock.
private final class Activity: Sendable {
    private let elapsed: @Sendable () -> Duration
    private let last: Mutex<Duration>

    init(clock: any Clock<Duration>) {
        elapsed = clock.stopwatch()
        last = Mutex(.zero)
    }

    func touch() {
        let now = elapsed()
        last.withLock { $0 = now }
    }

    var silence: Duration { elapsed() - last.withLock { $0 } }
}
