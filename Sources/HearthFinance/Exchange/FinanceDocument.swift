import Foundation
import HearthCore
import HearthExchange

/// The JSON export of everything in a finance store.
///
/// ```json
/// {"format": "hearth-finance", "version": 1, "exportedAt": "2026-01-31T09:00:00.000Z",
///  "people": [...], "subscriptions": [...], "groups": [... each with its "expenses"],
///  "budgets": [...], "budgetReminders": [...], "transactions": [...]}
/// ```
/// `budgets` and `budgetReminders` are written only when the store has some. Reminders come along with
/// when they were delivered, so a store filled from an export does not remind again of what was already said.
/// Dates are ISO 8601 in UTC with milliseconds; money is an exact decimal number. Exports write one
/// value per line; imports read any JSON layout.
enum FinanceDocument {
    static let format = "hearth-finance"
    static let version = 1

    static func encoder() -> JSONEncoder { FinanceCoding.encoder() }

    static func decoder() -> JSONDecoder { FinanceCoding.decoder() }

    /// Streams the document in `reader` into `context`, one value at a time, so memory stays flat however
    /// many transactions the file holds.
    ///
    /// Values are saved in document order, except that subscriptions and groups that come before the
    /// people they name wait until the people are saved.
    /// - Throws: ``PersistenceError`` naming `file` and the value at fault (`"transactions[12].amount"`,
    ///   `people[1]: Person name cannot be empty`); the caller's transaction then stores nothing.
    /// - Returns: How many values were read; `progress` hears the count every 10,000.
    static func `import`(
        _ reader: JSONStreamReader, file: String, into context: FinanceWriteContext,
        progress: ExchangeProgressHandler? = nil
    ) throws -> Int {
        var importer = Importer(file: file, context: context) { count in
            progress?(ExchangeProgress(items: count, bytes: reader.bytesRead, totalBytes: reader.totalBytes))
        }
        do {
            try reader.read { try importer.handle($0) }
        } catch let error as JSONStreamReader.SyntaxError {
            throw importer.invalid(error.description)
        }
        try importer.finish()
        return importer.count
    }

    private static let sections: Set<String> = [
        "people", "subscriptions", "groups", "budgets", "budgetReminders", "transactions",
    ]

    private struct Importer {
        let file: String
        let context: FinanceWriteContext
        let decoder = FinanceDocument.decoder()
        let progress: (Int) -> Void
        /// Values read from the sections so far.
        var count = 0
        var format: String?
        var version: Int?
        var peopleSaved = false
        /// Subscriptions and groups read before the people section ended.
        var waiting: [(section: String, index: Int, value: Waiting)] = []

        enum Waiting {
            case subscription(Subscription)
            case group(Group)
        }

        init(file: String, context: FinanceWriteContext, progress: @escaping (Int) -> Void) {
            self.file = file
            self.context = context
            self.progress = progress
        }

        func invalid(_ detail: String) -> PersistenceError {
            .validationFailed("\(file) is not a valid Hearth finance export: \(detail)")
        }

        mutating func handle(_ event: JSONStreamReader.Event) throws {
            switch event {
            case .member("format", let bytes):
                let format = try decode(String.self, bytes, at: [PathKey("format")])
                guard format == FinanceDocument.format else {
                    throw PersistenceError.validationFailed(
                        "\(file) is not a Hearth finance export (its format is \"\(format)\", expected \"\(FinanceDocument.format)\")"
                    )
                }
                self.format = format
            case .member("version", let bytes):
                let version = try decode(Int.self, bytes, at: [PathKey("version")])
                guard version <= FinanceDocument.version else {
                    throw PersistenceError.validationFailed(
                        "\(file) was written by a newer Hearth (format version \(version)); update Hearth to import it")
                }
                self.version = version
            case .member(let name, let bytes) where FinanceDocument.sections.contains(name):
                guard bytes == Array("null".utf8) else { throw invalid("\"\(name)\": expected an array") }
            case .arrayStart(let name) where name == "format" || name == "version":
                throw invalid("\"\(name)\": expected \(name == "format" ? "a string" : "a number") but found an array")
            case .element(let name, let index, let bytes):
                guard FinanceDocument.sections.contains(name) else { break }
                try element(name, index, bytes)
                count += 1
                if count % 10_000 == 0 { progress(count) }
            case .arrayEnd("people", _):
                peopleSaved = true
                try saveWaiting()
            case .member, .arrayStart, .arrayEnd:
                break  // other members (exportedAt, or anything newer) are not imported
            }
        }

        mutating func finish() throws {
            guard format != nil else { throw invalid("\"format\": this required field is missing.") }
            guard version != nil else { throw invalid("\"version\": this required field is missing.") }
            try saveWaiting()
        }

        private mutating func element(_ section: String, _ index: Int, _ bytes: [UInt8]) throws {
            let path: [any CodingKey] = [PathKey(section), PathKey(index)]
            switch section {
            case "people":
                let person = try decode(Person.self, bytes, at: path)
                try save(section, index) { _ = try context.save(person) }
            case "subscriptions":
                let subscription = try decode(Subscription.self, bytes, at: path)
                if peopleSaved {
                    try save(section, index) { _ = try context.save(subscription) }
                } else {
                    waiting.append((section, index, .subscription(subscription)))
                }
            case "groups":
                let group = try decode(Group.self, bytes, at: path)
                if peopleSaved {
                    try save(section, index) { _ = try context.save(group) }
                } else {
                    waiting.append((section, index, .group(group)))
                }
            case "budgets":
                let budget = try decode(Budget.self, bytes, at: path)
                try save(section, index) { _ = try context.save(budget) }
            case "budgetReminders":
                let reminder = try decode(BudgetReminder.self, bytes, at: path)
                try save(section, index) { try context.importBudgetReminder(reminder) }
            case "transactions":
                let transaction = try TransactionJSON.decode(bytes) ?? decode(Transaction.self, bytes, at: path)
                try save(section, index) { try context.importTransaction(transaction) }
            default:
                break
            }
        }

        private mutating func saveWaiting() throws {
            for (section, index, value) in waiting {
                try save(section, index) {
                    switch value {
                    case .subscription(let subscription): _ = try context.save(subscription)
                    case .group(let group): _ = try context.save(group)
                    }
                }
            }
            waiting.removeAll()
        }

        private func save(_ section: String, _ index: Int, _ body: () throws -> Void) throws {
            do {
                try body()
            } catch let error as PersistenceError {
                throw PersistenceError(error.code, "\(section)[\(index)]: \(error.message)", entityID: error.entityID)
            }
        }

        private func decode<T: Decodable>(_ type: T.Type, _ bytes: [UInt8], at path: [any CodingKey]) throws -> T {
            do {
                return try decoder.decode(T.self, from: Data(bytes))
            } catch let error as DecodingError {
                throw invalid(DecodingErrorSummary.describe(error.prefixed(by: path)))
            } catch {
                throw invalid("\(DecodingErrorSummary.path(path)): \(error)")
            }
        }
    }

    /// A coding key for a member name or an array position.
    private struct PathKey: CodingKey {
        let stringValue: String
        let intValue: Int?
        init(_ name: String) {
            stringValue = name
            intValue = nil
        }
        init(_ index: Int) {
            stringValue = "Index \(index)"
            intValue = index
        }
        init?(stringValue: String) { self.init(stringValue) }
        init?(intValue: Int) { self.init(intValue) }
    }
}

extension DecodingError {
    /// The same error, as if the decoded value had sat at `path` inside a larger document.
    func prefixed(by path: [any CodingKey]) -> DecodingError {
        func moved(_ context: Context) -> Context {
            Context(
                codingPath: path + context.codingPath, debugDescription: context.debugDescription,
                underlyingError: context.underlyingError)
        }
        switch self {
        case .typeMismatch(let type, let context): return .typeMismatch(type, moved(context))
        case .valueNotFound(let type, let context): return .valueNotFound(type, moved(context))
        case .keyNotFound(let key, let context): return .keyNotFound(key, moved(context))
        case .dataCorrupted(let context): return .dataCorrupted(moved(context))
        @unknown default: return self
        }
    }
}
