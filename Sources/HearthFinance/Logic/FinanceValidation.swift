import Foundation
import HearthCore

/// The rules a value must satisfy before the store keeps it, with the apps' exact messages.
///
/// Each function returns the value as the store keeps it (names trimmed, blank e-mails dropped, duplicate
/// ids and tags removed) or throws ``PersistenceError`` (validation failed) with the first rule broken.
public enum FinanceValidation {
    /// Checks `person`: a name, a well-formed e-mail when given, a balance in cents.
    public static func validate(_ person: Person) throws -> Person {
        let name = try nonBlank(person.name, "Person name cannot be empty")
        let email = Validation.trimmedOrNil(person.email)
        if let email, !Validation.isValidEmail(email) {
            throw PersistenceError.validationFailed("Invalid email format")
        }
        _ = try MinorUnits.cents(person.balance, field: "Person balance")
        return person.with(name: name, email: .some(email), phone: Validation.trimmed(person.phone))
    }

    /// Checks `subscription`: a name, a price above zero in cents, sensible reminder and trial settings.
    public static func validate(_ subscription: Subscription) throws -> Subscription {
        let name = try nonBlank(subscription.name, "Subscription name cannot be empty")
        guard subscription.price > 0 else {
            throw PersistenceError.validationFailed("Subscription price must be greater than 0")
        }
        try MinorUnits.check(
            try MinorUnits.cents(subscription.price, field: "Subscription price"), of: subscription.price,
            in: subscription.currency, field: "Subscription price")
        guard subscription.totalSpent >= 0 else {
            throw PersistenceError.validationFailed("Total spent cannot be negative")
        }
        _ = try MinorUnits.cents(subscription.totalSpent, field: "Total spent")
        if let after = subscription.priceAfterTrial {
            guard after >= 0 else { throw PersistenceError.validationFailed("Price after trial cannot be negative") }
            _ = try MinorUnits.cents(after, field: "Price after trial")
        }
        guard (0...365).contains(subscription.reminderDaysBefore) else {
            throw PersistenceError.validationFailed("Reminder days before must be between 0 and 365")
        }
        let website = Validation.trimmedOrNil(subscription.website)
        if let website, !Validation.isValidURL(website) {
            throw PersistenceError.validationFailed(
                "Website must be an http or https address, such as https://example.com")
        }
        if let start = subscription.trialStartDate, let end = subscription.trialEndDate, end < start {
            throw PersistenceError.validationFailed("Trial end date must not be before the trial start date")
        }
        return subscription.with(name: name, sharedWith: unique(subscription.sharedWith), website: .some(website))
    }

    /// Checks `transaction`: a title, a non-zero amount in cents, tags without `;` or control characters.
    public static func validate(_ transaction: Transaction) throws -> Transaction {
        let checked = try check(transaction)
        if checked.title == transaction.title, checked.tags == transaction.tags { return transaction }
        return transaction.with(title: checked.title, tags: checked.tags)
    }

    /// The transaction's title and tags as stored, and its amount in cents.
    static func check(_ transaction: Transaction) throws -> (title: String, tags: [String], cents: Int64) {
        let title = FinanceText.trimmed(transaction.title)
        guard !title.isEmpty else { throw PersistenceError.validationFailed("Transaction title cannot be empty") }
        guard transaction.amount != 0 else {
            throw PersistenceError.validationFailed("Transaction amount cannot be 0")
        }
        let cents = try MinorUnits.cents(transaction.amount, field: "Transaction amount")
        try MinorUnits.check(cents, of: transaction.amount, in: transaction.currency, field: "Transaction amount")
        let tags = transaction.tags.isEmpty ? [] : try normalizedTags(transaction.tags)
        return (title, tags, cents)
    }

    /// Checks `group`: a name and at least one member (duplicates removed).
    public static func validate(_ group: Group) throws -> Group {
        let name = try nonBlank(group.name, "Group name cannot be empty")
        let members = unique(group.members)
        guard !members.isEmpty else {
            throw PersistenceError.validationFailed("Group must have at least one member")
        }
        return group.with(name: name, members: members)
    }

    /// Checks `expense`: a title, an amount above zero in cents, at least one person, and a split whose
    /// values name exactly those people and add up (exact amounts to the expense, percentages to 100).
    public static func validate(_ expense: GroupExpense) throws -> GroupExpense {
        let title = try nonBlank(expense.title, "Expense title cannot be empty")
        guard expense.amount > 0 else {
            throw PersistenceError.validationFailed("Expense amount must be greater than 0")
        }
        try MinorUnits.check(
            try MinorUnits.cents(expense.amount, field: "Expense amount"), of: expense.amount, in: expense.currency,
            field: "Expense amount")
        let people = unique(expense.splitBetween)
        guard !people.isEmpty else {
            throw PersistenceError.validationFailed("Expense must be split between at least one person")
        }
        try validate(expense.split, people: people, amount: expense.amount)
        return expense.with(title: title, splitBetween: people)
    }

    private static func validate(_ split: ExpenseSplit, people: [Person.ID], amount: Decimal) throws {
        if case .evenly = split { return }
        guard split.namedPeople == Set(people) else {
            throw PersistenceError.validationFailed(
                "Split values must name exactly the people the expense is split between")
        }
        switch split {
        case .evenly:
            return
        case .exactAmounts(let values):
            for value in values.values {
                guard value >= 0 else {
                    throw PersistenceError.validationFailed("Exact split amounts cannot be negative")
                }
                _ = try MinorUnits.cents(value, field: "Exact split amount")
            }
            let total = values.values.reduce(0, +)
            guard total == amount else {
                throw PersistenceError.validationFailed(
                    "Exact amounts add up to \(total), not the expense amount \(amount)")
            }
        case .percentages(let values):
            guard values.values.allSatisfy({ $0 >= 0 }) else {
                throw PersistenceError.validationFailed("Split percentages cannot be negative")
            }
            let total = values.values.reduce(0, +)
            guard total == 100 else {
                throw PersistenceError.validationFailed("Percentages add up to \(total), not 100")
            }
        case .shares(let values):
            guard values.values.allSatisfy({ $0 > 0 }) else {
                throw PersistenceError.validationFailed("Shares must be whole numbers greater than 0")
            }
        }
    }

    /// Tags trimmed, without empty ones or repeats, in their first order.
    static func normalizedTags(_ tags: [String]) throws -> [String] {
        var result: [String] = []
        result.reserveCapacity(tags.count)
        for raw in tags {
            let tag = FinanceText.trimmed(raw)
            guard !tag.isEmpty else { continue }
            if tag.utf8.contains(UInt8(ascii: ";")) {
                throw PersistenceError.validationFailed("Tag \"\(tag)\" cannot contain ';'")
            }
            if FinanceText.hasControlCharacters(tag) {
                throw PersistenceError.validationFailed("Tag \"\(tag)\" cannot contain control characters")
            }
            if !result.contains(tag) { result.append(tag) }
        }
        return result
    }

    private static func nonBlank(_ text: String, _ message: String) throws -> String {
        let value = FinanceText.trimmed(text)
        guard !value.isEmpty else { throw PersistenceError.validationFailed(message) }
        return value
    }

    private static func unique(_ ids: [UUID]) -> [UUID] {
        var seen = Set<UUID>()
        return ids.filter { seen.insert($0).inserted }
    }
}
