import Foundation
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

@testable import HearthFinance

@Suite struct SubscriptionTests {
    @Test func activeAndRenewingSoonUseTheClock() async throws {
        let now = date(2025, 3, 15, 12)
        let (store, _) = try makeStore(now: now)
        try await store.save(Subscription(name: "Now", price: 1, nextBillingDate: now))
        try await store.save(Subscription(name: "Edge", price: 1, nextBillingDate: date(2025, 3, 22, 12)))
        try await store.save(Subscription(name: "Late", price: 1, nextBillingDate: date(2025, 3, 22, 12, 0, 1)))
        try await store.save(Subscription(name: "Past", price: 1, nextBillingDate: date(2025, 3, 15, 11, 59)))
        try await store.save(
            Subscription(name: "Paused", price: 1, nextBillingDate: date(2025, 3, 16), isActive: false))
        #expect(try await store.fetchActiveSubscriptions().map(\.name) == ["Past", "Now", "Edge", "Late"])
        #expect(try await store.fetchSubscriptionsRenewingSoon(days: 7).map(\.name) == ["Now", "Edge"])
        #expect(try await store.fetchSubscriptionsRenewingSoon(days: 0).map(\.name) == ["Now"])
    }

    @Test func totalMonthlyCostAppliesTheCycleFactors() async throws {
        let (store, _) = try makeStore()
        let next = date(2025, 4, 1)
        // A month of each: daily 30, weekly 43.30, biweekly 21.70, monthly 9.99, quarterly 3.333…, annual 10,
        // yearly 1; lifetime and inactive 0.
        try await store.save(Subscription(name: "Daily", price: 1, billingCycle: .daily, nextBillingDate: next))
        try await store.save(Subscription(name: "Weekly", price: 10, billingCycle: .weekly, nextBillingDate: next))
        try await store.save(Subscription(name: "Biweekly", price: 10, billingCycle: .biweekly, nextBillingDate: next))
        try await store.save(Subscription(name: "Monthly", price: Decimal(string: "9.99")!, nextBillingDate: next))
        try await store.save(
            Subscription(name: "Quarterly", price: 10, billingCycle: .quarterly, nextBillingDate: next))
        try await store.save(Subscription(name: "Annual", price: 120, billingCycle: .annually, nextBillingDate: next))
        try await store.save(Subscription(name: "Yearly", price: 12, billingCycle: .yearly, nextBillingDate: next))
        try await store.save(Subscription(name: "Forever", price: 500, billingCycle: .lifetime, nextBillingDate: next))
        try await store.save(Subscription(name: "Off", price: 100, nextBillingDate: next, isActive: false))
        // 30 + 43.30 + 21.70 + 9.99 + 3.3333… + 10 + 1 = 119.3233… → 119.32
        #expect(try await store.calculateTotalMonthlyCost() == Decimal(string: "119.32")!)
    }

    @Test func renewingMovesPastTheBillAndCountsWhatWasPaid() async throws {
        let (store, clock) = try makeStore(now: date(2025, 1, 31, 10))
        let monthly = try await store.save(
            Subscription(name: "Video", price: Decimal(string: "15.49")!, nextBillingDate: date(2025, 1, 31, 9)))
        let renewed = try await store.renewSubscription(id: monthly.id)
        #expect(renewed.lastBillingDate == date(2025, 1, 31, 9))
        #expect(renewed.nextBillingDate == date(2025, 2, 28, 9))
        #expect(renewed.totalSpent == Decimal(string: "15.49")!)
        // Nothing more is due yet.
        #expect(try await store.renewSubscription(id: monthly.id) == renewed)
        clock.set(date(2025, 3, 31, 10))
        let again = try await store.renewSubscription(id: monthly.id)
        #expect(again.nextBillingDate == date(2025, 4, 30, 9))
        #expect(again.lastBillingDate == date(2025, 3, 31, 9))
        #expect(again.totalSpent == Decimal(string: "46.47")!)
        clock.set(date(2025, 4, 30, 10))
        #expect(try await store.renewSubscription(id: monthly.id).nextBillingDate == date(2025, 5, 31, 9))
    }

    @Test(
        "each renewed bill is recorded as a payment once: renewing again, or the same bills renewed on another device, adds none"
    )
    func renewalRecordsEachPaymentOnce() async throws {
        let (store, clock) = try makeStore(now: date(2025, 3, 31, 10))
        let video = try await store.save(
            Subscription(name: "Video", price: Decimal(string: "15.49")!, nextBillingDate: date(2025, 1, 31, 9)))
        let trial = try await store.save(
            Subscription(
                name: "Trial", price: 8, nextBillingDate: date(2025, 2, 10), isFreeTrial: true,
                trialEndDate: date(2025, 3, 1),
                priceAfterTrial: 12))
        try await store.renewDueSubscriptions()
        let payments = try await store.fetchTransactions(inDateRange: date(2025, 1, 1)..<date(2025, 4, 1))
        // Video: January 31, February 28, March 31. Trial: February 10 is free; March 10 costs the price after it.
        #expect(payments.map(\.title).sorted() == ["Trial", "Video", "Video", "Video"])
        #expect(
            payments.filter { $0.title == "Video" }.map(\.date).sorted() == [
                date(2025, 1, 31, 9), date(2025, 2, 28, 9), date(2025, 3, 31, 9),
            ])
        #expect(payments.first { $0.title == "Trial" }?.amount == -12)
        #expect(payments.allSatisfy { $0.isRecurring && $0.category == .bills && $0.tags == ["subscription"] })
        #expect(try await store.fetchSubscription(byID: trial.id)?.totalSpent == 12)

        // Renewing again changes nothing; so does renewing the bills a second device had not seen renewed yet.
        try await store.renewDueSubscriptions()
        try await store.renewSubscription(id: video.id)
        let renewedHere = try #require(try await store.fetchSubscription(byID: video.id))
        try await store.updateSubscription(video)
        let renewedThere = try await store.renewSubscription(id: video.id)
        #expect(renewedThere.nextBillingDate == renewedHere.nextBillingDate)
        #expect(try await store.fetchTransactions(inDateRange: date(2025, 1, 1)..<date(2025, 4, 1)).count == 4)
        // The ids are the same on every device: they follow from the subscription and the bill's date.
        let bill = SubscriptionBill(
            subscriptionID: video.id, date: date(2025, 2, 28, 9), amount: Decimal(string: "15.49")!)
        #expect(payments.contains { $0.id == bill.transactionID })
        #expect(Array(bill.transactionID.uuidString)[14] == "8", "an RFC 9562 version 8 UUID")
        #expect(
            bill.transactionID
                != SubscriptionBill(subscriptionID: video.id, date: date(2025, 3, 31, 9), amount: 1).transactionID)

        clock.set(date(2025, 4, 30, 10))
        try await store.renewDueSubscriptions()
        #expect(
            try await store.fetchTransactions(inDateRange: date(2025, 4, 1)..<date(2025, 5, 1)).map(\.title).sorted()
                == ["Trial", "Video"])
    }

    @Test func renewDueSubscriptionsSkipsInactiveAndNotYetDue() async throws {
        let (store, _) = try makeStore(now: date(2025, 3, 15))
        try await store.save(
            Subscription(name: "Due", price: 5, billingCycle: .weekly, nextBillingDate: date(2025, 3, 1)))
        try await store.save(Subscription(name: "Later", price: 5, nextBillingDate: date(2025, 3, 20)))
        try await store.save(Subscription(name: "Off", price: 5, nextBillingDate: date(2025, 3, 1), isActive: false))
        let renewed = try await store.renewDueSubscriptions()
        #expect(renewed.map(\.name) == ["Due"])
        #expect(renewed.first?.nextBillingDate == date(2025, 3, 22))
        #expect(renewed.first?.totalSpent == 15)  // March 1, 8 and 15
    }

    @Test func upcomingRemindersDefaultToThreeDaysBeforeAtNine() async throws {
        let (store, _) = try makeStore(now: date(2025, 3, 15, 8), zone: "Europe/Berlin")
        try await store.save(
            Subscription(name: "Gym", price: 30, nextBillingDate: date(2025, 3, 19, 0, 0, 0, in: "Europe/Berlin")))
        try await store.save(
            Subscription(name: "Quiet", price: 30, nextBillingDate: date(2025, 3, 19), enableRenewalReminder: false))
        let reminders = try await store.upcomingRenewalReminders(days: 7)
        #expect(reminders.map(\.subscriptionName) == ["Gym"])
        #expect(reminders.first?.fireDate == date(2025, 3, 16, 9, 0, 0, in: "Europe/Berlin"))
    }

    @Test func sharedWithMustNameSavedPeople() async throws {
        let (store, _) = try makeStore()
        let stranger = UUID()
        await expectError(
            .relationshipError,
            "Subscription \"Music\" is shared with \(stranger.uuidString), who is not a saved person"
        ) {
            try await store.save(
                Subscription(
                    name: "Music", price: 10, nextBillingDate: date(2025, 4, 1), isShared: true, sharedWith: [stranger])
            )
        }
        #expect(try await store.fetchAllSubscriptions().isEmpty)
    }

    @Test func updateAndDeleteOfAMissingSubscription() async throws {
        let (store, _) = try makeStore()
        let ghost = Subscription(name: "Ghost", price: 1, nextBillingDate: date(2025, 4, 1))
        await expectError(.entityNotFound) { try await store.updateSubscription(ghost) }
        await expectError(.entityNotFound) { try await store.deleteSubscription(id: ghost.id) }
        await expectError(.entityNotFound) { try await store.renewSubscription(id: ghost.id) }
        let saved = try await store.save(ghost)
        try await store.updateSubscription(saved.with(price: 2))
        #expect(try await store.fetchSubscription(byID: ghost.id)?.price == 2)
        try await store.deleteSubscription(id: ghost.id)
        #expect(try await store.fetchSubscription(byID: ghost.id) == nil)
    }
}
