public import Foundation
import HearthCore
public import HearthFinance

/// "Add a group expense", as a page's form sends it, checked by
/// ``FinanceRecords/addGroupExpense(_:userID:now:)`` before anything is saved.
public struct FinanceExpenseForm: Sendable, Equatable {
    /// The group.
    public var groupID: UUID
    /// What it was.
    public var title: String
    /// What it cost, above 0, such as `90` or `12.50`.
    public var amount: String
    /// Who paid: a member of the group.
    public var paidBy: UUID
    /// Who shares the cost: members of the group.
    public var splitBetween: [UUID]
    /// Each person's exact amount, adding up to ``amount``; nil or empty splits evenly.
    public var exactAmounts: [UUID: String]?
    /// A category by name; empty or nil for Other.
    public var category: String?
    /// The day (`yyyy-MM-dd`) or an ISO 8601 time; empty or nil for now.
    public var date: String?
    /// Notes.
    public var notes: String?

    public init(
        groupID: UUID, title: String, amount: String, paidBy: UUID, splitBetween: [UUID],
        exactAmounts: [UUID: String]? = nil,
        category: String? = nil, date: String? = nil, notes: String? = nil
    ) {
        self.groupID = groupID
        self.title = title
        self.amount = amount
        self.paidBy = paidBy
        self.splitBetween = splitBetween
        self.exactAmounts = exactAmounts
        self.category = category
        self.date = date
        self.notes = notes
    }

    /// The expense the form stands for in `group`, checked by the same rules the store applies.
    /// - Throws: ``ServiceError`` (validation failed) naming every field at fault and how to write it.
    func expense(in group: Group, calendar: Calendar, now: Date) throws -> GroupExpense {
        var problems: [String] = []
        let title = FinanceForms.text(
            self.title, field: "title", limit: FinanceTransactionForm.maxTextLength, problems: &problems)
        if title?.isEmpty ?? false { problems.append("title is empty; say what the expense was, such as Dinner") }
        let amount = FinanceForms.amount(self.amount, field: "amount", problems: &problems)
        if let amount, amount <= 0 {
            problems.append("amount \(amount) is not above 0; give what the expense cost, such as 90 or 12.50")
        }
        let members = Set(group.members)
        if !members.contains(paidBy) {
            problems.append(
                "paidBy \(paidBy.uuidString.lowercased()) is not a member of \(group.name); choose one of its members")
        }
        if splitBetween.isEmpty {
            problems.append("splitBetween is empty; choose at least one member to share the cost")
        }
        if splitBetween.count > 1_000 {
            problems.append(
                "splitBetween names \(splitBetween.count) people; a group expense is shared by at most 1000")
        }
        for person in splitBetween where !members.contains(person) {
            problems.append(
                "splitBetween: \(person.uuidString.lowercased()) is not a member of \(group.name); choose its members only"
            )
        }
        var split = ExpenseSplit.evenly
        if let exactAmounts, !exactAmounts.isEmpty {
            var values: [UUID: Decimal] = [:]
            for (person, text) in exactAmounts {
                if let value = FinanceForms.amount(
                    text, field: "exactAmounts[\(person.uuidString.lowercased())]", problems: &problems)
                {
                    values[person] = value
                }
            }
            split = .exactAmounts(values)
            if Set(exactAmounts.keys) != Set(splitBetween) {
                problems.append(
                    "exactAmounts name \(exactAmounts.count) people; give an amount for each person in splitBetween and no one else"
                )
            } else if let amount, values.count == exactAmounts.count, values.values.reduce(0, +) != amount {
                problems.append(
                    "exactAmounts add up to \(values.values.reduce(0, +)), not the amount \(amount); make the shares add up to the amount"
                )
            }
        }
        let category = FinanceForms.category(self.category, field: "category", problems: &problems) ?? .other
        let date = FinanceForms.date(self.date, field: "date", calendar: calendar, problems: &problems) ?? now
        let notes = FinanceForms.text(self.notes ?? "", field: "notes", limit: 4_000, problems: &problems)
        guard problems.isEmpty, let title, let amount else { throw ServiceError.validationFailed(problems) }
        return try FinanceForms.validated("expense") {
            try FinanceValidation.validate(
                GroupExpense(
                    title: title, amount: amount, paidBy: paidBy, splitBetween: splitBetween, split: split,
                    category: category,
                    date: date, notes: notes ?? ""))
        }
    }
}
