public import Foundation
public import HearthCloud
public import HearthCore
public import HearthPantryModel
public import Logging

/// The pantry's daily digests: once a day, from the hour each member chose in their own time zone, the items of
/// their households expired or expiring within their window and those below minimum, on the channels they asked
/// for (``DigestDelivering``: e-mail, webhook).
///
/// Deliveries are recorded in the database per delivery key (`<member>.<day>`) and channel, the way the garage's
/// reminders are per slot and adapter: a digest goes out at most once per member and day, across restarts too; a
/// channel that failed is tried again at the next run without repeating the others, with the same key (the
/// e-mail's Message-ID, the webhook's `Idempotency-Key`). A sender first claims the key for ten minutes, so two
/// server processes on one database never send the same digest at once. A day whose digest has nothing to say is done without
/// a message. What time it is comes from `now`; ``runDue(dryRun:)`` is one run, which the server repeats on its
/// clock and `hearth pantry digest run` makes by hand.
///
/// ```swift
/// let digests = PantryDigests(on: recordStore, channels: [WebhookDigestDelivery()], logger: logger)
/// let report = try await digests.runDue()
/// ```
public actor PantryDigests {
    let store: PantryStore
    private let channels: [any DigestDelivering]
    private let now: @Sendable () -> Date
    private let logger: Logger

    /// How long deliveries are remembered: far longer than a day, which is all a key can be due for.
    static let deliveryMemory: TimeInterval = 60 * 86_400

    /// - Parameters:
    ///   - recordStore: the server's database, which holds the pantry's tables.
    ///   - channels: where digests may go; each member's preferences choose among them.
    ///   - now: what time it is.
    public init(
        on recordStore: SQLRecordStore, channels: [any DigestDelivering],
        now: @escaping @Sendable () -> Date = Date.init,
        logger: Logger
    ) {
        self.init(store: PantryStore(database: recordStore.database), channels: channels, now: now, logger: logger)
    }

    init(store: PantryStore, channels: [any DigestDelivering], now: @escaping @Sendable () -> Date, logger: Logger) {
        self.store = store
        self.channels = channels
        self.now = now
        self.logger = logger
    }

    /// Sends every digest that is due: for each member with the digest on whose hour has come today (their day),
    /// unless today's is done. With `dryRun`, reports what would go out and changes nothing.
    public func runDue(dryRun: Bool = false) async throws -> DigestRunReport {
        let now = self.now()
        if !dryRun { try await store.forgetDigests(deliveredBefore: now.addingTimeInterval(-Self.deliveryMemory)) }
        var report = DigestRunReport(at: now, entries: [])
        for recipient in try await store.digestSubscribers() {
            report.entries.append(try await run(recipient, at: now, dryRun: dryRun))
        }
        return report
    }

    private func run(_ recipient: DigestRecipient, at now: Date, dryRun: Bool) async throws -> DigestRunReport.Entry {
        let preferences = recipient.preferences
        let day = CalendarDay(now, in: preferences.zone)
        let key = "\(recipient.userID).\(day.iso)"
        var entry = DigestRunReport.Entry(
            memberId: recipient.userID, deliveryKey: key, status: .notYet, subject: nil, channels: [], error: nil)
        guard now >= day.date(hour: preferences.hour, in: preferences.zone) else { return entry }
        let done = try await store.digestChannels(delivered: key)
        guard !done.contains(Self.dayDone) else {
            entry.status = .alreadySent
            return entry
        }
        let chosen = channels.filter { $0.applies(to: recipient) }
        guard !chosen.isEmpty else {
            entry.status = .noChannel
            return entry
        }
        let digest = try await self.digest(for: recipient.userID, preferences: preferences, on: day)
        guard !digest.isEmpty else {
            entry.status = .nothingToSay
            if !dryRun {
                try await store.recordDigest(key, channel: Self.dayDone, userID: recipient.userID, day: day, at: now)
            }
            return entry
        }
        entry.subject = digest.subject
        guard !dryRun else {
            entry.status = .wouldSend
            entry.channels = chosen.map(\.channel).filter { !done.contains($0) }
            return entry
        }
        // One sender at a time: several server processes on one database each run the digests.
        guard
            try await store.claimDigest(
                key, userID: recipient.userID, day: day, now: now, until: now.addingTimeInterval(Self.claimLength))
        else {
            entry.status = .inProgress
            return entry
        }
        // What went out before the claim was taken (by the process that held it last) is not sent again.
        let sent = try await store.digestChannels(delivered: key)
        guard !sent.contains(Self.dayDone) else {
            entry.status = .alreadySent
            return entry
        }
        for channel in chosen where !sent.contains(channel.channel) {
            do {
                try await channel.deliver(digest, to: recipient)
            } catch {
                let message = Redaction.scrub((error as? ServiceError)?.message ?? "\(error)")
                logger.warning(
                    "Could not deliver a pantry digest; the next run tries again",
                    metadata: [
                        "pantry.digest.key": "\(key)", "pantry.digest.channel": "\(channel.channel)",
                        "error.message": "\(message)",
                    ])
                entry.status = .failed
                entry.error = "\(channel.channel): \(message)"
                try await store.releaseDigest(key)
                return entry
            }
            // Recorded at once: a retry after another channel failed does not repeat this one.
            try await store.recordDigest(key, channel: channel.channel, userID: recipient.userID, day: day, at: now)
            entry.channels.append(channel.channel)
        }
        try await store.recordDigest(key, channel: Self.dayDone, userID: recipient.userID, day: day, at: now)
        entry.status = .sent
        logger.info(
            "Sent a pantry digest",
            metadata: [
                "pantry.digest.key": "\(key)", "pantry.digest.channels": "\(entry.channels.joined(separator: ","))",
            ])
        return entry
    }

    /// The channel name that marks a day's digest as done.
    static let dayDone = "day"
    /// The channel name of the claim a sender holds while it sends (its row's time is when the claim runs out).
    static let claim = "claim"
    /// How long a claim holds: far longer than a channel may take (a webhook times out after 15 seconds), so a
    /// claim runs out only when its process stopped while sending; the digest then goes out from another.
    static let claimLength: TimeInterval = 10 * 60

    /// The digest `member` (an account id or e-mail address) would get now, with who they are and their
    /// preferences (whether or not their digest is on), without sending or recording anything.
    /// - Throws: ``ServiceError`` (not found) when no account has that id or address.
    public func preview(member: String) async throws -> (recipient: DigestRecipient, digest: PantryDigest) {
        guard let recipient = try await store.digestRecipient(matching: member) else {
            throw ServiceError(
                .notFound,
                "No account has the id or e-mail address \"\(member.prefix(200))\"; give --member an account's id or address."
            )
        }
        let preferences = recipient.preferences
        let digest = try await digest(
            for: recipient.userID, preferences: preferences, on: CalendarDay(now(), in: preferences.zone))
        return (recipient, digest)
    }

    /// The digest of `userID`'s households on `day`.
    private func digest(for userID: String, preferences: DigestPreferences, on day: CalendarDay) async throws
        -> PantryDigest
    {
        PantryDigest.make(
            memberID: userID, day: day, daysAhead: preferences.daysAhead,
            households: try await store.digestHouseholds(of: userID))
    }
}
