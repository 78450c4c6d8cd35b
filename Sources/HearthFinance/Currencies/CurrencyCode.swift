public import Foundation

/// An active ISO 4217 currency code such as `EUR`, `USD` or `JPY`.
///
/// Codes are read without regard to case and surrounding spaces (`usd` is `USD`), and checked against the
/// table of active codes, so a stored code is always three capital letters the table knows.
///
/// ```swift
/// let dollars = try CurrencyCode("usd")   // USD, 2 minor units
/// ```
public struct CurrencyCode: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The three capital letters.
    public let code: String

    /// The code `text` names, ignoring case and surrounding spaces.
    /// - Throws: ``PersistenceError`` (validation failed) naming `text` when it is not an active ISO 4217 code.
    public init(_ text: String) throws {
        let normalised = text.trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        guard ISO4217.minorUnits[normalised] != nil else {
            throw PersistenceError.validationFailed(
                "\"\(text)\" is not an active ISO 4217 currency code; check it (codes are three letters, such as EUR, USD or GBP)"
            )
        }
        code = normalised
    }

    /// A code known to be in the table.
    init(known code: String) { self.code = code }

    /// The euro: the base of the European Central Bank's reference rates.
    public static let euro = CurrencyCode(known: "EUR")

    /// The digits after the decimal point amounts in this currency have (0 for JPY, 2 for EUR, 3 for KWD).
    public var minorUnits: Int { ISO4217.minorUnits[code] ?? 2 }

    public var description: String { code }

    public static func < (lhs: CurrencyCode, rhs: CurrencyCode) -> Bool { lhs.code < rhs.code }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(text)
        } catch let error as PersistenceError {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}
