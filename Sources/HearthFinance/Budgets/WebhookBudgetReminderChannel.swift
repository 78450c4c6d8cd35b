public import Foundation
public import HearthCore

/// POSTs each budget reminder as JSON to a URL, with its ``BudgetReminder/deliveryKey`` in the
/// `Idempotency-Key` header: `{"event": "finance.budget.reminder", "deliveryKey": "budget.food.2026-11.80",
/// "reminder": {…}, "title": "…", "body": "…", "deliveredAt": "…"}`.
public struct WebhookBudgetReminderChannel: BudgetReminderChannel {
    /// What the webhook receives.
    public struct Payload: Codable, Sendable, Equatable {
        public var event: String
        public var deliveryKey: String
        public var reminder: BudgetReminder
        public var title: String
        public var body: String
        public var deliveredAt: Date
    }

    public var url: URL { webhook.url }
    public var name: String { "webhook" }
    private let webhook: Webhook
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - url: where to POST; must be http or https.
    ///   - network: the HTTP client (default: a ``HearthCore/NetworkService`` with a 15 s timeout).
    ///   - now: the clock `deliveredAt` is read from.
    /// - Throws: ``HearthCore/ServiceError`` (invalid URL).
    public init(url: URL, network: (any NetworkServicing)? = nil, now: @escaping @Sendable () -> Date = { Date() })
        throws
    {
        self.webhook = try Webhook(url: url, network: network)
        self.now = now
    }

    public func deliver(_ reminder: BudgetReminder) async throws {
        try await webhook.post(
            Payload(
                event: "finance.budget.reminder", deliveryKey: reminder.deliveryKey, reminder: reminder,
                title: reminder.title, body: reminder.body, deliveredAt: now()),
            deliveryKey: reminder.deliveryKey)
    }
}
