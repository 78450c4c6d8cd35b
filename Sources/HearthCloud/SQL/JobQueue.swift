import Foundation
import Synchronization

/// The executor's jobs in arrival order, handed to whichever thread is free.
///
/// `@unchecked Sendable` because its state is guarded by an `NSCondition`, which the compiler cannot see:
/// every read and write of `jobs`, `head` and `closed` happens between `condition.lock()` and
/// `condition.unlock()`, and `UnownedJob`s are only handed from one thread to another through it.
final class JobQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var head = 0
    private var closed = false

    func push(_ job: UnownedJob) {
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// The next job, waiting for one; nil once the queue is closed and empty.
    func next() -> UnownedJob? {
        condition.lock()
        defer { condition.unlock() }
        while head == jobs.count {
            if closed { return nil }
            condition.wait()
        }
        let job = jobs[head]
        head += 1
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            head = 0
        }
        return job
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
