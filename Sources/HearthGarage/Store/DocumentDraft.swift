import Foundation
public import HearthCore

/// A vehicle document as typed: for a new one, what it is made from; for an edit, the fields to change (nil
/// leaves a field as it is).
public struct DocumentDraft: Sendable, Hashable {
    /// The kind by name: insurance, registration, inspection, title or other.
    public var kind: String?
    /// What the user calls it ("Geico card"); a new document without one is named after its kind.
    public var label: String?
    /// The policy, plate or certificate number ("" clears it).
    public var number: String?
    /// The day it was issued, as typed: yyyy-MM-dd, or "none" to clear it.
    public var issued: String?
    /// The last day it is valid, as typed: yyyy-MM-dd, or "none" to clear it.
    public var expires: String?
    /// The notes ("" clears them).
    public var notes: String?

    public init(
        kind: String? = nil, label: String? = nil, number: String? = nil, issued: String? = nil,
        expires: String? = nil, notes: String? = nil
    ) {
        self.kind = kind
        self.label = label
        self.number = number
        self.issued = issued
        self.expires = expires
        self.notes = notes
    }

    /// The kind `text` names.
    /// - Throws: ``ServiceError`` (validation failed) naming the kinds there are.
    static func parseKind(_ text: String) throws -> VehicleDocument.Kind {
        guard let kind = VehicleDocument.Kind(matching: text) else {
            throw ServiceError.validationFailed(
                "\"\(text)\" is not a document kind; use one of \(VehicleDocument.Kind.names)")
        }
        return kind
    }

    /// A day as typed for `option`: yyyy-MM-dd, or nil for "none".
    /// - Throws: ``ServiceError`` (validation failed) showing the form it takes.
    static func parseDay(_ text: String, _ option: String) throws -> CalendarDay? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "none" { return nil }
        guard trimmed.count <= 10, let day = CalendarDay(iso: trimmed) else {
            throw ServiceError.validationFailed(
                "\(option) \"\(text.prefix(40))\" is not a date; write it as yyyy-MM-dd, such as 2026-03-31 (or none to clear it)"
            )
        }
        return day
    }
}
