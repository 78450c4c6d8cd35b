import HearthCore
import HummingbirdWebSocket
import NIOWebSocket

/// The messages waiting to be written to one GraphQL WebSocket, written in order by one writer.
///
/// One writer keeps messages whole: a message longer than a frame goes out as several, and two tasks writing at
/// once would interleave their frames, which the protocol forbids. It also makes what waits countable: each
/// subscription may have ``eventLimit`` events waiting and the connection ``byteLimit`` bytes; a message past
/// either is refused (``put(_:subscription:)`` answers false), and the session closes the connection as having
/// fallen behind. The close frame goes out after the message being written and before anything still waiting.
final class GraphQLWebSocketOutbox: Sendable {
    /// How many events one subscription may have waiting.
    let eventLimit: Int
    /// How many bytes may wait, across the connection.
    let byteLimit: Int
    private let state = Locked(State())
    private let items: AsyncStream<Item>
    private let continuation: AsyncStream<Item>.Continuation

    private struct State {
        var bytes = 0
        var events: [String: Int] = [:]
        var closing = false
    }

    private enum Item: Sendable {
        case text(String, subscription: String?)
        case close(UInt16, String, written: @Sendable () -> Void)
    }

    init(eventLimit: Int, byteLimit: Int) {
        self.eventLimit = eventLimit
        self.byteLimit = byteLimit
        (items, continuation) = AsyncStream.makeStream(of: Item.self)
    }

    /// Queues `text`, an event of `subscription` or another message; false (and nothing queued) when it would
    /// take the subscription or the connection past its limit. Once the connection is closing, nothing is queued.
    func put(_ text: String, subscription: String? = nil) -> Bool {
        let size = text.utf8.count
        let accepted = state.withLock { state -> Bool? in
            if state.closing { return nil }
            if let subscription, state.events[subscription, default: 0] >= eventLimit { return false }
            if state.bytes + size > byteLimit { return false }
            state.bytes += size
            if let subscription { state.events[subscription, default: 0] += 1 }
            return true
        }
        guard let accepted else { return true }
        if accepted { continuation.yield(.text(text, subscription: subscription)) }
        return accepted
    }

    /// Queues the close frame ahead of whatever waits (which is dropped); `written` runs once it is written.
    func close(_ code: UInt16, _ reason: String, written: @escaping @Sendable () -> Void) {
        state.withLock { $0.closing = true }
        continuation.yield(.close(code, reason, written: written))
    }

    /// How many bytes wait now.
    var waitingBytes: Int { state.withLock { $0.bytes } }

    /// Writes the queued messages in order, one whole message at a time, until the close frame is written.
    func write(to outbound: WebSocketOutboundWriter) async {
        for await item in items {
            switch item {
            case .text(let text, let subscription):
                if !state.withLock({ $0.closing }) { try? await outbound.writeTextMessage(text) }
                state.withLock { state in
                    state.bytes -= text.utf8.count
                    if let subscription {
                        let left = state.events[subscription, default: 0] - 1
                        state.events[subscription] = left > 0 ? left : nil
                    }
                }
            case .close(let code, let reason, let written):
                try? await outbound.close(.unknown(code), reason: reason)
                written()
                continuation.finish()
                return
            }
        }
    }
}
