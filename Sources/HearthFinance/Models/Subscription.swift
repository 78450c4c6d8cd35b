public import Foundation

/// Something paid for on a schedule: a streaming service, a gym, cloud storage.
public struct Subscription: Identifiable, Sendable, Codable, Equatable, Hashable {
    public let id: UUID
    /// Not blank.
    public let name: String
    public let description: String
    /// What one bill costs; greater than zero.
    public let price: Decimal
    public let billingCycle: BillingCycle
    public let category: SubscriptionCategory
    /// A symbol name.
    public let icon: String
    /// A hex colour such as `#FF5733`.
    public let color: String
    /// When the next bill is due.
    public let nextBillingDate: Date
    public let isActive: Bool
    public let isShared: Bool
    /// The people the cost is shared with.
    public let sharedWith: [Person.ID]
    public let paymentMethod: PaymentMethod
    public let createdDate: Date
    /// When the last bill was paid.
    public let lastBillingDate: Date?
    /// Everything paid so far.
    public let totalSpent: Decimal
    public let notes: String
    public let website: String?
    public let cancellationDate: Date?
    // Free trials.
    public let isFreeTrial: Bool
    public let trialStartDate: Date?
    public let trialEndDate: Date?
    public let willConvertToPaid: Bool
    public let priceAfterTrial: Decimal?
    // Renewal reminders.
    public let enableRenewalReminder: Bool
    /// How many days before a renewal the reminder fires.
    public let reminderDaysBefore: Int
    /// The wall-clock time the reminder fires at.
    public let reminderTime: TimeOfDay
    /// The currency of ``price``, ``totalSpent`` and ``priceAfterTrial``; nil for the book currency of the
    /// finance settings.
    public let currency: CurrencyCode?
    /// When the store last changed this subscription; set by the store on every change.
    public let updatedAt: Date

    /// A subscription. Dates keep whole milliseconds, the precision the store keeps.
    public init(
        id: UUID = UUID(),
        name: String,
        description: String = "",
        price: Decimal,
        billingCycle: BillingCycle = .monthly,
        category: SubscriptionCategory = .other,
        icon: String = "creditcard",
        color: String = "#007AFF",
        nextBillingDate: Date,
        isActive: Bool = true,
        isShared: Bool = false,
        sharedWith: [Person.ID] = [],
        paymentMethod: PaymentMethod = .creditCard,
        createdDate: Date = Date(),
        lastBillingDate: Date? = nil,
        totalSpent: Decimal = 0,
        notes: String = "",
        website: String? = nil,
        cancellationDate: Date? = nil,
        isFreeTrial: Bool = false,
        trialStartDate: Date? = nil,
        trialEndDate: Date? = nil,
        willConvertToPaid: Bool = true,
        priceAfterTrial: Decimal? = nil,
        enableRenewalReminder: Bool = true,
        reminderDaysBefore: Int = 3,
        reminderTime: TimeOfDay = .nineAM,
        currency: CurrencyCode? = nil,
        updatedAt: Date? = nil
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.price = price
        self.billingCycle = billingCycle
        self.category = category
        self.icon = icon
        self.color = color
        self.nextBillingDate = nextBillingDate.roundedToMilliseconds
        self.isActive = isActive
        self.isShared = isShared
        self.sharedWith = sharedWith
        self.paymentMethod = paymentMethod
        self.createdDate = createdDate.roundedToMilliseconds
        self.lastBillingDate = lastBillingDate?.roundedToMilliseconds
        self.totalSpent = totalSpent
        self.notes = notes
        self.website = website
        self.cancellationDate = cancellationDate?.roundedToMilliseconds
        self.isFreeTrial = isFreeTrial
        self.trialStartDate = trialStartDate?.roundedToMilliseconds
        self.trialEndDate = trialEndDate?.roundedToMilliseconds
        self.willConvertToPaid = willConvertToPaid
        self.priceAfterTrial = priceAfterTrial
        self.enableRenewalReminder = enableRenewalReminder
        self.reminderDaysBefore = reminderDaysBefore
        self.reminderTime = reminderTime
        self.currency = currency
        self.updatedAt = (updatedAt ?? createdDate).roundedToMilliseconds
    }

    /// What this subscription costs per month by its billing cycle; zero when inactive.
    public var monthlyCost: Decimal { isActive ? billingCycle.monthlyEquivalent(of: price) : 0 }

    /// This subscription with the given changes; fields left nil keep their value.
    public func with(
        name: String? = nil,
        description: String? = nil,
        price: Decimal? = nil,
        billingCycle: BillingCycle? = nil,
        category: SubscriptionCategory? = nil,
        nextBillingDate: Date? = nil,
        isActive: Bool? = nil,
        isShared: Bool? = nil,
        sharedWith: [Person.ID]? = nil,
        paymentMethod: PaymentMethod? = nil,
        lastBillingDate: Date?? = nil,
        totalSpent: Decimal? = nil,
        notes: String? = nil,
        website: String?? = nil,
        cancellationDate: Date?? = nil,
        enableRenewalReminder: Bool? = nil,
        reminderDaysBefore: Int? = nil,
        reminderTime: TimeOfDay? = nil,
        currency: CurrencyCode?? = nil,
        updatedAt: Date? = nil
    ) -> Subscription {
        Subscription(
            id: id, name: name ?? self.name, description: description ?? self.description,
            price: price ?? self.price, billingCycle: billingCycle ?? self.billingCycle,
            category: category ?? self.category, icon: icon, color: color,
            nextBillingDate: nextBillingDate ?? self.nextBillingDate, isActive: isActive ?? self.isActive,
            isShared: isShared ?? self.isShared, sharedWith: sharedWith ?? self.sharedWith,
            paymentMethod: paymentMethod ?? self.paymentMethod, createdDate: createdDate,
            lastBillingDate: lastBillingDate ?? self.lastBillingDate, totalSpent: totalSpent ?? self.totalSpent,
            notes: notes ?? self.notes, website: website ?? self.website,
            cancellationDate: cancellationDate ?? self.cancellationDate,
            isFreeTrial: isFreeTrial, trialStartDate: trialStartDate, trialEndDate: trialEndDate,
            willConvertToPaid: willConvertToPaid, priceAfterTrial: priceAfterTrial,
            enableRenewalReminder: enableRenewalReminder ?? self.enableRenewalReminder,
            reminderDaysBefore: reminderDaysBefore ?? self.reminderDaysBefore,
            reminderTime: reminderTime ?? self.reminderTime,
            currency: currency ?? self.currency,
            updatedAt: updatedAt ?? self.updatedAt
        )
    }
}
