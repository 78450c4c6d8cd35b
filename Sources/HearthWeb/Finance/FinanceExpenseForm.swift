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
    /// How the cost is divided: `evenly` (also when nil or empty), `exactAmounts`, `percentages` or `shares`.
    public var splitMode: String?
    /// Each sharing person's part as typed, read as ``splitMode`` says: an amount (the parts adding up to
    /// ``amount``), a percentage (adding up to 100) or a whole number of shares; unused when split evenly.
    public var parts: [UUID: String]
    /// A category by name; empty or nil for Other.
    public var category: String?
    /// The day (`yyyy-MM-dd`) or an ISO 8601 time; empty or nil for now.
    public var date: String?
    /// Notes.
    public var notes: String?
    /// Its currency's ISO 4217 code; empty or nil for the book currency.
    public var currency: String?

    public init(
        groupID: UUID, title: String, amount: String, paidBy: UUID, splitBetween: [UUID],
        splitMode: String? = nil, parts: [UUID: String] = [:],
        category: String? = nil, date: String? = nil, notes: String? = nil, currency: String? = nil
    ) {
        self.groupID = groupID
        self.title = title
        self.amount = amount
        self.paidBy = paidBy
        self.splitBetween = splitBetween
        self.splitMode = splitMode
        self.parts = parts
        self.category = category
        self.date = date
        self.notes = notes
        self.currency = currency
    }

    /// The ways a page offers to split a cost, with what its form calls them.
    public static let splitModes: [(value: String, label: String)] = [
        ("evenly", "Evenly"), ("exactAmounts", "By exact amounts"), ("percentages", "By percentages"),
        ("shares", "By shares (such as nights stayed)"),
    ]

    /// The expense the form stands for in `group` (`names` name its people in the problems), checked by the
    /// same rules the store applies; those sharing it in the order of the group's members.
    /// - Throws: ``ServiceError`` (validation failed) naming every field at fault and how to write it.
    func expense(in group: Group, names: [UUID: String], calendar: Calendar, now: Date) throws -> GroupExpense {
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
        let sharing = Set(splitBetween)
        let ordered = group.members.filter(sharing.contains)
        let split = ordered.count == sharing.count ? self.split(ordered, names: names, total: amount, &problems) : nil
        let category = FinanceForms.category(self.category, field: "category", problems: &problems) ?? .other
        let date = FinanceForms.date(self.date, field: "date", calendar: calendar, problems: &problems) ?? now
        let notes = FinanceForms.text(self.notes ?? "", field: "notes", limit: 4_000, problems: &problems)
        let currency = FinanceForms.currency(self.currency, field: "currency", problems: &problems)
        guard problems.isEmpty, let title, let amount, let split else { throw ServiceError.validationFailed(problems) }
        return try FinanceForms.validated("expense") {
            try FinanceValidation.validate(
                GroupExpense(
                    title: title, amount: amount, paidBy: paidBy, splitBetween: ordered, split: split,
                    category: category, date: date, notes: notes ?? "", currency: currency))
        }
    }

    /// The split the mode and parts stand for between `people`, or nil with the problems named.
    private func split(_ people: [UUID], names: [UUID: String], total: Decimal?, _ problems: inout [String])
        -> ExpenseSplit?
    {
        let mode = (splitMode ?? "").trimmingCharacters(in: .whitespaces)
        if mode.isEmpty || mode == "evenly" { return .evenly }
        guard Self.splitModes.contains(where: { $0.value == mode }) else {
            problems.append(
                "split \"\(mode.prefix(40))\" is not a way to split; choose evenly, exact amounts, percentages or shares"
            )
            return nil
        }
        let before = problems.count
        var decimals: [UUID: Decimal] = [:]
        var wholes: [UUID: Int] = [:]
        for person in people {
            let name = names[person] ?? person.uuidString.lowercased()
            let text = (parts[person] ?? "").trimmingCharacters(in: .whitespaces)
            if text.isEmpty {
                problems.append(
                    "\(name)'s part is empty; with this split give each person sharing the cost a part, such as \(mode == "shares" ? "2" : mode == "percentages" ? "50" : "12.50")"
                )
            } else if mode == "shares" {
                guard text.count <= 9, let whole = Int(text), whole >= 0 else {
                    problems.append(
                        "\(name)'s part \"\(text.prefix(40))\" is not a whole number of shares; write it like 2")
                    continue
                }
                wholes[person] = whole
            } else if let value = FinanceForms.amount(text, field: "\(name)'s part", problems: &problems) {
                if value < 0 {
                    problems.append("\(name)'s part \(value) is below 0; give 0 or more")
                } else {
                    decimals[person] = value
                }
            }
        }
        guard problems.count == before else { return nil }
        switch mode {
        case "exactAmounts":
            let sum = decimals.values.reduce(0, +)
            if let total, sum != total {
                problems.append(
                    "split by exact amounts: the parts add up to \(sum), not the amount \(total); make them add up to the amount"
                )
            }
            return .exactAmounts(decimals)
        case "percentages":
            let sum = decimals.values.reduce(0, +)
            if sum != 100 {
                problems.append(
                    "split by percentages: the parts add up to \(sum) %, not 100 %; make them add up to 100")
            }
            return .percentages(decimals)
        default:
            if wholes.values.reduce(0, +) == 0 {
                problems.append("split by shares: every part is 0; give at least one person a share")
            }
            return .shares(wholes)
        }
    }
}
