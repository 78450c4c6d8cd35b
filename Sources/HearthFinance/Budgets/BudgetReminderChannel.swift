/// Somewhere budget reminders are delivered besides the terminal: a webhook, a mail server.
///
/// The store records each reminder a channel took by the channel's ``name``, so a reminder reaches each
/// channel once, and a channel that failed is tried again on the next delivery without the others repeating.
public protocol BudgetReminderChannel: Sendable {
    /// A short, stable name, such as "webhook" or "mail": deliveries are recorded under it.
    var name: String { get }
    /// Delivers `reminder`; throwing leaves it undelivered on this channel, to be tried again.
    func deliver(_ reminder: BudgetReminder) async throws
}
