/// What one delivery of budget reminders did, channel by channel.
public struct BudgetReminderDeliveryReport: Sendable, Encodable {
    /// One reminder delivered, or not, on one channel.
    public struct Delivery: Sendable, Encodable, Equatable {
        /// The reminder's ``BudgetReminder/deliveryKey``.
        public let deliveryKey: String
        /// The channel's ``BudgetReminderChannel/name``.
        public let channel: String
        /// Why it failed; nil when it was delivered.
        public let error: String?
    }

    /// Deliveries made, in order.
    public internal(set) var delivered: [Delivery] = []
    /// Deliveries that failed; each is tried again on the next delivery.
    public internal(set) var failed: [Delivery] = []
}
