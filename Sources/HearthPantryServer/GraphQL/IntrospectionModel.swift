import GraphQL
import OrderedCollections

/// The schema as introspection shows it, worked out once, so ``IntrospectionCount`` can count exactly what an
/// introspection query answers without calling into GraphQL's types.
///
/// Every element introspection can reach has a place here: the named types (with their fields, interfaces,
/// possible types, enum values and input fields), every field, every input value (arguments and input fields)
/// and every directive. Types are referred to by ``TypeRef``, which spells out the list and non-null wrappers
/// the way `ofType` walks them.
struct IntrospectionModel: Sendable {
    /// A type as a field or input value refers to it: named, or a wrapper of another.
    indirect enum TypeRef: Hashable, Sendable {
        case named(Int)
        case list(TypeRef)
        case nonNull(TypeRef)
    }

    struct NamedType: Sendable {
        /// Indices into ``fields``.
        var fields: [Int] = []
        var interfaces: [Int] = []
        var possibleTypes: [Int] = []
        var enumValues = 0
        /// Indices into ``inputValues``.
        var inputFields: [Int] = []
    }

    struct FieldElement: Sendable {
        /// Indices into ``inputValues``.
        let args: [Int]
        let type: TypeRef
    }

    struct DirectiveElement: Sendable {
        /// Indices into ``inputValues``.
        let args: [Int]
    }

    private(set) var types: [NamedType] = []
    private(set) var fields: [FieldElement] = []
    private(set) var inputValues: [TypeRef] = []
    private(set) var directives: [DirectiveElement] = []
    private(set) var typeIndex: [String: Int] = [:]
    /// The root types by the field of `__Schema` that names them (`queryType`, `mutationType`, `subscriptionType`).
    private(set) var roots: [String: Int] = [:]

    init(schema: GraphQLSchema) {
        let named = Array(schema.typeMap.values)
        for (index, type) in named.enumerated() { typeIndex[type.name] = index }
        types = Array(repeating: NamedType(), count: named.count)
        for (index, type) in named.enumerated() {
            var element = NamedType()
            switch type {
            case let object as GraphQLObjectType:
                element.fields = add((try? object.fields()) ?? [:])
                element.interfaces = ((try? object.interfaces()) ?? []).compactMap { typeIndex[$0.name] }
            case let interface as GraphQLInterfaceType:
                element.fields = add((try? interface.fields()) ?? [:])
                element.interfaces = ((try? interface.interfaces()) ?? []).compactMap { typeIndex[$0.name] }
                element.possibleTypes = schema.getPossibleTypes(abstractType: interface).compactMap {
                    typeIndex[$0.name]
                }
            case let union as GraphQLUnionType:
                element.possibleTypes = schema.getPossibleTypes(abstractType: union).compactMap { typeIndex[$0.name] }
            case let enumeration as GraphQLEnumType:
                element.enumValues = enumeration.values.count
            case let input as GraphQLInputObjectType:
                element.inputFields = ((try? input.fields()) ?? [:]).values.map { add(input: $0.type) }
            default:
                break
            }
            types[index] = element
        }
        for (field, type) in [
            ("queryType", schema.queryType), ("mutationType", schema.mutationType),
            ("subscriptionType", schema.subscriptionType),
        ] {
            if let name = type?.name { roots[field] = typeIndex[name] }
        }
        for directive in schema.directives {
            directives.append(DirectiveElement(args: directive.args.map { add(input: $0.type) }))
        }
    }

    private mutating func add(_ map: GraphQLFieldMap) -> [Int] {
        map.values.map { field in
            fields.append(FieldElement(args: field.args.values.map { add(input: $0.type) }, type: ref(field.type)))
            return fields.count - 1
        }
    }

    private mutating func add(input type: any GraphQLType) -> Int {
        inputValues.append(ref(type))
        return inputValues.count - 1
    }

    private func ref(_ type: any GraphQLType) -> TypeRef {
        switch type {
        case let nonNull as GraphQLNonNull: .nonNull(ref(nonNull.ofType))
        case let list as GraphQLList: .list(ref(list.ofType))
        case let named as any GraphQLNamedType: .named(typeIndex[named.name] ?? 0)
        default: .named(0)
        }
    }
}
