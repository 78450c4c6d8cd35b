public import HearthCore

/// A product's barcode number (GS1 GTIN): GTIN-8 (EAN-8), UPC-A (12 digits), EAN-13 or GTIN-14, its last digit
/// the GS1 check digit of the others.
///
/// ``init(_:)`` reads what a person types or a scanner sends: spaces and dashes between the digits are dropped,
/// and anything else wrong is named — a character that is not a digit, a length that is no GTIN's, a check digit
/// that does not match. ``code`` keeps the digits as given (a UPC-A stays 12 digits), as product databases such
/// as Open Food Facts know them.
public struct GTIN: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The lengths a GTIN can have: GTIN-8, UPC-A (GTIN-12), EAN-13 and GTIN-14.
    public static let lengths = [8, 12, 13, 14]

    /// Longest text ``init(_:)`` reads; longer input is refused before it is looked at.
    public static let maximumInputLength = 64

    /// The digits, check digit last, without spaces or dashes.
    public let code: String

    /// The GTIN written in `text`.
    /// - Throws: ``ServiceError`` (validation failed) naming what is wrong: empty, too long to be a barcode, a
    ///   character that is not a digit, a length that is not 8, 12, 13 or 14 digits, or a wrong check digit (with
    ///   the digit it should be).
    public init(_ text: String) throws {
        guard text.count <= Self.maximumInputLength else {
            throw ServiceError.validationFailed(
                "A barcode has 8, 12, 13 or 14 digits; this one is \(text.count) characters long.")
        }
        let compact = text.filter { !$0.isWhitespace && $0 != "-" }
        guard !compact.isEmpty else {
            throw ServiceError.validationFailed("A barcode cannot be empty; give its 8, 12, 13 or 14 digits.")
        }
        if let bad = compact.first(where: { !(48...57).contains($0.asciiValue ?? 0) }) {
            throw ServiceError.validationFailed(
                "\(text) is not a barcode: \"\(bad)\" is not a digit (only digits, spaces and dashes are allowed).")
        }
        guard Self.lengths.contains(compact.count) else {
            throw ServiceError.validationFailed(
                "\(compact) has \(compact.count) digits; a barcode has 8 (EAN-8), 12 (UPC-A), 13 (EAN-13) or 14 (GTIN-14)."
            )
        }
        let digits = compact.compactMap(\.wholeNumberValue)
        let expected = Self.checkDigit(of: digits.dropLast())
        guard digits.last == expected else {
            throw ServiceError.validationFailed(
                "\(compact) has check digit \(digits.last ?? 0) but should be \(expected); check the digits for a typo."
            )
        }
        code = compact
    }

    /// The GS1 check digit for `digits` (the barcode without its last digit): from the right, digits are weighed
    /// 3, 1, 3, …, and the check digit brings their sum up to a multiple of 10.
    public static func checkDigit(of digits: some Collection<Int>) -> Int {
        let sum = digits.reversed().enumerated().reduce(0) { sum, pair in
            sum + pair.element * (pair.offset.isMultiple(of: 2) ? 3 : 1)
        }
        return (10 - sum % 10) % 10
    }

    /// The GTIN written in `text`, or nil for nil or blank text.
    /// - Throws: as ``init(_:)``, for text that is not blank.
    public static func optional(_ text: String?) throws -> GTIN? {
        guard let text, !text.allSatisfy({ $0.isWhitespace || $0 == "-" }) else { return nil }
        return try GTIN(text)
    }

    /// ``code`` padded with zeros to 14 digits: the same for a product's UPC-A and its EAN-13 (036000291452 and
    /// 0036000291452), so barcodes are compared in this form.
    public var gtin14: String { String(repeating: "0", count: 14 - code.count) + code }

    public var description: String { code }

    public init(from decoder: any Decoder) throws {
        try self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}
