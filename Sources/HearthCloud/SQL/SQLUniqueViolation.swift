import Foundation

/// A statement failed because a unique key already holds the value.
package struct SQLUniqueViolation: Error {}
