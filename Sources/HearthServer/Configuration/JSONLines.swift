import Foundation
import Synchronization

/// Whole lines written one at a time, so lines from different threads never interleave.
final class JSONLines: Sendable {
    private let lock = Mutex(())
    private let sink: @Sendable (Data) -> Void

    init(_ sink: @escaping @Sendable (Data) -> Void) { self.sink = sink }

    func write(_ line: Data) {
        lock.withLock { _ in sink(line) }
    }
}
