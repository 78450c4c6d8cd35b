import Foundation

/// An analytics event: a fixed name and properties whose values are only categories and Booleans.
///
/// A property value is an ``AnalyticsValue``, which can only be made from a Bool or from a case of an
/// ``AnalyticsCategory`` enum: there is no way to put free text (a vehicle's name, a note, an email) in an
/// event, so no personal data can leave the device through analytics.
///
/// ```swift
/// try await analytics.track(GarageEvent.importFinished(format: .drivvo, outcome: .partial))
/// ```
public protocol AnalyticsEvent: Sendable {
    /// The event's name as PostHog shows it, such as `import_finished`.
    var name: String { get }
    /// The event's properties by name.
    var properties: [String: AnalyticsValue] { get }
}

/// A closed set of values for an event property: an enum whose cases name the values.
public protocol AnalyticsCategory: RawRepresentable, CaseIterable, Sendable where RawValue == String {}

/// The value of an event property: a Boolean or a category. It has no initializer from a string.
public struct AnalyticsValue: Sendable, Hashable {
    enum Storage: Sendable, Hashable {
        case bool(Bool)
        case category(String)
    }

    let storage: Storage

    /// A yes/no property.
    public init(_ value: Bool) { storage = .bool(value) }

    /// A categorical property: one of the category's cases.
    public init<Category: AnalyticsCategory>(_ value: Category) { storage = .category(value.rawValue) }

    /// A yes/no property.
    public static func bool(_ value: Bool) -> AnalyticsValue { AnalyticsValue(value) }

    /// A categorical property.
    public static func category<Category: AnalyticsCategory>(_ value: Category) -> AnalyticsValue {
        AnalyticsValue(value)
    }

    /// The value as a Boolean, when it is one.
    public var boolValue: Bool? {
        if case .bool(let value) = storage { value } else { nil }
    }

    /// The case's name, when the value is a category.
    public var categoryName: String? {
        if case .category(let name) = storage { name } else { nil }
    }
}

extension AnalyticsValue: Encodable {
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch storage {
        case .bool(let value): try container.encode(value)
        case .category(let value): try container.encode(value)
        }
    }
}
