import Foundation
import GRDB

/// A finance value as one row of its table: the columns, how to write them and how to read them back.
///
/// Every table has a local `localID INTEGER PRIMARY KEY` (stable across VACUUM, used by full-text search
/// and pagination, never synced) and the entity's `id` (a UUID in a 16-byte BLOB) that everything else uses.
protocol FinanceRecord: Sendable, Codable, Equatable {
    static var entity: FinanceEntity { get }
    static var table: String { get }
    /// The stored columns after `localID`, in the order of ``databaseValues()`` and ``init(row:)``.
    static var columns: [String] { get }
    var id: UUID { get }
    var updatedAt: Date { get }
    /// The values of ``columns``, in order.
    func databaseValues() throws -> [(any DatabaseValueConvertible)?]
    /// Reads a row selected as ``selection`` (`localID` first, then ``columns``).
    init(row: Row) throws
    func withUpdatedAt(_ date: Date) -> Self
}

extension FinanceRecord {
    static var selection: String { "localID, " + columns.joined(separator: ", ") }
    static var selectSQL: String { "SELECT \(selection) FROM \(table)" }
    static var insertSQL: String {
        "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
    }
    static var updateSQL: String {
        "UPDATE \(table) SET \(columns.dropFirst().map { "\($0) = ?" }.joined(separator: ", ")) WHERE id = ?"
    }

    /// Whether `self` and `other` hold the same data, ignoring when they were last changed.
    func hasSameContent(as other: Self) -> Bool {
        let instant = Date(timeIntervalSince1970: 0)
        return withUpdatedAt(instant) == other.withUpdatedAt(instant)
    }
}

extension Person: FinanceRecord {
    static let entity = FinanceEntity.person
    static let table = "financePerson"
    static let columns = ["id", "name", "email", "phone", "avatar", "balance", "createdDate", "updatedAt"]

    func databaseValues() throws -> [(any DatabaseValueConvertible)?] {
        [
            id, name, email, phone, try ColumnCoding.json(avatar),
            try MinorUnits.cents(balance, field: "Person balance"),
            Milliseconds.from(createdDate), Milliseconds.from(updatedAt),
        ]
    }

    init(row: Row) throws {
        self.init(
            id: row[1], name: row[2], email: row[3], phone: row[4],
            avatar: try ColumnCoding.decode(Avatar.self, from: row[5]),
            balance: MinorUnits.decimal(row[6]),
            createdDate: Milliseconds.date(row[7]), updatedAt: Milliseconds.date(row[8]))
    }
}

extension Subscription: FinanceRecord {
    static let entity = FinanceEntity.subscription
    static let table = "financeSubscription"
    static let columns = [
        "id", "name", "description", "price", "billingCycle", "category", "icon", "color", "nextBillingDate",
        "isActive", "isShared", "sharedWith", "paymentMethod", "createdDate", "lastBillingDate", "totalSpent",
        "notes", "website", "cancellationDate", "isFreeTrial", "trialStartDate", "trialEndDate",
        "willConvertToPaid", "priceAfterTrial", "enableRenewalReminder", "reminderDaysBefore", "reminderTime",
        "updatedAt", "currency",
    ]

    func databaseValues() throws -> [(any DatabaseValueConvertible)?] {
        [
            id, name, description, try MinorUnits.cents(price, field: "Subscription price"), billingCycle.rawValue,
            category.rawValue, icon, color, Milliseconds.from(nextBillingDate), isActive, isShared,
            ColumnCoding.ids(sharedWith), paymentMethod.rawValue, Milliseconds.from(createdDate),
            lastBillingDate.map(Milliseconds.from), try MinorUnits.cents(totalSpent, field: "Total spent"),
            notes, website, cancellationDate.map(Milliseconds.from), isFreeTrial,
            trialStartDate.map(Milliseconds.from), trialEndDate.map(Milliseconds.from), willConvertToPaid,
            try priceAfterTrial.map { try MinorUnits.cents($0, field: "Price after trial") },
            enableRenewalReminder, reminderDaysBefore, reminderTime.minutesSinceMidnight,
            Milliseconds.from(updatedAt), currency?.code,
        ]
    }

    init(row: Row) throws {
        let minutes: Int = row[27]
        self.init(
            id: row[1], name: row[2], description: row[3], price: MinorUnits.decimal(row[4]),
            billingCycle: try ColumnCoding.enumValue(BillingCycle.self, row[5], column: "billing cycle"),
            category: try ColumnCoding.enumValue(SubscriptionCategory.self, row[6], column: "category"),
            icon: row[7], color: row[8], nextBillingDate: Milliseconds.date(row[9]),
            isActive: row[10], isShared: row[11], sharedWith: try ColumnCoding.ids(from: row[12]),
            paymentMethod: try ColumnCoding.enumValue(PaymentMethod.self, row[13], column: "payment method"),
            createdDate: Milliseconds.date(row[14]), lastBillingDate: ColumnCoding.optionalDate(row, 15),
            totalSpent: MinorUnits.decimal(row[16]), notes: row[17], website: row[18],
            cancellationDate: ColumnCoding.optionalDate(row, 19), isFreeTrial: row[20],
            trialStartDate: ColumnCoding.optionalDate(row, 21), trialEndDate: ColumnCoding.optionalDate(row, 22),
            willConvertToPaid: row[23], priceAfterTrial: (row[24] as Int64?).map(MinorUnits.decimal),
            enableRenewalReminder: row[25], reminderDaysBefore: row[26],
            reminderTime: TimeOfDay(hour: minutes / 60, minute: minutes % 60),
            currency: try ColumnCoding.currency(row, 29), updatedAt: Milliseconds.date(row[28]))
    }

    func withUpdatedAt(_ date: Date) -> Subscription { with(updatedAt: date) }
}

extension Transaction: FinanceRecord {
    static let entity = FinanceEntity.transaction
    static let table = "financeTransaction"
    static let columns = [
        "id", "title", "subtitle", "amount", "category", "date", "isRecurring", "tags", "updatedAt", "currency",
    ]

    func databaseValues() throws -> [(any DatabaseValueConvertible)?] {
        [
            id, title, subtitle, try MinorUnits.cents(amount, field: "Transaction amount"), category.rawValue,
            Milliseconds.from(date), isRecurring, ColumnCoding.tags(tags), Milliseconds.from(updatedAt),
            currency?.code,
        ]
    }

    init(row: Row) throws {
        let categoryName: String = row[5]
        guard let category = TransactionCategory.byRawValue[categoryName] ?? TransactionCategory.parse(categoryName)
        else {
            throw PersistenceError(
                .fetchFailed,
                "The stored category \"\(categoryName)\" is not one of: \(TransactionCategory.displayNames)")
        }
        self.init(
            id: row[1], title: row[2], subtitle: row[3], amount: MinorUnits.decimal(row[4]), category: category,
            date: Milliseconds.date(row[6]), isRecurring: row[7], tags: ColumnCoding.tags(from: row[8]),
            currency: try ColumnCoding.currency(row, 10), updatedAt: Milliseconds.date(row[9]))
    }

    func withUpdatedAt(_ date: Date) -> Transaction { with(updatedAt: date) }
}

extension TransactionCategory {
    static let byRawValue: [String: TransactionCategory] =
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}

extension Group: FinanceRecord {
    static let entity = FinanceEntity.group
    static let table = "financeGroup"
    static let columns = ["id", "name", "description", "emoji", "members", "createdDate", "updatedAt"]

    /// The group's own columns; its expenses are rows of their own.
    func databaseValues() throws -> [(any DatabaseValueConvertible)?] {
        [
            id, name, description, emoji, ColumnCoding.ids(members), Milliseconds.from(createdDate),
            Milliseconds.from(updatedAt),
        ]
    }

    /// The group without its expenses.
    init(row: Row) throws {
        self.init(
            id: row[1], name: row[2], description: row[3], emoji: row[4],
            members: try ColumnCoding.ids(from: row[5]), expenses: [],
            createdDate: Milliseconds.date(row[6]), updatedAt: Milliseconds.date(row[7]))
    }

    func withUpdatedAt(_ date: Date) -> Group { with(updatedAt: date) }

    /// This group as its own row stores it: without expenses.
    var withoutExpenses: Group { expenses.isEmpty ? self : with(expenses: []) }
}
