public import Foundation
import HearthCore
public import HearthFinance

/// "Add a subscription", as a page's form sends it, checked by ``FinanceRecords/addSubscription(_:userID:now:)``
/// before anything is saved.
public struct FinanceSubscriptionForm: Sendable, Equatable {
    public var name: String
    /// What one bill costs, such as `12.99`.
    public var price: String
    /// How often it bills, by name (`Monthly`, `Annually`, …); empty or nil for monthly.
    public var cycle: String?
    /// The next bill's day (`yyyy-MM-dd`); empty or nil for a cycle from today.
    public var nextBill: String?
    /// A category by name (`Streaming`, …); empty or nil for Other.
    public var category: String?
    /// Its currency's ISO 4217 code; empty or nil for the book currency.
    public var currency: String?

    public init(
        name: String, price: String, cycle: String? = nil, nextBill: String? = nil, category: String? = nil,
        currency: String? = nil
    ) {
        self.name = name
        self.price = price
        self.cycle = cycle
        self.nextBill = nextBill
        self.category = category
        self.currency = currency
    }

    /// The subscription the form stands for, checked by the same rules the store applies.
    /// - Throws: ``ServiceError`` (validation failed) naming every field at fault and how to write it.
    func subscription(calendar: Calendar, now: Date) throws -> Subscription {
        var problems: [String] = []
        let name = FinanceForms.text(
            self.name, field: "name", limit: FinancePersonForm.maxNameLength, problems: &problems)
        if name?.isEmpty ?? false { problems.append("name is empty; say what it is, such as Streaming") }
        let price = FinanceForms.amount(self.price, field: "price", problems: &problems)
        if let price, price <= 0 { problems.append("price must be more than 0, such as 12.99") }
        var cycle = BillingCycle.monthly
        if let text = self.cycle?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            if text.count <= 40, let parsed = BillingCycle.parse(text) {
                cycle = parsed
            } else {
                problems.append(
                    "billed \"\(text.prefix(40))\" is not a billing cycle; choose one of \(BillingCycle.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
        }
        var category = SubscriptionCategory.other
        if let text = self.category?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
            if text.count <= 40, let parsed = SubscriptionCategory.parse(text) {
                category = parsed
            } else {
                problems.append(
                    "category \"\(text.prefix(40))\" is not one of \(SubscriptionCategory.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
        }
        let next =
            FinanceForms.date(nextBill, field: "next bill", calendar: calendar, problems: &problems)
            ?? calendar.startOfDay(for: now)
        let currency = FinanceForms.currency(self.currency, field: "currency", problems: &problems)
        guard problems.isEmpty, let name, let price else { throw ServiceError.validationFailed(problems) }
        return try FinanceForms.validated("subscription") {
            try FinanceValidation.validate(
                Subscription(
                    name: name, price: price, billingCycle: cycle, category: category, nextBillingDate: next,
                    currency: currency))
        }
    }
}
