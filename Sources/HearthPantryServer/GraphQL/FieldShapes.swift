import GraphQL
import OrderedCollections

/// The schema's fields as ``LimitMeasure`` needs them, worked out once: each field's type by name, and whether
/// it is a list.
///
/// Measuring then costs a dictionary lookup per field, and never calls into the schema's type thunks.
struct FieldShapes: Sendable {
    /// One field: the named type it returns (nil for a type the schema does not have), and whether it is a list.
    struct Shape: Sendable, Equatable {
        let typeName: String?
        let isList: Bool
    }

    private let fields: [String: [String: Shape]]
    private let queryTypeName: String?
    private let mutationTypeName: String?
    private let subscriptionTypeName: String?

    init(schema: GraphQLSchema) {
        var fields: [String: [String: Shape]] = [:]
        for type in schema.typeMap.values {
            let map: GraphQLFieldMap?
            switch type {
            case let object as GraphQLObjectType: map = try? object.fields()
            case let interface as GraphQLInterfaceType: map = try? interface.fields()
            default: map = nil
            }
            guard let map else { continue }
            var shapes: [String: Shape] = [:]
            for (name, field) in map {
                shapes[name] = Shape(typeName: getNamedType(type: field.type)?.name, isList: Self.isList(field.type))
            }
            fields[type.name] = shapes
        }
        self.fields = fields
        self.queryTypeName = schema.queryType?.name
        self.mutationTypeName = schema.mutationType?.name
        self.subscriptionTypeName = schema.subscriptionType?.name
    }

    /// The name of the root type operations of `kind` select from.
    func root(_ kind: OperationType) -> String? {
        switch kind {
        case .query: queryTypeName
        case .mutation: mutationTypeName
        case .subscription: subscriptionTypeName
        }
    }

    /// Whether `name` is the query type's.
    func isQueryType(_ name: String?) -> Bool { name != nil && name == queryTypeName }

    /// The field `name` of the type named `parent`; nil when there is no such field.
    func shape(_ name: String, on parent: String?) -> Shape? {
        switch name {
        case "__typename": return Shape(typeName: "String", isList: false)
        case "__schema" where isQueryType(parent): return Shape(typeName: "__Schema", isList: false)
        case "__type" where isQueryType(parent): return Shape(typeName: "__Type", isList: false)
        default: return parent.flatMap { fields[$0]?[name] }
        }
    }

    private static func isList(_ type: any GraphQLType) -> Bool {
        if let nonNull = type as? GraphQLNonNull { return isList(nonNull.ofType) }
        return type is GraphQLList
    }
}
