/// A request that got no usable answer from the server: it could not connect, ran out of time, or the
/// answer was not one the HearthCloud API gives.
///
/// Errors the server itself answers with arrive as `CloudError` (with `serverErrorCode`, `reason` and
/// `retryAfter`); this one means the server was not reached or not understood, so the engine treats the
/// device as offline and tries again later.
public struct CloudTransportError: Error, Sendable, CustomStringConvertible {
    /// What kind of transport failure this is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// A stable name such as `"UNREACHABLE"`.
        public let rawValue: String

        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// The server could not be reached: refused, reset, or no route.
        public static let unreachable = Code("UNREACHABLE")
        /// The server did not answer in time.
        public static let timedOut = Code("TIMED_OUT")
        /// The server answered with something that is not the API's JSON.
        public static let invalidResponse = Code("INVALID_RESPONSE")
        /// The request could not be built (a bad server URL, a body that does not encode).
        public static let invalidRequest = Code("INVALID_REQUEST")

        public var description: String { rawValue }
    }

    /// What kind of failure this is.
    public let code: Code
    /// What went wrong and what to do about it.
    public let message: String
    /// The error that caused this one.
    public let underlying: (any Error)?

    public init(_ code: Code, _ message: String, underlying: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    public var description: String { message }
}
