public import Foundation

/// How a group expense is divided between the people it is split between.
///
/// Every mode turns into exact cent amounts that add up to the expense (see ``GroupExpense/shares()``):
/// evenly and by weights use the largest-remainder method, so no cent is lost or invented.
public enum ExpenseSplit: Sendable, Equatable, Hashable {
    /// Everyone pays the same; the first people in the list take the leftover cents.
    case evenly
    /// Each person pays the given amount; the amounts add up to the expense.
    case exactAmounts([Person.ID: Decimal])
    /// Each person pays the given percentage; the percentages add up to 100.
    case percentages([Person.ID: Decimal])
    /// Each person pays in proportion to a whole number of shares (for example nights stayed).
    case shares([Person.ID: Int])

    /// The mode's name: `evenly`, `exactAmounts`, `percentages` or `shares`.
    public var mode: String {
        switch self {
        case .evenly: "evenly"
        case .exactAmounts: "exactAmounts"
        case .percentages: "percentages"
        case .shares: "shares"
        }
    }

    /// The people this split names values for (empty for ``evenly``).
    var namedPeople: Set<Person.ID> {
        switch self {
        case .evenly: []
        case .exactAmounts(let values): Set(values.keys)
        case .percentages(let values): Set(values.keys)
        case .shares(let values): Set(values.keys)
        }
    }
}

extension ExpenseSplit: Codable {
    private enum CodingKeys: String, CodingKey { case mode, values }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let mode = try container.decode(String.self, forKey: .mode)
        switch mode {
        case "evenly": self = .evenly
        case "exactAmounts": self = .exactAmounts(try Self.decodeValues(Decimal.self, container))
        case "percentages": self = .percentages(try Self.decodeValues(Decimal.self, container))
        case "shares": self = .shares(try Self.decodeValues(Int.self, container))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .mode, in: container,
                debugDescription: "\"\(mode)\" is not a split mode; use evenly, exactAmounts, percentages or shares")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mode, forKey: .mode)
        switch self {
        case .evenly: break
        case .exactAmounts(let values): try container.encode(Self.keyed(values), forKey: .values)
        case .percentages(let values): try container.encode(Self.keyed(values), forKey: .values)
        case .shares(let values): try container.encode(Self.keyed(values), forKey: .values)
        }
    }

    private static func keyed<V>(_ values: [Person.ID: V]) -> [String: V] {
        Dictionary(uniqueKeysWithValues: values.map { ($0.key.uuidString, $0.value) })
    }

    private static func decodeValues<V: Decodable>(_ type: V.Type, _ container: KeyedDecodingContainer<CodingKeys>)
        throws -> [Person.ID: V]
    {
        let raw = try container.decode([String: V].self, forKey: .values)
        var values: [Person.ID: V] = [:]
        for (key, value) in raw {
            guard let id = UUID(uuidString: key) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .values, in: container, debugDescription: "\"\(key)\" is not a person id")
            }
            values[id] = value
        }
        return values
    }
}
