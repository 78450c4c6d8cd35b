public import Foundation

/// A message from the watch app: the two things it can do to the garage.
public struct WatchMessage: Sendable, Codable, Equatable {
    /// What the watch asks for.
    public enum Action: Sendable, Codable, Equatable {
        /// Record an odometer reading (sets the mileage and records a snapshot).
        case updateMileage(vehicleID: UUID, mileage: Int)
        /// Mark a service done (logs it and re-derives its due values).
        case markServiceDone(serviceID: UUID, mileage: Int?, date: CalendarDay?)
    }

    /// The watch's id for the message: a message delivered twice is applied once.
    public var id: String
    /// When the watch sent it (queued messages arrive late, and are applied in this order).
    public var sentAt: Date
    public var action: Action

    public init(id: String, sentAt: Date, action: Action) {
        self.id = id
        self.sentAt = sentAt
        self.action = action
    }
}

/// What became of a message in the inbox.
public struct WatchInboxEntry: Sendable, Codable, Equatable {
    /// Where a message stands.
    public enum State: String, Sendable, Codable {
        /// Received, not applied yet.
        case pending
        /// Applied to the garage.
        case applied
        /// Refused (for example the vehicle was deleted); kept with the reason, never retried.
        case refused
    }

    public var message: WatchMessage
    public var state: State
    public var receivedAt: Date
    public var appliedAt: Date?
    /// Why it was refused.
    public var error: String?
}

/// Carries the phone's state to the watch (the application-context channel: only the latest matters).
public protocol WatchTransport: Sendable {
    /// Whether the watch can be reached now.
    func isReachable() async -> Bool
    /// Replaces the state the watch sees with `context`.
    func updateContext(_ context: Data) async throws
}

/// A ``WatchTransport`` that writes the context to a file (replaced whole), for a companion that reads
/// files, such as a watch simulator or a test harness; reachable while its folder exists.
public struct FileWatchTransport: WatchTransport {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    public func isReachable() async -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.deletingLastPathComponent().path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    public func updateContext(_ context: Data) async throws {
        try WidgetDataService.replace(url, with: context)
    }
}
