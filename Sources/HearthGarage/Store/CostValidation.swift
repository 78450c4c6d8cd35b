public import Foundation
import HearthCore

/// The rule costs typed by a person must follow: digits with at most one '.', and at most two decimals.
public enum CostValidation {
    /// The message shown for a cost that breaks the rule.
    public static let invalidAmountMessage = "INVALID AMOUNT"

    /// The cost `text` states, nil for empty input.
    /// - Throws: ``ServiceError`` (validation failed) "INVALID AMOUNT: …" for anything but digits with one
    ///   optional '.', and at most two decimals ("12", "12.5", "12.50", ".99").
    public static func parse(_ text: String?) throws -> Decimal? {
        guard let text else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return nil }
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        let isDigits: (Substring) -> Bool = { $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard parts.count <= 2,
            parts.allSatisfy(isDigits),
            parts.contains(where: { !$0.isEmpty }),
            parts.count == 1 || parts[1].count <= 2,
            let value = Decimal(string: trimmed, locale: Locale(identifier: "en_US_POSIX"))
        else {
            throw ServiceError.validationFailed(
                "\(invalidAmountMessage): \"\(text)\" is not a cost; write digits with at most one '.' and two decimals, such as 49.99"
            )
        }
        return value
    }
}
