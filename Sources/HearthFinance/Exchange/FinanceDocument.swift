import Foundation
import HearthCore

/// The JSON export of everything in a finance store.
///
/// ```json
/// {"format": "hearth-finance", "version": 1, "exportedAt": "2026-01-31T09:00:00.000Z",
///  "people": [...], "subscriptions": [...], "groups": [... each with its "expenses"], "transactions": [...]}
/// ```
/// Dates are ISO 8601 in UTC with milliseconds; money is an exact decimal number.
struct FinanceDocument: Decodable {
    static let format = "hearth-finance"
    static let version = 1

    let format: String
    let version: Int
    let people: [Person]?
    let subscriptions: [Subscription]?
    let groups: [Group]?
    let transactions: [Transaction]?

    static func encoder() -> JSONEncoder { FinanceCoding.encoder() }

    static func decoder() -> JSONDecoder { FinanceCoding.decoder() }

    /// Reads the document at `url`.
    /// - Throws: ``PersistenceError`` (validation failed) naming the file and, for malformed JSON, the field.
    static func read(from url: URL) throws -> FinanceDocument {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PersistenceError.validationFailed("Cannot read \(url.path): \(error.localizedDescription)")
        }
        let document: FinanceDocument
        do {
            document = try decoder().decode(FinanceDocument.self, from: data)
        } catch {
            throw PersistenceError.validationFailed(
                "\(url.lastPathComponent) is not a valid Hearth finance export: \(DecodingErrorSummary.describe(error))")
        }
        guard document.format == format else {
            throw PersistenceError.validationFailed(
                "\(url.lastPathComponent) is not a Hearth finance export (its format is \"\(document.format)\", expected \"\(format)\")")
        }
        guard document.version <= version else {
            throw PersistenceError.validationFailed(
                "\(url.lastPathComponent) was written by a newer Hearth (format version \(document.version)); update Hearth to import it")
        }
        return document
    }
}
