import Synchronization

/// How many live-update streams each account has open: at most ``limit`` at once, so one account cannot hold
/// the server's connections open without end.
final class LiveStreams: Sendable {
    let limit: Int
    private let open = Mutex<[String: Int]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts a new stream for `userID`; false when the account already has ``limit`` open.
    func begin(_ userID: String) -> Bool {
        open.withLock { open in
            guard open[userID, default: 0] < limit else { return false }
            open[userID, default: 0] += 1
            return true
        }
    }

    func end(_ userID: String) {
        open.withLock { open in
            let left = open[userID, default: 1] - 1
            open[userID] = left > 0 ? left : nil
        }
    }
}
