import Foundation

/// The rules a budget must satisfy before the store keeps it.
enum BudgetRules {
    static func validate(_ budget: Budget) throws -> Budget {
        guard budget.category != .income else {
            throw PersistenceError.validationFailed(
                "Income is money in, and budgets limit spending; choose a category money is spent in")
        }
        guard budget.amount > 0 else {
            throw PersistenceError.validationFailed("Budget amount must be greater than 0")
        }
        _ = try MinorUnits.cents(budget.amount, field: "Budget amount")
        guard budget.startMonth.year >= 1970 else {
            throw PersistenceError.validationFailed(
                "Budget start month \(budget.startMonth) is before 1970; budgets start in 1970 or later")
        }
        guard budget.id == Budget.id(for: budget.category) else {
            throw PersistenceError.validationFailed(
                "Budget \(budget.id.uuidString) does not have the id of the \(budget.category.displayName) budget; a category's budget always has the id its category gives"
            )
        }
        return budget
    }
}
