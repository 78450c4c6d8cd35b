import Foundation
import HearthCore
import HearthStore
import Testing

@testable import HearthFinance

/// Each rule's exact message, checked through the store, which must keep nothing when a rule is broken.
@Suite struct ValidationTests {
    @Test(arguments: [
        (Person(name: "   "), "Person name cannot be empty"),
        (Person(name: "Ada", email: "ada@"), "Invalid email format"),
        (Person(name: "Ada", email: "ada@example"), "Invalid email format"),
    ])
    func personRules(person: Person, message: String) async throws {
        let (store, _) = try makeStore()
        await expectError(.validationFailed, message) { try await store.save(person) }
        #expect(try await store.fetchAllPeople().isEmpty)
    }

    @Test func personEmailIsOptionalAndTrimmed() async throws {
        let (store, _) = try makeStore()
        let saved = try await store.save(Person(name: "  Ada  ", email: "  "))
        #expect(saved.name == "Ada")
        #expect(saved.email == nil)
        #expect(
            try await store.save(Person(name: "Bo", email: "bo.b+x@mail.example.org")).email
                == "bo.b+x@mail.example.org")
    }

    @Test(arguments: [
        (Subscription(name: "", price: 5, nextBillingDate: date(2025, 4, 1)), "Subscription name cannot be empty"),
        (
            Subscription(name: "Music", price: 0, nextBillingDate: date(2025, 4, 1)),
            "Subscription price must be greater than 0"
        ),
        (
            Subscription(name: "Music", price: -3, nextBillingDate: date(2025, 4, 1)),
            "Subscription price must be greater than 0"
        ),
        (
            Subscription(name: "Music", price: 5, nextBillingDate: date(2025, 4, 1), reminderDaysBefore: 400),
            "Reminder days before must be between 0 and 365"
        ),
        (
            Subscription(name: "Music", price: 5, nextBillingDate: date(2025, 4, 1), website: "not a url"),
            "Website must be an http or https address, such as https://example.com"
        ),
    ])
    func subscriptionRules(subscription: Subscription, message: String) async throws {
        let (store, _) = try makeStore()
        await expectError(.validationFailed, message) { try await store.save(subscription) }
        #expect(try await store.fetchAllSubscriptions().isEmpty)
    }

    @Test(arguments: [
        (Transaction(title: " ", amount: 5), "Transaction title cannot be empty"),
        (Transaction(title: "Coffee", amount: 0), "Transaction amount cannot be 0"),
        (
            Transaction(title: "Coffee", amount: Decimal(string: "3.999")!),
            "Transaction amount 3.999 has more than 2 decimal places; round it to cents"
        ),
        (Transaction(title: "Coffee", amount: -3, tags: ["a;b"]), "Tag \"a;b\" cannot contain ';'"),
    ])
    func transactionRules(transaction: Transaction, message: String) async throws {
        let (store, _) = try makeStore()
        await expectError(.validationFailed, message) { try await store.save(transaction) }
        #expect(try await store.countTransactions(matching: TransactionQuery()) == 0)
    }

    @Test func groupRules() async throws {
        let (store, _) = try makeStore()
        let ada = try await store.save(Person(name: "Ada"))
        await expectError(.validationFailed, "Group name cannot be empty") {
            try await store.save(Group(name: "", members: [ada.id]))
        }
        await expectError(.validationFailed, "Group must have at least one member") {
            try await store.save(Group(name: "Trip", members: []))
        }
        #expect(try await store.fetchAllGroups().isEmpty)
    }

    @Test func expenseRules() async throws {
        let (store, _) = try makeStore()
        let ada = try await store.save(Person(name: "Ada"))
        let bo = try await store.save(Person(name: "Bo"))
        let group = try await store.save(Group(name: "Trip", members: [ada.id, bo.id]))
        let cases: [(GroupExpense, String)] = [
            (
                GroupExpense(title: "", amount: 5, paidBy: ada.id, splitBetween: [ada.id]),
                "Expense title cannot be empty"
            ),
            (
                GroupExpense(title: "Hut", amount: 0, paidBy: ada.id, splitBetween: [ada.id]),
                "Expense amount must be greater than 0"
            ),
            (
                GroupExpense(title: "Hut", amount: 5, paidBy: ada.id, splitBetween: []),
                "Expense must be split between at least one person"
            ),
            (
                GroupExpense(
                    title: "Hut", amount: 10, paidBy: ada.id, splitBetween: [ada.id, bo.id],
                    split: .exactAmounts([ada.id: 3, bo.id: 3])),
                "Exact amounts add up to 6, not the expense amount 10"
            ),
            (
                GroupExpense(
                    title: "Hut", amount: 10, paidBy: ada.id, splitBetween: [ada.id, bo.id],
                    split: .percentages([ada.id: 50, bo.id: 49])),
                "Percentages add up to 99, not 100"
            ),
            (
                GroupExpense(
                    title: "Hut", amount: 10, paidBy: ada.id, splitBetween: [ada.id, bo.id], split: .shares([ada.id: 1])
                ),
                "Split values must name exactly the people the expense is split between"
            ),
            (
                GroupExpense(
                    title: "Hut", amount: 10, paidBy: ada.id, splitBetween: [ada.id, bo.id],
                    split: .shares([ada.id: 1, bo.id: 0])),
                "Shares must be whole numbers greater than 0"
            ),
        ]
        for (expense, message) in cases {
            await expectError(.validationFailed, message) { try await store.save(expense, forGroup: group.id) }
        }
        #expect(try await store.fetchExpenses(forGroup: group.id).isEmpty)
    }
}
