import Foundation
public import GRDB
public import HearthCloudModel
import HearthCore
public import HearthSync

/// Turns finance rows into records and back, column by column: each stored column (after the local
/// row id) is a field of the same name — whole cents and milliseconds as INT64, text as STRING, ids as
/// 16-byte BYTES. Records from the server are checked field by field, decoded into the model and saved
/// through the store's validated write path (relationships included), keeping their timestamps; one that
/// does not fit is refused with a message naming the field, and the engine keeps it aside.
public struct FinanceSyncDelegate: SyncDelegate {
    public init() {}

    public func record(for id: SyncRecordID, in db: Database) throws -> CloudRecord? {
        guard let entity = FinanceSync.entity(ofRecordType: id.recordType), let uuid = UUID(uuidString: id.recordName)
        else { return nil }
        let spec = Self.spec(entity)
        guard
            let row = try Row.fetchOne(
                db.cachedStatement(
                    sql: "SELECT \(spec.columns.joined(separator: ", ")) FROM \(spec.table) WHERE id = ?"),
                arguments: [uuid])
        else {
            return nil
        }
        var fields: [String: CloudFieldValue] = [:]
        for (index, column) in spec.columns.enumerated() where column != "id" {
            switch row[index] as DatabaseValue {
            case let value where value.isNull: continue
            case let value where spec.kinds[column] == .asset:
                // A file's asset goes as an ASSETID, so the server lets whoever reads the record download it.
                guard let text = String.fromDatabaseValue(value), let asset = CloudAsset(columnText: text) else {
                    continue
                }
                fields[column] = .asset(asset)
            case let value:
                switch value.storage {
                case .int64(let number): fields[column] = .int64(number)
                case .double(let number): fields[column] = .double(number)
                case .string(let text): fields[column] = .string(text)
                case .blob(let data): fields[column] = .bytes(data)
                case .null: continue
                }
            }
        }
        return CloudRecord(recordName: id.recordName, recordType: id.recordType, fields: fields)
    }

    public func saveFetchedRecord(_ record: CloudRecord, in db: Database) throws {
        guard let entity = FinanceSync.entity(ofRecordType: record.recordType) else {
            throw ServiceError.validationFailed(
                "Record \(record.recordName) has type \(record.recordType), which Finance does not know.")
        }
        guard let uuid = Self.uuid(lowercase: record.recordName) else {
            throw ServiceError.validationFailed(
                "Record \(record.recordName) is not named by a lowercase UUID, as every finance record is.")
        }
        if entity == .transaction {
            try saveFetchedTransaction(record, id: uuid, in: db)
            return
        }
        let spec = Self.spec(entity)
        var values: [(any DatabaseValueConvertible)?] = [0]
        for column in spec.columns {
            if column == "id" {
                values.append(uuid)
                continue
            }
            values.append(try spec.value(of: column, in: record))
        }
        let select = "SELECT ? AS localID, " + spec.columns.map { "? AS \($0)" }.joined(separator: ", ")
        guard let row = try Row.fetchOne(db.cachedStatement(sql: select), arguments: StatementArguments(values)) else {
            return
        }
        let context = FinanceWriteContext(
            db: db, now: Date(), calendar: Calendar(identifier: .gregorian), recorder: nil, keepsTimestamps: true,
            journals: false)
        do {
            switch entity {
            case .person: try context.save(try Person(row: row))
            case .subscription: try context.save(try Subscription(row: row))
            case .transaction: try context.save(try Transaction(row: row))
            case .group: try context.save(try Group(row: row))
            case .groupExpense:
                let stored = try StoredExpense(row: row)
                try context.save(stored.expense, forGroup: stored.groupID)
            case .budget: try context.save(try Budget(row: row))
            }
        } catch let error as PersistenceError {
            throw ServiceError.validationFailed(
                "\(FinanceSync.recordType(of: entity)) \(record.recordName): \(error.message)")
        }
    }

    public func deleteFetchedRecord(_ id: SyncRecordID, in db: Database) throws {
        guard let entity = FinanceSync.entity(ofRecordType: id.recordType), let uuid = UUID(uuidString: id.recordName)
        else { return }
        let context = FinanceWriteContext(
            db: db, now: Date(), calendar: Calendar(identifier: .gregorian), recorder: nil, journals: false)
        do {
            switch entity {
            case .person:
                guard try context.exists(Person.self, id: uuid) else { return }
                try context.deletePerson(id: uuid)
            case .subscription:
                guard try context.exists(Subscription.self, id: uuid) else { return }
                try context.deleteSubscription(id: uuid)
            case .transaction:
                guard try context.exists(Transaction.self, id: uuid) else { return }
                try context.deleteTransaction(id: uuid)
            case .group:
                guard try context.exists(Group.self, id: uuid) else { return }
                try context.deleteGroup(id: uuid)
            case .groupExpense:
                guard try context.exists(StoredExpense.self, id: uuid) else { return }
                try context.deleteExpense(id: uuid)
            case .budget:
                guard let budget = try context.load(Budget.self, id: uuid) else { return }
                try context.removeBudget(category: budget.category)
            }
        } catch let error as PersistenceError {
            throw ServiceError.validationFailed("Deleting \(id): \(error.message)")
        }
    }

    public func allRecordIDs(in db: Database) throws -> [SyncRecordID] {
        var ids: [SyncRecordID] = []
        // Parents first, so that a first upload never names a row the server has not seen.
        for entity in FinanceEntity.allCases {
            let spec = Self.spec(entity)
            let type = FinanceSync.recordType(of: entity)
            for uuid in try UUID.fetchAll(db, sql: "SELECT id FROM \(spec.table) ORDER BY localID") {
                ids.append(SyncRecordID(recordType: type, recordName: uuid.uuidString.lowercased()))
            }
        }
        return ids
    }

    /// The UUID `name` spells in lowercase (`8-4-4-4-12` hex digits), or nil for anything else: how every
    /// finance record is named. Read byte by byte, as a first sync reads thousands.
    static func uuid(lowercase name: String) -> UUID? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        var high: UInt8?
        var count = 0
        for character in name.utf8 {
            guard count < 36 else { return nil }
            defer { count += 1 }
            if count == 8 || count == 13 || count == 18 || count == 23 {
                guard character == UInt8(ascii: "-") else { return nil }
                continue
            }
            let digit: UInt8
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = character - UInt8(ascii: "a") + 10
            default: return nil
            }
            if let first = high {
                bytes.append(first << 4 | digit)
                high = nil
            } else {
                high = digit
            }
        }
        guard count == 36, bytes.count == 16 else { return nil }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    // MARK: Columns

    /// An entity's table and stored columns, and which columns must be present and of which type.
    struct Spec {
        enum Kind { case integer, text, uuid, json, asset }
        var table: String
        var columns: [String]
        var kinds: [String: Kind]
        var optional: Set<String>

        func value(of column: String, in record: CloudRecord) throws -> (any DatabaseValueConvertible)? {
            guard let field = try field(column, of: record) else { return nil }
            switch (kinds[column] ?? .text, field) {
            case (.integer, .int64(let number)): return number
            case (.integer, .boolean(let flag)): return flag
            case (.text, .string(let text)): return text
            case (.json, .string(let text)):
                guard (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil
                else {
                    throw ServiceError.validationFailed(
                        "Field \(column) of record \(record.recordName) (\(record.recordType)) is not valid JSON.")
                }
                return text
            case (.uuid, .bytes(let data)) where data.count == 16: return data
            case (.asset, .asset(let asset)): return asset.columnText
            default: throw mismatch(column, field, of: record)
            }
        }

        /// The field `column` of `record`, or nil when it is missing and may be.
        /// - Throws: `ServiceError` (validation failed) when it is missing and must not be.
        func field(_ column: String, of record: CloudRecord) throws -> CloudFieldValue? {
            guard let field = record.fields[column] else {
                if optional.contains(column) { return nil }
                throw ServiceError.validationFailed(
                    "Record \(record.recordName) (\(record.recordType)) has no \(column) field; every \(record.recordType) needs one."
                )
            }
            return field
        }

        /// The error for a field whose type is not the one its column stores.
        func mismatch(_ column: String, _ field: CloudFieldValue, of record: CloudRecord) -> ServiceError {
            let expected =
                switch kinds[column] ?? .text {
                case .integer: "INT64"
                case .text, .json: "STRING"
                case .uuid: "16-byte BYTES (a UUID)"
                case .asset: "an ASSETID"
                }
            return ServiceError.validationFailed(
                "Field \(column) of record \(record.recordName) (\(record.recordType)) is a \(field.typeName); it must be \(expected)."
            )
        }
    }

    static func spec(_ entity: FinanceEntity) -> Spec {
        switch entity {
        case .person: personSpec
        case .subscription: subscriptionSpec
        case .transaction: transactionSpec
        case .group: groupSpec
        case .groupExpense: groupExpenseSpec
        case .budget: budgetSpec
        }
    }

    private static let personSpec = makeSpec(.person)
    private static let subscriptionSpec = makeSpec(.subscription)
    private static let transactionSpec = makeSpec(.transaction)
    private static let groupSpec = makeSpec(.group)
    private static let groupExpenseSpec = makeSpec(.groupExpense)
    private static let budgetSpec = makeSpec(.budget)

    private static func makeSpec(_ entity: FinanceEntity) -> Spec {
        switch entity {
        case .person:
            Spec(
                table: Person.table, columns: Person.columns,
                kinds: [
                    "id": .uuid, "balance": .integer, "createdDate": .integer, "updatedAt": .integer, "avatar": .json,
                ],
                optional: ["email"])
        case .subscription:
            Spec(
                table: Subscription.table, columns: Subscription.columns,
                kinds: [
                    "id": .uuid, "price": .integer, "nextBillingDate": .integer, "isActive": .integer,
                    "isShared": .integer,
                    "sharedWith": .json, "createdDate": .integer, "lastBillingDate": .integer, "totalSpent": .integer,
                    "cancellationDate": .integer, "isFreeTrial": .integer, "trialStartDate": .integer,
                    "trialEndDate": .integer,
                    "willConvertToPaid": .integer, "priceAfterTrial": .integer, "enableRenewalReminder": .integer,
                    "reminderDaysBefore": .integer, "reminderTime": .integer, "updatedAt": .integer,
                ],
                optional: [
                    "lastBillingDate", "website", "cancellationDate", "trialStartDate", "trialEndDate",
                    "priceAfterTrial", "currency",
                ])
        case .transaction:
            Spec(
                table: Transaction.table, columns: Transaction.columns,
                kinds: [
                    "id": .uuid, "amount": .integer, "date": .integer, "isRecurring": .integer, "updatedAt": .integer,
                ],
                optional: ["currency"])
        case .group:
            Spec(
                table: Group.table, columns: Group.columns,
                kinds: ["id": .uuid, "members": .json, "createdDate": .integer, "updatedAt": .integer],
                optional: [])
        case .groupExpense:
            Spec(
                table: StoredExpense.table, columns: StoredExpense.columns,
                kinds: [
                    "id": .uuid, "groupID": .uuid, "amount": .integer, "paidBy": .uuid, "splitBetween": .json,
                    "split": .json,
                    "date": .integer, "isSettled": .integer, "updatedAt": .integer, "receiptAsset": .asset,
                ],
                optional: ["receipt", "currency", "receiptAsset"])
        case .budget:
            Spec(
                table: Budget.table, columns: Budget.columns,
                kinds: [
                    "id": .uuid, "amount": .integer, "rollover": .integer, "createdDate": .integer,
                    "updatedAt": .integer,
                ],
                optional: [])
        }
    }
}
