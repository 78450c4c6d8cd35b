public import Foundation
public import HearthCore
import HearthPantryModel
import NIOPosix

/// POSTs each digest as JSON to the member's webhook URL, with the digest's ``PantryDigest/deliveryKey``
/// (`<member>.<day>`) in the `Idempotency-Key` header and the payload, through HearthCore's ``Webhook``.
///
/// The body is a ``Payload``: `{"event": "pantry.digest", "deliveryKey", "memberId", "day", "subject", "text",
/// "digest": {…}, "deliveredAt"}`. A URL whose host is on a private, loopback or link-local address is refused
/// unless the host is in `privateHostsAllowed` (`*` allows every host): members cannot point the server at the
/// machines behind it.
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
    private let network: (any NetworkServicing)?
    private let privateHostsAllowed: Set<String>
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - network: the HTTP client (default: ``Webhook``'s).
    ///   - privateHostsAllowed: hosts on private addresses that may still be posted to (`*`: all).
    public init(
        network: (any NetworkServicing)? = nil, privateHostsAllowed: Set<String> = [],
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.network = network
        self.privateHostsAllowed = Set(privateHostsAllowed.map { $0.lowercased() })
        self.now = now
    }

    public func applies(to recipient: DigestRecipient) -> Bool { recipient.preferences.webhookURL != nil }

    public func deliver(_ digest: PantryDigest, to recipient: DigestRecipient) async throws {
        guard let text = recipient.preferences.webhookURL, let url = URL(string: text) else {
            throw ServiceError.validationFailed("Member \(recipient.userID) has no webhook URL to send the digest to.")
        }
        let webhook = try Webhook(url: url, network: network)
        try await checkHost(of: url)
        try await webhook.post(
            Payload(
                event: "pantry.digest", deliveryKey: digest.deliveryKey, memberId: digest.memberID, day: digest.day,
                subject: digest.subject, text: digest.text, digest: digest, deliveredAt: now()),
            deliveryKey: digest.deliveryKey)
    }

    /// Refuses a host that resolves to a private address, unless it is allowed.
    private func checkHost(of url: URL) async throws {
        let host = url.host ?? ""
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard !privateHostsAllowed.contains("*"), !privateHostsAllowed.contains(bare.lowercased()) else { return }
        let addresses: [HostAddress]
        do {
            addresses = try await NIOThreadPool.singleton.runIfActive { try HostAddress.resolve(bare) }
        } catch let failure as HostAddress.ResolveFailure {
            throw ServiceError.validationFailed(
                "The webhook host \(bare) could not be found (\(failure.reason)); check the digest's webhookUrl.")
        }
        if let refused = addresses.first(where: { !$0.isPublic }) {
            throw ServiceError.validationFailed(
                "The webhook \(Redaction.url(url)) is on a private, loopback or link-local address (\(bare) is \(refused)), which digests may not be sent to; give an address on the public internet."
            )
        }
    }
}
