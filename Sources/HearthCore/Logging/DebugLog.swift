public import Foundation

/// A bounded ring of diagnostic lines, each `[ISO-8601 time] message`, that a person can read or export.
///
/// It keeps the newest ``capacity`` lines (200 by default), remembers the last error and any named values a
/// feature wants to show (for example the last share link), and publishes its lines as a ``Watched`` stream.
public actor DebugLog {
    /// The most lines kept.
    public let capacity: Int
    private let now: @Sendable () -> Date
    private var ring: [String] = []
    private var start = 0
    private let published: WatchedValue<[String]>
    /// The most recent error recorded with ``recordError(_:)``.
    public private(set) var lastError: String?
    private var remembered: [String: String] = [:]

    /// Creates a log.
    /// - Parameters:
    ///   - capacity: how many lines to keep (default 200).
    ///   - now: the wall clock for timestamps.
    public init(capacity: Int = 200, now: @escaping @Sendable () -> Date = Date.init) {
        self.capacity = max(1, capacity)
        self.now = now
        self.published = WatchedValue([])
    }

    /// The lines, oldest first.
    public var lines: [String] {
        Array(ring[start...] + ring[..<start])
    }

    /// Appends `message`, dropping the oldest line when full. Line breaks in the message become spaces.
    public func log(_ message: String) {
        let line = Self.line(message, at: now())
        if ring.count < capacity {
            ring.append(line)
        } else {
            ring[start] = line
            start = (start + 1) % capacity
        }
        published.send(lines)
    }

    /// `message` as a line of the log written at `date`: `[2025-03-01T09:30:00Z] message`, its line breaks
    /// made spaces. For logs kept elsewhere (a database) that must read the same.
    public static func line(_ message: String, at date: Date) -> String {
        let flat = message.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
        return "[\(Formatting.iso8601(date))] \(flat)"
    }

    /// Logs an error and remembers it as ``lastError``.
    public func recordError(_ message: String) {
        lastError = message
        log("ERROR: \(message)")
    }

    /// Remembers `value` under `key` (for example `"lastShareLink"`); nil forgets it.
    public func remember(_ value: String?, for key: String) {
        remembered[key] = value
    }

    /// The value remembered under `key`.
    public func recalled(_ key: String) -> String? { remembered[key] }

    /// Removes every line and the last error.
    public func clear() {
        ring.removeAll()
        start = 0
        lastError = nil
        published.send([])
    }

    /// The lines as text, one per line, ending with a newline when not empty.
    public func exportText() -> String {
        let all = lines
        return all.isEmpty ? "" : all.joined(separator: "\n") + "\n"
    }

    /// The lines now and after every change.
    public nonisolated var updates: Watched<[String]> { published.stream }
}
