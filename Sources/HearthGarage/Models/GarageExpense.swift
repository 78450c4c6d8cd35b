public import Foundation
import GRDB
public import HearthCore

/// Money spent on a vehicle that is neither a service nor fuel: insurance, registration, taxes, parking,
/// tolls. Expenses count in the vehicle's yearly cost.
///
/// One that recurs (yearly insurance: ``intervalMonths`` 12) falls due again on its date plus the interval,
/// unless a later expense of the same series (vehicle, kind and description) was recorded since; see
/// ``ExpenseDue``.
public struct GarageExpense: GarageRecord, Equatable, Hashable {
    public static let databaseTableName = "garageExpense"
    public static let entity = GarageEntity.expense

    /// What an expense is for.
    public enum Kind: String, Codable, Sendable, Hashable, CaseIterable {
        case insurance, registration, taxes, parking, tolls, other

        /// The kind named `text`, ignoring case and spaces ("Insurance", " tolls "); nil when none is.
        public init?(matching text: String) {
            let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
            guard let match = Kind.allCases.first(where: { $0.rawValue == wanted }) else { return nil }
            self = match
        }

        /// The kind `text` names: one of the kinds, or a few common words for them; ``other`` for the rest.
        public init(guessing text: String) {
            let words = text.lowercased()
            let table: [(Kind, [String])] = [
                (.insurance, ["insurance", "seguro", "страхов"]),
                (.registration, ["registration", "marbete", "licenciamento", "matrícula", "регистрац"]),
                (.taxes, ["tax", "ipva", "impuesto", "imposto", "налог"]),
                (.parking, ["parking", "estacionamento", "estacionamiento", "парковк"]),
                (.tolls, ["toll", "pedágio", "pedagio", "peaje", "платн"]),
            ]
            self = table.first { _, needles in needles.contains { words.contains($0) } }?.0 ?? .other
        }

        /// "Insurance", "Registration", "Taxes", "Parking", "Tolls", "Other".
        public var label: String { rawValue.capitalized }

        /// The kinds, listed for a message: "insurance, registration, taxes, parking, tolls, other".
        public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let kind = Kind(matching: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\"\(text)\" is not an expense kind; use one of \(Kind.names).")
            }
            self = kind
        }
    }

    public let id: UUID
    public var vehicleID: UUID
    public var date: CalendarDay
    /// The odometer reading, in miles, when known.
    public var odometer: Int?
    public var amount: Decimal
    /// What the expense was, as the user or the exporting app named it ("Insurance", "Parking", "Seguro").
    public var category: String
    public var notes: String?
    /// What kind of expense it is.
    public var kind: Kind
    /// How many months after ``date`` it is due again (12 for yearly insurance); nil for a one-off.
    public var intervalMonths: Int?
    public var createdAt: Date
    public var modifiedAt: Date

    public init(
        id: UUID = UUID(), vehicleID: UUID, date: CalendarDay, odometer: Int? = nil, amount: Decimal, category: String,
        notes: String? = nil, kind: Kind = .other, intervalMonths: Int? = nil, createdAt: Date = Date(),
        modifiedAt: Date? = nil
    ) {
        self.id = id
        self.vehicleID = vehicleID
        self.date = date
        self.odometer = odometer
        self.amount = amount
        self.category = category
        self.notes = notes
        self.kind = kind
        self.intervalMonths = intervalMonths
        self.createdAt = createdAt
        self.modifiedAt = modifiedAt ?? createdAt
    }

    /// Whether it comes back after an interval.
    public var isRecurring: Bool { (intervalMonths ?? 0) > 0 }

    /// When it is due again: its date plus ``intervalMonths``; nil for a one-off.
    public var nextDate: CalendarDay? {
        guard let months = intervalMonths, months > 0 else { return nil }
        return date.adding(months: months)
    }

    /// The expenses of one series (the same vehicle, kind and description, ignoring case) are payments of one
    /// recurring bill; the latest says when the next is due.
    public var seriesKey: String {
        "\(vehicleID.uuidString)|\(kind.rawValue)|\(ServicePresetCatalog.normalizedKey(category))"
    }

    /// Every rule this expense breaks, in words a person can act on; empty when it is valid.
    public var validationProblems: [String] {
        var problems: [String] = []
        if amount < 0 {
            problems.append("An expense cannot be negative (got \(amount)); give what was paid, such as 120.50")
        }
        if amount > 10_000_000 { problems.append("An expense of \(amount) is larger than Hearth accepts (10,000,000)") }
        if category.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            problems.append("An expense needs a description (for example --description \"Geico policy\")")
        }
        if let intervalMonths, !(1...120).contains(intervalMonths) {
            problems.append(
                "A recurring expense's interval of \(intervalMonths) months is out of range; use 1–120 months (--every 6m, --every 1y)"
            )
        }
        if let odometer, odometer < 0 || odometer > 9_999_999 {
            problems.append("Odometer \(odometer) is not a reading; use 0–9,999,999 miles")
        }
        return problems
    }
}
