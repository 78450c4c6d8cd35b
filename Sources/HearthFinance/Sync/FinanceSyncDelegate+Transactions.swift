import Foundation
import GRDB
import HearthCloudModel
import HearthCore

extension FinanceSyncDelegate {
    /// Saves a transaction record from the server, the kind a first sync brings by the thousand: its fields
    /// are read straight into the model (checked field by field as every record is), and the store writes
    /// it through ``FinanceWriteContext/saveFetched(_:)``, keeping its timestamp.
    func saveFetchedTransaction(_ record: CloudRecord, id: UUID, in db: Database) throws {
        let transaction = try Self.transaction(from: record, id: id)
        let context = FinanceWriteContext(
            db: db, now: Date(), calendar: Self.calendar, recorder: nil, keepsTimestamps: true, journals: false)
        do {
            try context.saveFetched(transaction)
        } catch let error as PersistenceError {
            throw ServiceError.validationFailed("\(record.recordType) \(record.recordName): \(error.message)")
        }
    }

    /// The transaction a record holds, read as a stored row is (``Transaction/init(row:)``).
    static func transaction(from record: CloudRecord, id: UUID) throws -> Transaction {
        let spec = spec(.transaction)
        func text(_ column: String) throws -> String {
            guard let field = try spec.field(column, of: record) else { return "" }
            guard case .string(let value) = field else { throw spec.mismatch(column, field, of: record) }
            return value
        }
        func integer(_ column: String) throws -> Int64 {
            guard let field = try spec.field(column, of: record) else { return 0 }
            switch field {
            case .int64(let value): return value
            case .boolean(let flag): return flag ? 1 : 0
            default: throw spec.mismatch(column, field, of: record)
            }
        }
        let title = try text("title")
        let subtitle = try text("subtitle")
        let cents = try integer("amount")
        let categoryName = try text("category")
        let date = try integer("date")
        let isRecurring = try integer("isRecurring")
        let tags = try text("tags")
        let updatedAt = try integer("updatedAt")
        let currencyCode = try text("currency")
        var currency: CurrencyCode?
        if !currencyCode.isEmpty {
            do {
                currency = try CurrencyCode(currencyCode)
            } catch let error as PersistenceError {
                throw ServiceError.validationFailed("\(record.recordType) \(record.recordName): \(error.message)")
            }
        }
        guard let category = TransactionCategory.byRawValue[categoryName] ?? TransactionCategory.parse(categoryName)
        else {
            throw ServiceError.validationFailed(
                "\(record.recordType) \(record.recordName): The stored category \"\(categoryName)\" is not one of: \(TransactionCategory.displayNames)"
            )
        }
        return Transaction(
            storedID: id, title: title, subtitle: subtitle, amount: MinorUnits.decimal(cents), category: category,
            date: Milliseconds.date(date), isRecurring: isRecurring != 0, tags: ColumnCoding.tags(from: tags),
            currency: currency, updatedAt: Milliseconds.date(updatedAt))
    }

    /// The calendar finance logic runs on for records from the server.
    static let calendar = Calendar(identifier: .gregorian)
}
