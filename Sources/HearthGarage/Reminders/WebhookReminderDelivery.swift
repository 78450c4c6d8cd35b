public import Foundation
public import HearthCore
import Logging

/// POSTs each due reminder as JSON to a URL, for home-automation hubs, chat bots and the like.
///
/// The body is a ``WebhookReminderDelivery/Payload``: `{"event": "garage.reminder", "deliveryKey": "…",
/// "reminder": {…}, "actions": [{"identifier", "title"}], "deliveredAt": "…"}` with ISO 8601 dates. A
/// reminder whose answer never came is sent again at the next check with the same
/// ``ScheduledReminder/deliveryKey``, also in the `Idempotency-Key` header: receivers drop repeats by it.
public struct WebhookReminderDelivery: ReminderDelivering {
    /// What the webhook receives.
    public struct Payload: Codable, Sendable, Equatable {
        public var event: String
        /// The reminder's ``ScheduledReminder/deliveryKey``: the same on a repeat of this delivery.
        public var deliveryKey: String
        public var reminder: ScheduledReminder
        public var actions: [ReminderAction]
        public var deliveredAt: Date
    }

    public var url: URL { webhook.url }
    private let webhook: Webhook
    private let now: @Sendable () -> Date
    public var name: String { "webhook" }

    /// - Parameters:
    ///   - url: where to POST; must be http or https.
    ///   - network: the HTTP client (default: a ``NetworkService`` with a 15 s timeout).
    /// - Throws: ``ServiceError`` (invalid URL).
    public init(url: URL, network: (any NetworkServicing)? = nil, now: @escaping @Sendable () -> Date = { Date() })
        throws
    {
        self.webhook = try Webhook(url: url, network: network)
        self.now = now
    }

    public func deliver(_ reminder: ScheduledReminder) async throws {
        let payload = Payload(
            event: "garage.reminder", deliveryKey: reminder.deliveryKey, reminder: reminder,
            actions: reminder.actions, deliveredAt: now())
        try await webhook.post(payload, deliveryKey: reminder.deliveryKey)
    }
}
