public import Foundation

/// What one run of the digests did, member by member.
public struct DigestRunReport: Codable, Sendable, Equatable {
    /// How one member's digest stands after the run.
    public enum Status: String, Codable, Sendable {
        /// Delivered on every channel the member asked for.
        case sent
        /// Would have been delivered (a dry run sends nothing and records nothing).
        case wouldSend = "would_send"
        /// A channel failed; the next run tries it again (not the channels already done).
        case failed
        /// Nothing expiring or below minimum: nothing sent.
        case nothingToSay = "nothing_to_say"
        /// Already done today.
        case alreadySent = "already_sent"
        /// Their hour has not come yet today.
        case notYet = "not_yet"
        /// None of their channels can be used (no webhook URL, and e-mail off or no mail server).
        case noChannel = "no_channel"
        /// Another sender (a second server process on the same database) is sending it now.
        case inProgress = "in_progress"
    }

    /// One member's outcome.
    public struct Entry: Codable, Sendable, Equatable {
        public var memberId: String
        public var deliveryKey: String
        public var status: Status
        /// The subject, when there was something to say.
        public var subject: String?
        /// The channels delivered on in this run.
        public var channels: [String]
        /// Why a channel failed.
        public var error: String?
    }

    /// When the run happened.
    public var at: Date
    public var entries: [Entry]

    /// The members whose digest went out in this run.
    public var sent: [Entry] { entries.filter { $0.status == .sent } }
    /// The members whose digest failed in this run.
    public var failed: [Entry] { entries.filter { $0.status == .failed } }
}
