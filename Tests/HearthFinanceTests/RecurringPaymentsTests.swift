import Foundation
import HearthCore
import Testing

@testable import HearthFinance

@Suite("Recurring payments found in the transactions")
struct RecurringPaymentsTests {
    private func paid(_ title: String, _ amount: String, _ year: Int, _ month: Int, _ day: Int) -> Transaction {
        Transaction(
            title: title, amount: -Decimal(string: amount)!, category: .entertainment, date: date(year, month, day, 9))
    }

    @Test("a monthly payee whose bank lines differ, a weekly one, and one that began after one-off purchases are found")
    func findsMonthlyAndWeeklyRuns() throws {
        let netflix = [
            paid("NETFLIX.COM 4471", "15.49", 2026, 1, 3), paid("Netflix.com 9902", "15.49", 2026, 2, 4),
            paid("NETFLIX.COM 1288", "15.49", 2026, 3, 3), paid("Netflix.com", "15.49", 2026, 4, 5),
        ]
        let gym = [2, 9, 16, 23, 30].map { paid("Gym", "10", 2026, 3, $0) }
        // A 50.00 purchase and a 2.99 one a month and a half apart, then 2.99 every month: only the run counts.
        let box = [
            paid("Cloud Box", "50", 2025, 10, 1), paid("Cloud Box", "2.99", 2025, 11, 20),
            paid("Cloud Box", "2.99", 2026, 1, 10), paid("Cloud Box", "2.99", 2026, 2, 10),
            paid("Cloud Box", "2.99", 2026, 3, 10),
        ]
        let salary = (1...4).map { Transaction(title: "Salary", amount: 2000, date: date(2026, $0, 25)) }
        let found = RecurringPayments.find(
            in: (netflix + gym + box + salary).shuffled(), today: date(2026, 4, 6), calendar: calendar())

        #expect(found.map(\.payee) == ["Cloud Box", "Gym", "Netflix.com"])
        let box3 = try #require(found.first)
        #expect(box3.cycle == .monthly && box3.amount == Decimal(string: "2.99")!)
        #expect(box3.transactionIDs == box.suffix(3).map(\.id))
        #expect(box3.nextDue == date(2026, 4, 10, 9))
        #expect(found[1].cycle == .weekly && found[1].amount == 10 && found[1].transactionIDs.count == 5)
        #expect(found[1].nextDue == date(2026, 4, 6, 9))
        #expect(found[2].cycle == .monthly && found[2].transactionIDs == netflix.map(\.id))
        #expect(found[2].lastPaid == date(2026, 4, 5, 9) && found[2].nextDue == date(2026, 5, 5, 9))
    }

    @Test(
        "amounts within 5 % of the latest count; a bigger change, an irregular payee, a stopped one and a known subscription do not"
    )
    func refusesWhatIsNotASubscription() {
        // 9.99 → 10.49 is 5.0 % of 10.49 (0.50 of 0.5245 allowed); 9.99 → 12.99 is not.
        let music = [
            paid("Music", "9.99", 2026, 1, 15), paid("Music", "9.99", 2026, 2, 15), paid("Music", "10.49", 2026, 3, 15),
        ]
        let video = [
            paid("Video", "9.99", 2026, 1, 15), paid("Video", "9.99", 2026, 2, 15), paid("Video", "12.99", 2026, 3, 15),
        ]
        // Four days late is more than a month's three.
        let late = [paid("Paper", "5", 2026, 1, 1), paid("Paper", "5", 2026, 2, 5), paid("Paper", "5", 2026, 3, 5)]
        let shop = [
            paid("Corner Shop", "12", 2026, 1, 2), paid("Corner Shop", "12", 2026, 1, 19),
            paid("Corner Shop", "12", 2026, 3, 1),
        ]
        // Paid until January; by April 6 the March and April payments are both missed.
        let old = [
            paid("Old Gym", "30", 2025, 11, 1), paid("Old Gym", "30", 2025, 12, 1), paid("Old Gym", "30", 2026, 1, 1),
        ]
        let cloud = [
            paid("iCloud 50GB", "0.99", 2026, 1, 20), paid("ICLOUD 50GB", "0.99", 2026, 2, 20),
            paid("icloud", "0.99", 2026, 3, 20),
        ]
        let known = Subscription(name: "iCloud", price: Decimal(string: "0.99")!, nextBillingDate: date(2026, 4, 20))
        let found = RecurringPayments.find(
            in: music + video + late + shop + old + cloud, excluding: [known], today: date(2026, 4, 6),
            calendar: calendar())
        #expect(found.map(\.payee) == ["Music"])
        #expect(found.first?.amount == Decimal(string: "10.49")!)
        #expect(RecurringPayments.payeeKey("NETFLIX.COM 4471 12/03") == "netflix.com")
        #expect(RecurringPayments.payeeKey("Café #12") == "cafe")
    }

    @Test("yearly, quarterly and end-of-month payments are found on the calendar's own months")
    func calendarCycles() {
        let insurance = [
            paid("Home Insurance", "420", 2023, 5, 2), paid("Home Insurance", "431", 2024, 5, 3),
            paid("Home Insurance", "431", 2025, 5, 2),
        ]
        let water = [
            paid("Water", "60", 2025, 7, 15), paid("Water", "61", 2025, 10, 14), paid("Water", "60", 2026, 1, 16),
        ]
        // January 31, February 28, March 31: each a month after the one before.
        let rent = [
            paid("Rent", "900", 2026, 1, 31), paid("Rent", "900", 2026, 2, 28), paid("Rent", "900", 2026, 3, 31),
        ]
        let found = RecurringPayments.find(in: insurance + water + rent, today: date(2026, 4, 6), calendar: calendar())
        #expect(found.map(\.payee) == ["Home Insurance", "Rent", "Water"])
        #expect(found.map(\.cycle) == [.annually, .monthly, .quarterly])
        #expect(found[0].nextDue == date(2026, 5, 2, 9))
        #expect(found[1].nextDue == date(2026, 4, 30, 9))
    }

    @Test("accepting a suggestion creates a subscription billed at the latest amount, next on the next due date")
    func acceptingCreatesTheSubscription() async throws {
        let (store, _) = try makeStore(now: date(2026, 4, 6, 12))
        let payments = [
            paid("Netflix", "15.49", 2026, 1, 3), paid("Netflix", "15.49", 2026, 2, 3),
            paid("Netflix", "15.49", 2026, 3, 3),
        ]
        for payment in payments { try await store.save(payment) }
        let suggestion = try #require(try await store.recurringPaymentSuggestions().first)
        let created = try await store.save(suggestion.subscription(category: .entertainment))
        #expect(
            created.name == "Netflix" && created.price == Decimal(string: "15.49")! && created.billingCycle == .monthly)
        #expect(created.nextBillingDate == date(2026, 4, 3, 9) && created.lastBillingDate == date(2026, 3, 3, 9))
        #expect(try await store.fetchAllSubscriptions().map(\.id) == [created.id])
        #expect(
            try await store.recurringPaymentSuggestions().isEmpty,
            "once a subscription has the payee's name it is not suggested again")
    }
}
