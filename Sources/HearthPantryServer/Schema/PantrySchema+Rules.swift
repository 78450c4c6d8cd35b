import Foundation
import GraphQL
import Graphiti
import HearthPermissions

extension PantrySchema {
    /// A permission rule as the JSON CASL reads, through JSON: the map encoder would write `inverted` as the
    /// number 1, which a CASL client (HearthPermissions included) rightly refuses as a boolean.
    @Sendable
    static func serializeRule(_ value: Any, _: Coders) throws -> Map {
        guard let rule = value as? PermissionRule else {
            throw GraphQLError(message: "A PermissionRule was expected, not \(type(of: value)).")
        }
        return try JSONDecoder().decode(Map.self, from: JSONEncoder().encode(rule))
    }
}
