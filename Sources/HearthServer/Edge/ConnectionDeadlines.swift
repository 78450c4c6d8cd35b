import NIOCore

/// When a connection's client has run out of time, and why: the pure state machine behind
/// ``ConnectionGuard``, stepped with the time of each event so tests drive it without a clock.
///
/// It hears of raw bytes arriving (``bytesArrived(_:at:)``) and of the HTTP parts they became (a request's
/// head and end, a response's head and end). Between those it knows which deadline applies:
///
/// - bytes of a request's head have arrived but the head is not whole: ``ConnectionLimits/headerTimeout``
///   from the first of them, and at most ``ConnectionLimits/maxHeaderBytes`` of them;
/// - a head has arrived but not its body's end: ``ConnectionLimits/bodyTimeout`` from the head, plus a second
///   for each ``ConnectionLimits/bodyMinimumRate`` bytes of body that came;
/// - every request read is being answered: no deadline (an event stream lasts as long as the server writes);
/// - nothing is in flight: ``ConnectionLimits/idleTimeout`` from the last answer (or the connection's start).
struct ConnectionDeadlines {
    /// Why a connection is closed.
    enum Expiry: Equatable {
        /// A request's head took too long.
        case headerTimeout
        /// A request's body came too slowly.
        case bodyTimeout
        /// Nothing was asked for too long.
        case idle
    }

    let limits: ConnectionLimits
    /// When the first byte of a head not yet whole arrived, and how many bytes have come since.
    private(set) var headStarted: NIODeadline?
    private(set) var headBytes = 0
    /// When the head of the request whose body is being read arrived, and how many body bytes have come.
    private(set) var bodyStarted: NIODeadline?
    private(set) var bodyBytes = 0
    /// Requests whose head arrived and whose answer has not ended.
    private(set) var requestsOpen = 0
    /// Whether an answer has begun and not ended.
    private(set) var answering = false
    /// When the connection last had nothing in flight.
    private(set) var idleSince: NIODeadline
    /// Upgraded to another protocol (a WebSocket), which keeps its own time.
    private(set) var upgraded = false

    init(limits: ConnectionLimits, openedAt now: NIODeadline) {
        self.limits = limits
        idleSince = now
    }

    /// `count` bytes arrived from the client: a head's, or the body's of the request being read.
    mutating func bytesArrived(_ count: Int, at now: NIODeadline) {
        if bodyStarted != nil {
            bodyBytes += count
        } else {
            if headStarted == nil { headStarted = now }
            headBytes += count
        }
    }

    /// Whether the head being read has passed ``ConnectionLimits/maxHeaderBytes`` (bytes that arrived with it
    /// count until the head is whole).
    var headerTooLarge: Bool { headStarted != nil && headBytes > limits.maxHeaderBytes }

    /// A request's head is whole.
    mutating func headReceived(at now: NIODeadline) {
        headStarted = nil
        headBytes = 0
        bodyStarted = now
        bodyBytes = 0
        requestsOpen += 1
    }

    /// The request's body has ended.
    mutating func requestEnded() {
        bodyStarted = nil
        bodyBytes = 0
    }

    /// An answer began.
    mutating func responseStarted() {
        answering = true
    }

    /// An answer ended.
    mutating func responseEnded(at now: NIODeadline) {
        answering = false
        requestsOpen = max(0, requestsOpen - 1)
        if requestsOpen == 0 { idleSince = now }
    }

    /// The connection left HTTP.
    mutating func upgrade() {
        upgraded = true
    }

    /// When the current deadline falls; nil when there is none.
    var deadline: NIODeadline? {
        guard !upgraded else { return nil }
        if let headStarted { return headStarted + .init(limits.headerTimeout) }
        if let bodyStarted {
            let bought = Double(bodyBytes) / Double(max(1, limits.bodyMinimumRate))
            return bodyStarted + .init(limits.bodyTimeout) + .nanoseconds(Int64(min(bought, 1e9) * 1e9))
        }
        if requestsOpen > 0 { return nil }
        return idleSince + .init(limits.idleTimeout)
    }

    /// What ran out at `now`, if anything.
    func expiry(at now: NIODeadline) -> Expiry? {
        guard let deadline, now >= deadline else { return nil }
        if headStarted != nil { return .headerTimeout }
        if bodyStarted != nil { return .bodyTimeout }
        return .idle
    }

    /// Whether the client may still be sent an answer of the server's own: nothing has been answered on the
    /// request at hand, and no earlier answer is owed.
    var mayAnswer: Bool {
        guard !answering else { return false }
        // A head not yet whole owes nothing when no earlier request is open; a body's request is the one open.
        return headStarted != nil ? requestsOpen == 0 : requestsOpen == 1
    }
}
