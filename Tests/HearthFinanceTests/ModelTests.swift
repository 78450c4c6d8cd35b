import Foundation
import HearthCore
import HearthStore
import Testing

@testable import HearthFinance

@Suite struct ModelTests {
    @Test func enumsHaveEveryCaseOfTheApp() {
        #expect(
            BillingCycle.allCases.map(\.displayName) == [
                "Daily", "Weekly", "Biweekly", "Monthly", "Quarterly", "Semi-annually", "Annually", "Yearly",
                "Lifetime",
            ])
        #expect(
            SubscriptionCategory.allCases.map(\.displayName) == [
                "Entertainment", "Productivity", "Fitness & Health", "Education", "News & Media", "Music & Audio",
                "Cloud Storage", "Gaming", "Design & Creative", "Development", "Finance", "Utilities", "Other",
            ])
        #expect(
            PaymentMethod.allCases.map(\.displayName) == [
                "Credit Card", "Debit Card", "PayPal", "Apple Pay", "Google Pay", "Bank Transfer", "Other",
            ])
        #expect(
            TransactionCategory.allCases.map(\.displayName) == [
                "Food & Dining", "Transportation", "Shopping", "Entertainment", "Bills & Utilities", "Healthcare",
                "Income", "Transfer", "Investment", "Other",
            ])
    }

    @Test func enumsParseLeniently() {
        #expect(SubscriptionCategory.parse("fitness-health") == .fitnessHealth)
        #expect(SubscriptionCategory.parse("Fitness & Health") == .fitnessHealth)
        #expect(BillingCycle.parse("semiannually") == .semiAnnually)
        #expect(BillingCycle.parse("yearly") == .yearly)
        #expect(TransactionCategory.parse("food") == .food)
        #expect(TransactionCategory.parse("groceries") == nil)
    }

    @Test(arguments: [
        (BillingCycle.daily, "300"), (.weekly, "43.3"), (.biweekly, "21.7"), (.monthly, "10"),
        (.quarterly, "3.3333333333333333333333333333333333333"),
        (.semiAnnually, "1.6666666666666666666666666666666666667"),
        (.annually, "0.83333333333333333333333333333333333333"), (.yearly, "0.83333333333333333333333333333333333333"),
        (.lifetime, "0"),
    ])
    func monthlyEquivalentUsesTheCycleFactor(cycle: BillingCycle, expected: String) {
        let monthly = cycle.monthlyEquivalent(of: 10)
        #expect(Calculation.rounded(monthly, scale: 6) == Calculation.rounded(Decimal(string: expected)!, scale: 6))
    }

    @Test func moneyIsStoredInCentsWithoutLoss() throws {
        #expect(try MinorUnits.cents(Decimal(string: "-12.34")!, field: "x") == -1234)
        #expect(try MinorUnits.cents(Decimal(string: "999999999999.99")!, field: "x") == 99_999_999_999_999)
        #expect(MinorUnits.decimal(-1234) == Decimal(string: "-12.34")!)
        #expect(MinorUnits.decimal(1) == Decimal(string: "0.01")!)
        // 0.1 + 0.2 is exact in Decimal, and survives the round trip.
        let sum = Decimal(string: "0.1")! + Decimal(string: "0.2")!
        #expect(MinorUnits.decimal(try MinorUnits.cents(sum, field: "x")) == Decimal(string: "0.3")!)
        #expect(throws: PersistenceError.self) { try MinorUnits.cents(Decimal(string: "1.005")!, field: "Amount") }
    }

    @Test func valuesRoundTripThroughJSON() throws {
        let ada = Person(name: "Ada", avatar: .emoji("🦊"), balance: Decimal(string: "12.30")!)
        let photo = Person(name: "Bo", avatar: .photo(Data([1, 2, 3])))
        let expense = GroupExpense(
            title: "Hut", amount: 90, paidBy: id(1), splitBetween: [id(1), id(2)],
            split: .percentages([id(1): 40, id(2): 60]))
        let subscription = Subscription(
            name: "Cloud", price: Decimal(string: "2.99")!, nextBillingDate: date(2025, 1, 31),
            reminderTime: TimeOfDay(hour: 7, minute: 30))
        let encoder = FinanceDocument.encoder()
        let decoder = FinanceDocument.decoder()
        #expect(try decoder.decode(Person.self, from: encoder.encode(ada)) == ada)
        #expect(try decoder.decode(Person.self, from: encoder.encode(photo)) == photo)
        #expect(try decoder.decode(GroupExpense.self, from: encoder.encode(expense)) == expense)
        #expect(try decoder.decode(Subscription.self, from: encoder.encode(subscription)) == subscription)
        let json = String(decoding: try encoder.encode(subscription), as: UTF8.self)
        #expect(json.contains("\"reminderTime\":\"07:30\""))
        #expect(json.contains("\"price\":2.99"))
    }

    @Test func datesKeepWholeMilliseconds() {
        let instant = Date(timeIntervalSince1970: 1_700_000_000.123456)
        let transaction = Transaction(title: "x", amount: 1, date: instant)
        #expect(Milliseconds.from(transaction.date) == 1_700_000_000_123)
        #expect(transaction.date.roundedToMilliseconds == transaction.date)
    }

    @Test func timestampsFormatAndParseExactly() {
        #expect(Timestamp.format(milliseconds: 0) == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp.format(milliseconds: 951_782_400_007) == "2000-02-29T00:00:00.007Z")
        #expect(Timestamp.format(milliseconds: -1) == "1969-12-31T23:59:59.999Z")
        #expect(Timestamp.parse("2000-02-29T00:00:00.007Z") == 951_782_400_007)
        #expect(Timestamp.parse("2025-03-30T03:30:00+02:00") == Milliseconds.from(date(2025, 3, 30, 1, 30)))
        #expect(Timestamp.parse("2025-02-29T00:00:00Z") == nil)
        #expect(Timestamp.parse("2025-01-01") == nil)
        for value: Int64 in [0, 1, 86_399_999, 1_735_689_600_000, 4_102_444_800_123] {
            #expect(Timestamp.parse(Timestamp.format(milliseconds: value)) == value)
        }
    }

    @Test func parsingRejectsAmbiguousInput() {
        #expect(FinanceParsing.amount("-12.50") == Decimal(string: "-12.5"))
        #expect(FinanceParsing.amount("+3") == 3)
        #expect(FinanceParsing.amount("12,50") == nil)
        #expect(FinanceParsing.amount("1e3") == nil)
        #expect(FinanceParsing.amount("$5") == nil)
        #expect(FinanceParsing.amount("12.") == nil)
        #expect(FinanceParsing.amount("") == nil)
        #expect(
            FinanceParsing.date("2024-02-29", calendar: calendar("America/New_York"))
                == date(2024, 2, 29, in: "America/New_York"))
        #expect(FinanceParsing.date("2023-02-29", calendar: calendar()) == nil)
        #expect(FinanceParsing.date("yesterday", calendar: calendar()) == nil)
    }

    @Test func expenseSharesAddUpToTheCent() {
        let people = [id(1), id(2), id(3)]
        let even = GroupExpense(title: "x", amount: 10, paidBy: id(1), splitBetween: people)
        #expect(
            even.shares().map(\.amount) == [
                Decimal(string: "3.34")!, Decimal(string: "3.33")!, Decimal(string: "3.33")!,
            ])
        let percent = GroupExpense(
            title: "x", amount: Decimal(string: "100.01")!, paidBy: id(1), splitBetween: people,
            split: .percentages([id(1): 50, id(2): 25, id(3): 25]))
        #expect(percent.shares().map(\.amount).reduce(0, +) == Decimal(string: "100.01")!)
        let shares = GroupExpense(
            title: "x", amount: 100, paidBy: id(1), splitBetween: people,
            split: .shares([id(1): 1, id(2): 1, id(3): 1]))
        #expect(
            shares.shares().map(\.amount) == [
                Decimal(string: "33.34")!, Decimal(string: "33.33")!, Decimal(string: "33.33")!,
            ])
        #expect(even.amountPerPerson * 3 == 10 || abs(even.amountPerPerson * 3 - 10) < Decimal(string: "0.0000001")!)
    }
}
