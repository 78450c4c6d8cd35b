public import HearthPantryModel

/// Follows the pantry server's GraphQL subscriptions: each operation's events as a stream that survives
/// dropped connections. ``GraphQLSubscriptionClient`` follows them over a WebSocket.
public protocol GraphQLSubscribing: Sendable {
    /// The operation's events as the server sends them, across reconnections, until the server completes it, it
    /// fails, or the consumer stops. `onConnect` is called with 0 when the first connection is acknowledged and
    /// with the reconnection's number after each later one, so a caller can catch up on what it missed.
    func subscribe<Operation: PantryOperation>(
        _ operation: Operation, onConnect: @escaping @Sendable (Int) async -> Void
    ) -> AsyncThrowingStream<Operation.Answer, any Error>
    /// Closes every open connection; each subscription opens its connection again at once and subscribes anew.
    func reconnect() async
}
