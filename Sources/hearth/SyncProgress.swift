import ArgumentParser
import Foundation
import HearthCloudModel
import HearthCore
import HearthFinance
import HearthStore
import HearthSync
import Logging
import ServiceLifecycle
import UnixSignals
import Synchronization

/// "Received 12,000 · sent 400…" on a terminal while a sync runs; nothing when output is piped.
final class SyncProgress: Sendable {
    private let enabled: Bool
    private let counts = Mutex((received: 0, sent: 0))

    init(enabled: Bool) {
        self.enabled = enabled
    }

    func note(_ event: SyncEvent) {
        guard enabled else { return }
        let line: String? = counts.withLock { counts in
            switch event {
            case .fetched(_, let saved, let deleted): counts.received += saved.count + deleted.count
            case .sent(_, _, let saved, let deleted): counts.sent += saved.count + deleted.count
            default: return nil
            }
            return "\rReceived \(counts.received.formatted()) · sent \(counts.sent.formatted())…"
        }
        if let line { FileHandle.standardError.write(Data(line.utf8)) }
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}
