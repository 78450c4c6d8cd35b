import Foundation

/// The two SQL databases the record store runs on. Statements are written once with `?` placeholders;
/// only the schema and transaction openers differ.
package enum SQLDialect: Sendable {
    case sqlite
    case postgres
}
