import Foundation
import GRDB

/// The kinds of finance values the store keeps.
public enum FinanceEntity: String, Sendable, Codable, CodingKeyRepresentable, CaseIterable, Hashable {
    case person
    case subscription
    case transaction
    case group
    case groupExpense
    case budget

    /// Restore order: a group is written before its expenses (deletion runs the other way).
    var restoreOrder: Int {
        switch self {
        case .person: 0
        case .subscription: 1
        case .transaction: 2
        case .group: 3
        case .groupExpense: 4
        case .budget: 5
        }
    }

    var code: UInt8 { UInt8(restoreOrder) }

    init?(code: UInt8) {
        guard let entity = FinanceEntity.allCases.first(where: { $0.code == code }) else { return nil }
        self = entity
    }

    var displayName: String {
        switch self {
        case .person: "Person"
        case .subscription: "Subscription"
        case .transaction: "Transaction"
        case .group: "Group"
        case .groupExpense: "Expense"
        case .budget: "Budget"
        }
    }
}
