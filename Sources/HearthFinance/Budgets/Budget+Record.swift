import Foundation
import GRDB

extension Budget: FinanceRecord {
    static let entity = FinanceEntity.budget
    static let table = "financeBudget"
    static let columns = ["id", "category", "amount", "rollover", "startMonth", "createdDate", "updatedAt"]

    func databaseValues() throws -> [(any DatabaseValueConvertible)?] {
        [
            id, category.rawValue, try MinorUnits.cents(amount, field: "Budget amount"), rollover,
            startMonth.description, Milliseconds.from(createdDate), Milliseconds.from(updatedAt),
        ]
    }

    init(row: Row) throws {
        let monthText: String = row[5]
        guard let startMonth = FinanceMonth(monthText) else {
            throw PersistenceError(
                .fetchFailed, "The stored budget month \"\(monthText)\" is not a month; write YYYY-MM, such as 2026-11")
        }
        self.init(
            storedID: row[1],
            category: try ColumnCoding.enumValue(TransactionCategory.self, row[2], column: "category"),
            amount: MinorUnits.decimal(row[3]), rollover: row[4], startMonth: startMonth,
            createdDate: Milliseconds.date(row[6]), updatedAt: Milliseconds.date(row[7]))
    }

    func withUpdatedAt(_ date: Date) -> Budget { with(updatedAt: date) }
}
