extension BudgetReminder {
    /// The key a delivery of this reminder carries, the same on every attempt and every device:
    /// `budget.<category>.<YYYY-MM>.<80|100>`, such as `budget.food.2026-11.80`. Webhooks receive it as the
    /// `Idempotency-Key`; e-mails make their Message-ID from it.
    public var deliveryKey: String {
        "budget.\(String(describing: category)).\(month).\(threshold)"
    }
}
