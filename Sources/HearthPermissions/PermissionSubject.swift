/// What a permission check is about: a subject type ("can they read *some* household?") or one instance
/// of it with its attributes ("can they read *this* household?").
///
/// A string literal is a type: `ability.can("create", "Household")`.
public enum PermissionSubject: Sendable, Hashable, ExpressibleByStringLiteral {
    /// A subject type such as `"Household"`, or `"all"`.
    case type(String)
    /// One instance of a subject type, with the attributes rule conditions are matched against.
    case instance(String, PermissionValue)

    public init(stringLiteral value: String) {
        self = .type(value)
    }

    /// An instance whose attributes are `model` encoded to JSON (see ``PermissionValue/init(encoding:encoder:)``).
    public static func instance(_ type: String, encoding model: some Encodable) throws -> PermissionSubject {
        .instance(type, try PermissionValue(encoding: model))
    }

    /// The subject type, for an instance as for a type.
    public var typeName: String {
        switch self {
        case .type(let name), .instance(let name, _): name
        }
    }
}
