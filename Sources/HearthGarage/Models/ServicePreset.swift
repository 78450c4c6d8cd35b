public import Foundation
import GRDB

/// A kind of maintenance with its usual intervals, offered when adding a service ("Oil Change, every 6 months
/// or 5,000 miles"). Hearth ships the common ones (``ServicePresetCatalog/bundled``); users add their own.
public struct ServicePreset: GarageRecord, Equatable, Hashable {
    public static let databaseTableName = "garageServicePreset"
    public static let entity = GarageEntity.servicePreset

    /// What part of the vehicle a preset concerns.
    public enum Category: String, Codable, Sendable, Hashable, CaseIterable {
        case engine = "Engine", tires = "Tires", brakes = "Brakes", transmission = "Transmission"
        case fluids = "Fluids", electrical = "Electrical", body = "Body", other = "Other"

        /// The category named `text`, ignoring case ("engine", "ENGINE", "Engine"); nil when none is.
        public init?(matching text: String) {
            let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
            guard let match = Category.allCases.first(where: { $0.rawValue.lowercased() == wanted }) else { return nil }
            self = match
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let category = Category(matching: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription:
                        "\"\(text)\" is not a preset category; use one of \(Category.allCases.map(\.rawValue).joined(separator: ", "))."
                )
            }
            self = category
        }
    }

    public let id: UUID
    public var name: String
    public var category: Category
    public var defaultIntervalMonths: Int?
    public var defaultIntervalMiles: Int?
    /// Made by the user rather than shipped with Hearth.
    public var isCustom: Bool
    public var modifiedAt: Date

    public init(
        id: UUID = UUID(), name: String, category: Category, defaultIntervalMonths: Int? = nil,
        defaultIntervalMiles: Int? = nil, isCustom: Bool = true, modifiedAt: Date = Date()
    ) {
        self.id = id
        self.name = name
        self.category = category
        self.defaultIntervalMonths = defaultIntervalMonths
        self.defaultIntervalMiles = defaultIntervalMiles
        self.isCustom = isCustom
        self.modifiedAt = modifiedAt
    }

    /// "every 6 months or 5,000 miles", "every 12 months", or "no set interval".
    public var intervalDescription: String {
        var parts: [String] = []
        if let months = defaultIntervalMonths, months > 0 { parts.append("\(months) month\(months == 1 ? "" : "s")") }
        if let miles = defaultIntervalMiles, miles > 0 {
            parts.append("\(miles.formatted(.number.locale(Locale(identifier: "en_US")))) miles")
        }
        return parts.isEmpty ? "no set interval" : "every " + parts.joined(separator: " or ")
    }
}
