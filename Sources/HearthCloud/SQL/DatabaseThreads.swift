import Foundation
import Synchronization

/// Threads of their own for SQLite's blocking calls, as a task executor: code run with
/// `withTaskExecutorPreference(threads)` does its database work here, never on Swift's cooperative pool,
/// whose few threads stay free for the server's requests.
///
/// The threads end with ``shutdown()`` (the database calls it when it is released).
///
/// Checked `Sendable`: it holds only the ``JobQueue`` (which guards itself) and a `Mutex`.
final class DatabaseThreads: TaskExecutor, Sendable {
    private let queue: JobQueue
    private let members = Mutex<Set<pthread_t>>([])

    /// Starts `count` threads named `name-0`, `name-1`, ….
    init(count: Int, name: String) {
        queue = JobQueue()
        for index in 0..<max(1, count) {
            let queue = self.queue
            // Each thread keeps the executor alive until the queue is closed and drained.
            let threadName = "\(name)-\(index)"
            let thread = Thread { [self] in
                Self.nameCurrentThread(threadName)
                members.withLock { _ = $0.insert(pthread_self()) }
                while let job = queue.next() { job.runSynchronously(on: asUnownedTaskExecutor()) }
            }
            thread.name = threadName
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        queue.push(UnownedJob(job))
    }

    /// Names the calling thread for the operating system (`top -H`, `perf`, debuggers), which keeps at most
    /// 15 bytes of it. Foundation's `Thread.name`, set before the thread starts, reaches only Foundation on
    /// Linux: the threads otherwise show the name of the thread that made them.
    private static func nameCurrentThread(_ name: String) {
        let kept = String(decoding: name.utf8.prefix(15), as: UTF8.self)
        #if canImport(Darwin)
            _ = pthread_setname_np(kept)
        #else
            // What `pthread_setname_np` does on Linux, which Swift's Glibc module leaves out.
            let file = open("/proc/thread-self/comm", O_WRONLY)
            guard file >= 0 else { return }
            _ = kept.withCString { write(file, $0, strlen($0)) }
            close(file)
        #endif
    }

    /// Whether the calling code runs on one of these threads.
    var isCurrent: Bool { members.withLock { $0.contains(pthread_self()) } }

    /// Lets the threads finish the jobs already queued, then end.
    func shutdown() { queue.close() }
}
