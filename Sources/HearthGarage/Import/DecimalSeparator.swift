import Foundation
import HearthExchange

/// Which separator a file writes before decimals.
enum DecimalSeparator: String, Sendable, Codable {
    /// `1,234.56`.
    case dot
    /// `1.234,56`.
    case comma
}
