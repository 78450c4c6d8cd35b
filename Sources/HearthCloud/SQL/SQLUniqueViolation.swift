import Foundation

/// A statement failed because a unique key already holds the value.
struct SQLUniqueViolation: Error {}
