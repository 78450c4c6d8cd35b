public import Foundation
public import HearthGarage

/// The "keep a document" form as typed: what the paper is, its label and number, its days and notes. Empty
/// fields are left out; the days are the `yyyy-MM-dd` a date field sends.
public struct GarageDocumentForm: Sendable, Hashable {
    public var vehicleID: UUID
    public var kind: String
    public var label: String?
    public var number: String?
    public var issued: String?
    public var expires: String?
    public var notes: String?

    public init(
        vehicleID: UUID, kind: String, label: String? = nil, number: String? = nil, issued: String? = nil,
        expires: String? = nil, notes: String? = nil
    ) {
        self.vehicleID = vehicleID
        self.kind = kind
        self.label = label
        self.number = number
        self.issued = issued
        self.expires = expires
        self.notes = notes
    }

    /// The form as the garage reads a change to a document: every field given, an empty day or number or note
    /// clearing it, an empty label naming it after its kind.
    var edit: DocumentDraft {
        func cleared(_ text: String?) -> String {
            let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            return trimmed.isEmpty ? "none" : trimmed
        }
        return DocumentDraft(
            kind: kind, label: label?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "", number: number ?? "",
            issued: cleared(issued), expires: cleared(expires), notes: notes ?? "")
    }

    /// The form as the garage reads a new document.
    var draft: DocumentDraft {
        func given(_ text: String?) -> String? {
            guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
            return text
        }
        return DocumentDraft(
            kind: given(kind) ?? "", label: given(label), number: given(number), issued: given(issued),
            expires: given(expires), notes: given(notes))
    }
}
