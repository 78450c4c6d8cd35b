import Foundation

/// A finance enum whose raw value is the name the apps show (such as `"Fitness & Health"`), and which
/// reads back from either that name or its case name, ignoring case, spaces and punctuation.
public protocol FinanceEnum: CaseIterable, RawRepresentable, Codable, Sendable, Hashable where RawValue == String {}

extension FinanceEnum {
    /// The name shown to people.
    public var displayName: String { rawValue }

    /// The case matching `text` by display name or case name, leniently (`"fitness-health"`,
    /// `"Fitness & Health"` and `"fitnessHealth"` all match), or nil.
    public static func parse(_ text: String) -> Self? {
        let key = normalizedKey(text)
        guard !key.isEmpty else { return nil }
        return allCases.first { normalizedKey($0.rawValue) == key || normalizedKey(String(describing: $0)) == key }
    }

    /// Every display name, for messages that list the accepted values.
    public static var displayNames: String { allCases.map(\.rawValue).joined(separator: ", ") }

    static func normalizedKey(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }
}
