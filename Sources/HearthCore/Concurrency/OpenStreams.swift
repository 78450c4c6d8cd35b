import Synchronization

/// How many long-lived streams (the pages' live updates, the sync API's push channel) each account has open: at
/// most ``limit`` at once, so one account cannot hold the server's connections open without end.
///
/// ```swift
/// guard let ticket = streams.begin(userID) else { throw tooMany }
/// defer { ticket.end() }
/// ```
public final class OpenStreams: Sendable {
    /// The most streams one account may have open.
    public let limit: Int
    private let open = Mutex<[String: Int]>([:])

    public init(limit: Int) {
        self.limit = limit
    }

    /// A place for a new stream of `userID`; nil when the account already has ``limit`` open. The place is given
    /// back when the ticket is ended, or when it is dropped unended: a browser that leaves before its stream
    /// begins (the answer never written) gives its place back too.
    public func begin(_ userID: String) -> Ticket? {
        let admitted = open.withLock { open in
            guard open[userID, default: 0] < limit else { return false }
            open[userID, default: 0] += 1
            return true
        }
        return admitted ? Ticket(streams: self, userID: userID) : nil
    }

    /// The streams `userID` has open.
    public func count(_ userID: String) -> Int {
        open.withLock { $0[userID, default: 0] }
    }

    fileprivate func end(_ userID: String) {
        open.withLock { open in
            let left = open[userID, default: 1] - 1
            open[userID] = left > 0 ? left : nil
        }
    }

    /// One stream's place, given back once.
    public final class Ticket: Sendable {
        private let streams: OpenStreams
        private let userID: String
        private let ended = Atomic(false)

        fileprivate init(streams: OpenStreams, userID: String) {
            self.streams = streams
            self.userID = userID
        }

        /// Gives the place back (once, however often it is called).
        public func end() {
            if !ended.exchange(true, ordering: .acquiringAndReleasing) { streams.end(userID) }
        }

        deinit { end() }
    }
}
