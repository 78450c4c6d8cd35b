public import Foundation
public import HearthCore
import HearthPantryModel

/// POSTs each digest as JSON to the member's webhook URL, with the digest's ``PantryDigest/deliveryKey``
/// (`<member>.<day>`) in the `Idempotency-Key` header and the payload, through HearthCore's ``Webhook``.
///
/// The body is a ``Payload``: `{"event": "pantry.digest", "deliveryKey", "memberId", "day", "subject", "text",
/// "digest": {…}, "deliveredAt"}`. The POST goes through ``CheckedHostNetwork``: a URL whose host is on a
/// private, loopback or link-local address is refused unless the host is in `privateHostsAllowed` (`*` allows every
/// host), the connection goes to the address just checked, and a redirect is not followed, so members cannot point
/// the server at the machines behind it.
public struct WebhookDigestDelivery: DigestDelivering {
    /// What the webhook receives.
    public struct Payload: Codable, Sendable, Equatable {
        public var event: String
        public var deliveryKey: String
        public var memberId: String
        public var day: CalendarDay
        public var subject: String
        public var text: String
        public var digest: PantryDigest
        public var deliveredAt: Date
    }

    public var channel: String { "webhook" }
    private let network: CheckedHostNetwork
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - privateHostsAllowed: hosts on private addresses that may still be posted to (`*`: all).
    ///   - timeout: the longest one delivery may take.
    ///   - clock: what the timeout runs on.
    public init(
        privateHostsAllowed: Set<String> = [], timeout: Duration = .seconds(15),
        clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = Date.init
    ) {
        network = CheckedHostNetwork(
            purpose: "digest webhook", privateHostsAllowed: privateHostsAllowed, timeout: timeout, clock: clock)
        self.now = now
    }

    public func applies(to recipient: DigestRecipient) -> Bool { recipient.preferences.webhookURL != nil }

    public func deliver(_ digest: PantryDigest, to recipient: DigestRecipient) async throws {
        guard let text = recipient.preferences.webhookURL, let url = URL(string: text) else {
            throw ServiceError.validationFailed("Member \(recipient.userID) has no webhook URL to send the digest to.")
        }
        try await Webhook(url: url, network: network).post(
            Payload(
                event: "pantry.digest", deliveryKey: digest.deliveryKey, memberId: digest.memberID, day: digest.day,
                subject: digest.subject, text: digest.text, digest: digest, deliveredAt: now()),
            deliveryKey: digest.deliveryKey)
    }
}
