import Foundation
import GRDB
import HearthCloudModel

/// A group expense together with the group it belongs to, as its row stores it.
struct StoredExpense: FinanceRecord {
    let groupID: UUID
    let expense: GroupExpense

    static let entity = FinanceEntity.groupExpense
    static let table = "financeGroupExpense"
    static let columns = [
        "id", "groupID", "title", "amount", "paidBy", "splitBetween", "split", "category", "date", "notes",
        "receipt", "isSettled", "updatedAt", "currency", "receiptAsset",
    ]

    var id: UUID { expense.id }
    var updatedAt: Date { expense.updatedAt }

    init(groupID: UUID, expense: GroupExpense) {
        self.groupID = groupID
        self.expense = expense
    }

    func databaseValues() throws -> [(any DatabaseValueConvertible)?] {
        [
            expense.id, groupID, expense.title, try MinorUnits.cents(expense.amount, field: "Expense amount"),
            expense.paidBy, ColumnCoding.ids(expense.splitBetween), try ColumnCoding.json(expense.split),
            expense.category.rawValue, Milliseconds.from(expense.date), expense.notes, expense.receipt,
            expense.isSettled, Milliseconds.from(expense.updatedAt), expense.currency?.code,
            expense.receiptAsset?.columnText,
        ]
    }

    init(row: Row) throws {
        groupID = row[2]
        expense = GroupExpense(
            id: row[1], title: row[3], amount: MinorUnits.decimal(row[4]), paidBy: row[5],
            splitBetween: try ColumnCoding.ids(from: row[6]),
            split: try ColumnCoding.decode(ExpenseSplit.self, from: row[7]),
            category: try ColumnCoding.enumValue(TransactionCategory.self, row[8], column: "category"),
            date: Milliseconds.date(row[9]), notes: row[10], receipt: row[11],
            receiptAsset: (row[15] as String?).flatMap(CloudAsset.init(columnText:)), isSettled: row[12],
            currency: try ColumnCoding.currency(row, 14), updatedAt: Milliseconds.date(row[13]))
    }

    func withUpdatedAt(_ date: Date) -> StoredExpense {
        StoredExpense(groupID: groupID, expense: expense.with(updatedAt: date))
    }
}
