import Foundation
import HearthExchange
import HearthSync
import Synchronization

/// "Received 12,000 · sent 400…" on a terminal while a sync runs; nothing when output is piped.
final class SyncProgress: Sendable {
    private let line: ProgressLine
    private let counts = Mutex((received: 0, sent: 0))

    init(enabled: Bool) {
        line = ProgressLine(enabled: enabled) { _ in "" }
    }

    func note(_ event: SyncEvent) {
        guard line.enabled else { return }
        let text: String? = counts.withLock { counts in
            switch event {
            case .fetched(_, let saved, let deleted): counts.received += saved.count + deleted.count
            case .sent(_, _, let saved, let deleted): counts.sent += saved.count + deleted.count
            default: return nil
            }
            return "Received \(counts.received.formatted()) · sent \(counts.sent.formatted())…"
        }
        if let text { line.draw(text) }
    }

    func finish() {
        line.finish()
    }
}
