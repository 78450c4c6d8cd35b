public import Foundation
import GRDB
public import HearthCloudModel
public import HearthCore

/// A paper a vehicle needs kept: an insurance card, the registration, an inspection certificate, the title.
///
/// The record holds what the paper says (its kind, a label, its number, when it was issued and when it
/// expires) and the name of its copy in the garage's `documents` folder (see ``GarageStore/addDocument(_:copying:to:)``).
/// The record syncs like the other garage records, and the copy as an asset (``fileColumns``): the device
/// that added it uploads it, the others download it.
/// A document with an expiry day is reminded 60, 30, 7 and 1 days before it, like the marbete.
public struct VehicleDocument: GarageRecord, Equatable, Hashable {
    public static let databaseTableName = "garageVehicleDocument"
    public static let entity = GarageEntity.document

    /// What a document is.
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        case insurance, registration, inspection, title, other

        /// The kind named `text`, ignoring case and spaces; nil when none is.
        public init?(matching text: String) {
            let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
            guard let match = Kind.allCases.first(where: { $0.rawValue == wanted }) else { return nil }
            self = match
        }

        /// "Insurance", "Registration", "Inspection", "Title", "Other".
        public var label: String { rawValue.capitalized }

        /// The kinds, listed for a message: "insurance, registration, inspection, title, other".
        public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let kind = Kind(matching: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\"\(text)\" is not a document kind; use one of \(Kind.names).")
            }
            self = kind
        }
    }

    /// Where a document stands against its expiry day.
    public enum Status: String, Codable, Sendable, Hashable {
        /// The expiry day has passed.
        case expired
        /// It expires within ``VehicleDocument/expiresSoonDays`` days.
        case expiresSoon = "expires-soon"
        /// It expires later than that.
        case good
        /// It has no expiry day.
        case noExpiry = "no-expiry"

        /// The label a table shows: "EXPIRED", "EXPIRES SOON", "GOOD", "—".
        public var label: String {
            switch self {
            case .expired: "EXPIRED"
            case .expiresSoon: "EXPIRES SOON"
            case .good: "GOOD"
            case .noExpiry: "—"
            }
        }
    }

    /// The columns of a document's copy.
    public static let fileColumns = GarageFileColumns(name: "fileName", asset: "fileAsset")

    /// How many days before its expiry a document counts as expiring soon.
    public static let expiresSoonDays = 30

    public let id: UUID
    public var vehicleID: UUID
    public var kind: Kind
    /// What the user calls it ("Geico card", "PR registration").
    public var label: String
    /// The policy, plate or certificate number, when given.
    public var number: String?
    /// The day it was issued, when known.
    public var issuedOn: CalendarDay?
    /// The last day it is valid, when it expires.
    public var expiresOn: CalendarDay?
    public var notes: String?
    /// The copy's name in the garage's `documents` folder: the document's id and the original's extension.
    public var fileName: String
    /// The name of the file the copy was made from.
    public var originalName: String
    /// The copy's size in bytes.
    public var byteCount: Int
    /// The copy as uploaded to the server; nil until the device that added it syncs.
    public var fileAsset: CloudAsset?
    public var createdAt: Date
    public var modifiedAt: Date

    public init(
        id: UUID = UUID(), vehicleID: UUID, kind: Kind, label: String, number: String? = nil,
        issuedOn: CalendarDay? = nil, expiresOn: CalendarDay? = nil, notes: String? = nil, fileName: String,
        originalName: String, byteCount: Int, fileAsset: CloudAsset? = nil, createdAt: Date = Date(),
        modifiedAt: Date? = nil
    ) {
        self.id = id
        self.vehicleID = vehicleID
        self.kind = kind
        self.label = label
        self.number = number
        self.issuedOn = issuedOn
        self.expiresOn = expiresOn
        self.notes = notes
        self.fileName = fileName
        self.originalName = originalName
        self.byteCount = byteCount
        self.fileAsset = fileAsset
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt ?? createdAt
    }

    /// Expired once its expiry day has passed, expiring soon within 30 days of it, good before that.
    public func status(today: CalendarDay) -> Status {
        guard let expiresOn else { return .noExpiry }
        if today > expiresOn { return .expired }
        return today.days(until: expiresOn) <= Self.expiresSoonDays ? .expiresSoon : .good
    }

    /// Whether `name` names a file directly inside the documents folder: at most 100 characters of letters,
    /// digits, `-`, `_` and `.`, not starting with a dot (so never `..`, a hidden file or a path elsewhere).
    public static func isPlainFileName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 100 && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0))
            }
    }

    /// Every rule this document breaks, in words a person can act on; empty when it is valid.
    public var validationProblems: [String] {
        var problems: [String] = []
        if label.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            problems.append("A document needs a label (for example --label \"Geico card\")")
        }
        if label.count > 200 { problems.append("A document's label is limited to 200 characters (got \(label.count))") }
        if let number, number.count > 100 {
            problems.append("A document number is limited to 100 characters (got \(number.count))")
        }
        if let notes, notes.count > 10_000 {
            problems.append("A document's notes are limited to 10,000 characters (got \(notes.count))")
        }
        if !Self.isPlainFileName(fileName) {
            problems.append(
                "A document's copy must be a plain file name in the documents folder (got \"\(fileName.prefix(80))\")")
        }
        if byteCount < 0 { problems.append("A document's size cannot be negative (got \(byteCount))") }
        if let issuedOn, let expiresOn, expiresOn < issuedOn {
            problems.append(
                "The expiry day \(expiresOn.iso) is before the issue day \(issuedOn.iso); check --expires and --issued")
        }
        return problems
    }
}
