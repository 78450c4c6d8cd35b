public import Foundation
public import HearthCloudModel
import HearthCore

/// Something one member paid for a group, split between some of its members.
public struct GroupExpense: Identifiable, Sendable, Codable, Equatable, Hashable {
    public let id: UUID
    /// Not blank.
    public let title: String
    /// Greater than zero.
    public let amount: Decimal
    /// Who paid; a member of the group.
    public let paidBy: Person.ID
    /// Who shares the cost; members of the group, at least one.
    public let splitBetween: [Person.ID]
    /// How the cost is divided between ``splitBetween``.
    public let split: ExpenseSplit
    public let category: TransactionCategory
    public let date: Date
    public let notes: String
    /// An attachment reference for the receipt: a file path or an asset id.
    public let receipt: String?
    /// The receipt's file as kept on the server (an upload from the pages), when there is one; whoever can read
    /// the expense can download it.
    public let receiptAsset: CloudAsset?
    /// Whether the expense has been paid back; settled expenses no longer count towards balances.
    public let isSettled: Bool
    /// The currency of ``amount`` and the split's exact amounts; nil for the book currency of the finance
    /// settings.
    public let currency: CurrencyCode?
    /// When the store last changed this expense; set by the store on every change.
    public let updatedAt: Date

    /// A group expense. Dates keep whole milliseconds, the precision the store keeps.
    public init(
        id: UUID = UUID(),
        title: String,
        amount: Decimal,
        paidBy: Person.ID,
        splitBetween: [Person.ID],
        split: ExpenseSplit = .evenly,
        category: TransactionCategory = .other,
        date: Date = Date(),
        notes: String = "",
        receipt: String? = nil,
        receiptAsset: CloudAsset? = nil,
        isSettled: Bool = false,
        currency: CurrencyCode? = nil,
        updatedAt: Date? = nil
    ) {
        self.id = id
        self.title = title
        self.amount = amount
        self.paidBy = paidBy
        self.splitBetween = splitBetween
        self.split = split
        self.category = category
        self.date = date.roundedToMilliseconds
        self.notes = notes
        self.receipt = receipt
        self.receiptAsset = receiptAsset
        self.isSettled = isSettled
        self.currency = currency
        self.updatedAt = (updatedAt ?? date).roundedToMilliseconds
    }

    /// The amount divided by the number of people it is split between (unrounded); zero when nobody.
    public var amountPerPerson: Decimal {
        splitBetween.isEmpty ? 0 : amount / Decimal(splitBetween.count)
    }

    /// What each person in ``splitBetween`` owes, in cents, in the order of ``splitBetween``; the amounts
    /// add up to ``amount`` exactly.
    public func shares() -> [(person: Person.ID, amount: Decimal)] {
        let people = splitBetween
        let amounts: [Decimal]
        switch split {
        case .evenly:
            amounts = Calculation.split(amount, into: people.count)
        case .exactAmounts(let values):
            amounts = people.map { values[$0] ?? 0 }
        case .percentages(let values):
            amounts = Calculation.allocate(amount, weights: people.map { values[$0] ?? 0 })
        case .shares(let values):
            amounts = Calculation.allocate(amount, weights: people.map { Decimal(values[$0] ?? 0) })
        }
        return Array(zip(people, amounts)).map { (person: $0.0, amount: $0.1) }
    }

    /// This expense with the given changes; fields left nil keep their value.
    public func with(
        title: String? = nil,
        amount: Decimal? = nil,
        paidBy: Person.ID? = nil,
        splitBetween: [Person.ID]? = nil,
        split: ExpenseSplit? = nil,
        category: TransactionCategory? = nil,
        date: Date? = nil,
        notes: String? = nil,
        receipt: String?? = nil,
        receiptAsset: CloudAsset?? = nil,
        isSettled: Bool? = nil,
        currency: CurrencyCode?? = nil,
        updatedAt: Date? = nil
    ) -> GroupExpense {
        GroupExpense(
            id: id, title: title ?? self.title, amount: amount ?? self.amount, paidBy: paidBy ?? self.paidBy,
            splitBetween: splitBetween ?? self.splitBetween, split: split ?? self.split,
            category: category ?? self.category, date: date ?? self.date, notes: notes ?? self.notes,
            receipt: receipt ?? self.receipt, receiptAsset: receiptAsset ?? self.receiptAsset,
            isSettled: isSettled ?? self.isSettled,
            currency: currency ?? self.currency, updatedAt: updatedAt ?? self.updatedAt)
    }
}
