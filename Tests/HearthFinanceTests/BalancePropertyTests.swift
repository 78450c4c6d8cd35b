import Foundation
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

@testable import HearthFinance

/// Properties of balances and suggested reimbursements over many seeded random groups.
@Suite struct BalancePropertyTests {
    static let seeds: [UInt64] = Array(1...40)

    /// A random group of 2–9 people with 1–25 expenses in every split mode.
    static func randomGroup(seed: UInt64) -> (members: [UUID], expenses: [GroupExpense]) {
        var random = SeededGenerator(seed: seed)
        let members = (0..<Int.random(in: 2...9, using: &random)).map { _ in
            var bytes = [UInt8](repeating: 0, count: 16)
            for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &random) }
            return UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                    bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
        }
        let expenses = (0..<Int.random(in: 1...25, using: &random)).map { index -> GroupExpense in
            let amount = Decimal(Int.random(in: 1...500_000, using: &random)) / 100
            let people = Array(
                members.shuffled(using: &random).prefix(Int.random(in: 1...members.count, using: &random)))
            let payer = members.randomElement(using: &random)!
            let split: ExpenseSplit
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                split = .evenly
            case 1:
                let weights = people.map { _ in Decimal(Int.random(in: 1...10, using: &random)) }
                let parts = zip(people, allocate(amount, weights))
                split = .exactAmounts(Dictionary(uniqueKeysWithValues: parts.map { ($0.0, $0.1) }))
            case 2:
                let weights = people.map { _ in Decimal(Int.random(in: 1...10, using: &random)) }
                let percents = allocate(100, weights)
                split = .percentages(Dictionary(uniqueKeysWithValues: zip(people, percents).map { ($0.0, $0.1) }))
            default:
                split = .shares(
                    Dictionary(uniqueKeysWithValues: people.map { ($0, Int.random(in: 1...5, using: &random)) }))
            }
            return GroupExpense(
                title: "E\(index)", amount: amount, paidBy: payer, splitBetween: people, split: split,
                isSettled: Int.random(in: 0..<8, using: &random) == 0)
        }
        return (members, expenses)
    }

    static func allocate(_ total: Decimal, _ weights: [Decimal]) -> [Decimal] {
        let sum = weights.reduce(0, +)
        var shares = weights.map { (total * $0 / sum * 100).rounded(.down) / 100 }
        shares[0] += total - shares.reduce(0, +)
        return shares
    }

    static func apply(_ payments: [Reimbursement], to balances: GroupBalances) -> [UUID: Decimal] {
        var result = Dictionary(uniqueKeysWithValues: balances.entries.map { ($0.person, $0.balance) })
        for payment in payments {
            result[payment.from, default: 0] += payment.amount
            result[payment.to, default: 0] -= payment.amount
        }
        return result
    }

    @Test(arguments: seeds)
    func balancesSumToZeroInWholeCents(seed: UInt64) throws {
        let group = Self.randomGroup(seed: seed)
        for expense in group.expenses { _ = try FinanceValidation.validate(expense) }
        let balances = GroupBalances(members: group.members, expenses: group.expenses)
        #expect(balances.entries.map(\.balance).reduce(0, +) == 0)
        for entry in balances.entries {
            #expect(
                (entry.balance * 100).rounded(.plain) == entry.balance * 100, "a fraction of a cent for \(entry.person)"
            )
        }
        for expense in group.expenses {
            #expect(expense.shares().map(\.amount).reduce(0, +) == expense.amount)
        }
    }

    @Test(arguments: seeds)
    func applyingTheSuggestionsZeroesEveryBalanceInAtMostNMinusOnePayments(seed: UInt64) {
        let group = Self.randomGroup(seed: seed)
        let balances = GroupBalances(members: group.members, expenses: group.expenses)
        let payments = balances.suggestedReimbursements()
        #expect(Self.apply(payments, to: balances).values.allSatisfy { $0 == 0 })
        let involved = balances.entries.filter { $0.balance != 0 }.count
        #expect(payments.count <= max(0, involved - 1))
        #expect(payments.count <= group.members.count - 1)
        #expect(payments.allSatisfy { $0.amount > 0 && $0.from != $0.to })
    }

    @Test(arguments: seeds)
    func suggestionsAreDeterministicAndStableAfterOneIsPaid(seed: UInt64) {
        let group = Self.randomGroup(seed: seed)
        let balances = GroupBalances(members: group.members, expenses: group.expenses)
        let payments = balances.suggestedReimbursements()
        #expect(GroupBalances(members: group.members, expenses: group.expenses).suggestedReimbursements() == payments)
        // The same debts listed in another order give the same suggestions.
        #expect(
            GroupBalances(members: group.members.reversed(), expenses: group.expenses.reversed())
                .suggestedReimbursements() == payments)
        guard let first = payments.first else { return }
        // Paying the first suggestion (recorded as a transfer expense) leaves the rest as they were.
        let paid = GroupExpense(title: "Paid", amount: first.amount, paidBy: first.from, splitBetween: [first.to])
        let after = GroupBalances(members: group.members, expenses: group.expenses + [paid])
        #expect(after.suggestedReimbursements() == Array(payments.dropFirst()))
    }

    @Test func suggestionsThroughTheStoreSettleTheGroup() async throws {
        let (store, _) = try makeStore()
        let group = Self.randomGroup(seed: 99)
        for (index, member) in group.members.enumerated() {
            try await store.save(Person(id: member, name: "P\(index)"))
        }
        let saved = try await store.save(Group(name: "Random", members: group.members, expenses: group.expenses))
        var suggestions = try await store.balances(forGroup: saved.id).suggestedReimbursements()
        #expect(!suggestions.isEmpty)
        while let next = suggestions.first {
            try await store.settleUp(group: saved.id, from: next.from, to: next.to, amount: next.amount)
            let remaining = try await store.balances(forGroup: saved.id).suggestedReimbursements()
            #expect(remaining == Array(suggestions.dropFirst()))
            suggestions = remaining
        }
        #expect(try await store.balances(forGroup: saved.id).isSettled)
        #expect(try await store.fetchGroupsWithUnsettledExpenses().isEmpty)
    }
}

extension Decimal {
    fileprivate func rounded(_ mode: NSDecimalNumber.RoundingMode) -> Decimal {
        var input = self
        var result = Decimal()
        NSDecimalRound(&result, &input, 0, mode)
        return result
    }
}
