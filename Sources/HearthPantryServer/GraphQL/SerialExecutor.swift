import GraphQL
import OrderedCollections
import Synchronization

/// Runs a query's fields one after another in the calling task, which is what makes a large answer cheap.
///
/// GraphQL's own executor resolves every field, and every element of every list, in a child task of a task
/// group: an answer of a few thousand fields costs a few thousand tasks. The pantry's resolvers need no such
/// concurrency — plain fields are key paths, and the fields that read the store go through the request's
/// ``DataLoader``s, whose parents say which keys their children will ask for (``DataLoader/expect(_:)``), so
/// one statement still serves every sibling. This executor walks the operation depth first in one task and
/// builds the answer as it goes.
///
/// It runs the common case and steps aside for everything else: ``run(_:operationName:variables:rootValue:context:)``
/// returns nil for subscriptions, introspection (`__schema`, `__type`), input objects in variables or
/// arguments, abstract types, directives other than `@include` and `@skip`, fields that ask another server
/// (``askingOtherServers``), and for any error a resolver
/// throws or a null in a non-null position. The caller then runs the operation with GraphQL's executor,
/// which shapes every error exactly as the specification says. Only queries come here: a query reads and
/// can safely run twice, a mutation cannot.
///
/// Graphiti's resolvers never read the `GraphQLResolveInfo` they are given (they see the source, the
/// context and their decoded arguments), and GraphQL offers no public way to make one, so the executor
/// passes one it captured from a one-field schema of its own (``ResolveInfoSource``). Fields without a
/// Graphiti resolver — those that would need the info — are among the cases it leaves to GraphQL.
struct SerialExecutor: Sendable {
    let schema: GraphQLSchema
    /// Fields read straight from their key paths instead of through Graphiti's closures.
    let keyPaths: KeyPathFields
    private let info = ResolveInfoSource()

    /// Fields that ask a server elsewhere: left to GraphQL's executor before anything runs, so a failing one is
    /// asked once, not again when the executor steps aside for its error.
    static let askingOtherServers: Set<String> = ["Query.lookupBarcode"]

    init(schema: GraphQLSchema, keyPaths: KeyPathFields = KeyPathFields()) {
        self.schema = schema
        self.keyPaths = keyPaths
    }

    /// Why the executor left an operation to GraphQL's executor (kept for tests and debugging).
    struct Declined: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// The answer's `data`, or nil when the operation should run through GraphQL's executor instead.
    func run(
        _ document: Document, operationName: String?, variables: [String: Map],
        rootValue: any Sendable, context: any Sendable
    ) async -> Map? {
        try? await answer(
            document, operationName: operationName, variables: variables, rootValue: rootValue, context: context)
    }

    /// The answer's `data`; throws ``Declined`` (or a resolver's error) when GraphQL's executor should run it.
    func answer(
        _ document: Document, operationName: String?, variables: [String: Map],
        rootValue: any Sendable, context: any Sendable
    ) async throws -> Map {
        var operations: [OperationDefinition] = []
        var fragments: [String: FragmentDefinition] = [:]
        for definition in document.definitions {
            if let operation = definition as? OperationDefinition {
                operations.append(operation)
            } else if let fragment = definition as? FragmentDefinition {
                fragments[fragment.name.value] = fragment
            }
        }
        let chosen = operationName.map { name in operations.filter { $0.name?.value == name } } ?? operations
        guard chosen.count == 1, let operation = chosen.first else { throw Declined("no single operation to run") }
        guard operation.operation == .query, let queryType = schema.queryType else { throw Declined("not a query") }

        let values = try coerceVariables(operation.variableDefinitions, variables)
        let planner = Planner(schema: schema, fragments: fragments, variables: values)
        let plan = try planner.plan(queryType, [operation.selectionSet])
        let run = Run(info: try await info.value(), context: context, keyPaths: keyPaths)
        return try await run.object(plan, rootValue)
    }

    // MARK: Variables

    private func coerceVariables(_ definitions: [VariableDefinition], _ inputs: [String: Map]) throws -> [String: Map] {
        var values: [String: Map] = [:]
        for definition in definitions {
            let name = definition.variable.name.value
            if let input = inputs[name], input != .undefined {
                values[name] = try coerce(input, definition.type)
            } else if let literal = definition.defaultValue {
                values[name] = try Planner.literal(literal, definition.type, schema: schema, variables: [:])
            } else if definition.type is NonNullType {
                throw Declined("required variable $\(name) missing")
            }
        }
        return values
    }

    private func coerce(_ value: Map, _ type: any `Type`) throws -> Map {
        if let nonNull = type as? NonNullType {
            guard value != .null else { throw Declined("null for a non-null variable") }
            return try coerce(value, nonNull.type)
        }
        if value == .null { return .null }
        if let list = type as? ListType {
            if case .array(let elements) = value { return .array(try elements.map { try coerce($0, list.type) }) }
            return .array([try coerce(value, list.type)])
        }
        guard let named = type as? NamedType, let leaf = schema.getType(name: named.name.value) as? any GraphQLLeafType
        else {
            throw Declined("a variable of an input object type")
        }
        return try leaf.parseValue(value: value)
    }
}

// MARK: - Planning

/// One field of a selection, worked out before anything runs: where its value goes, how to resolve it and
/// what to make of what it returns.
private struct FieldPlan {
    let responseKey: String
    /// The field's name in the schema.
    let name: String
    /// nil for `__typename`.
    let resolve: GraphQLFieldResolve?
    let arguments: Map
    let shape: Shape
}

/// What a field's type makes of a resolved value, with the type's wrappers taken apart once per request.
private indirect enum Shape {
    case nonNull(Shape)
    case list(Shape)
    case scalar(any GraphQLLeafType)
    /// An enum, with its values by the raw value Graphiti stores them under.
    case enumeration(GraphQLEnumType)
    case object(ObjectPlan)
}

/// The fields to select on objects of one type.
///
/// A plan belongs to one run of one operation, in one task, so it keeps the key-path readers it worked out
/// for the Swift type of the objects it last completed.
private final class ObjectPlan {
    let typeName: String
    let fields: [FieldPlan]
    private var readersType: ObjectIdentifier?
    private var readers: [KeyPathFields.Reader?] = []

    init(typeName: String, fields: [FieldPlan]) {
        self.typeName = typeName
        self.fields = fields
    }

    /// For each field, its key-path reader for values like `source`, or nil to resolve it through its resolver.
    func readers(for source: any Sendable, in keyPaths: KeyPathFields) -> [KeyPathFields.Reader?] {
        let type = ObjectIdentifier(Swift.type(of: source))
        if type != readersType {
            readers = fields.map { $0.resolve == nil ? nil : keyPaths.reader(type, $0.name) }
            readersType = type
        }
        return readers
    }
}

private struct Planner {
    let schema: GraphQLSchema
    let fragments: [String: FragmentDefinition]
    let variables: [String: Map]

    /// The plan for `selectionSets` (merged, as fields of one response key are) on objects of `type`.
    ///
    /// Each fragment is expanded at most once per plan, as GraphQL's field collection does: a fragment spread
    /// again among the same selections adds nothing it has not added already, so spreads that repeat cost no
    /// more than one (the limits, which count every spread, bound what the document may ask for).
    func plan(_ type: GraphQLObjectType, _ selectionSets: [SelectionSet]) throws -> ObjectPlan {
        var grouped = OrderedDictionary<String, [Field]>()
        var visited: Set<String> = []
        for set in selectionSets { try collect(set, on: type, into: &grouped, visited: &visited) }
        let definitions = try type.fields()
        var fields: [FieldPlan] = []
        fields.reserveCapacity(grouped.count)
        for (key, asts) in grouped {
            let first = asts[0]
            let name = first.name.value
            if name == "__typename" {
                fields.append(
                    FieldPlan(
                        responseKey: key, name: name, resolve: nil, arguments: .dictionary([:]),
                        shape: .scalar(GraphQLString)))
                continue
            }
            guard let definition = definitions[name], let resolve = definition.resolve else {
                throw SerialExecutor.Declined("field \(type.name).\(name) has no resolver of its own")
            }
            if SerialExecutor.askingOtherServers.contains("\(type.name).\(name)") {
                throw SerialExecutor.Declined("field \(type.name).\(name) asks another server")
            }
            // A field that declares no arguments gets null: Graphiti still decodes its (empty) arguments for
            // every value it resolves, and null decodes without the dictionary bridging an empty map costs.
            let arguments = definition.args.isEmpty ? Map.null : try self.arguments(first.arguments, definition.args)
            let shape = try self.shape(
                of: definition.type, selections: asts.compactMap(\.selectionSet), field: "\(type.name).\(name)")
            fields.append(FieldPlan(responseKey: key, name: name, resolve: resolve, arguments: arguments, shape: shape))
        }
        return ObjectPlan(typeName: type.name, fields: fields)
    }

    private func collect(
        _ set: SelectionSet, on type: GraphQLObjectType, into grouped: inout OrderedDictionary<String, [Field]>,
        visited: inout Set<String>
    ) throws {
        for selection in set.selections {
            switch selection {
            case let field as Field:
                guard try included(field.directives) else { continue }
                if field.name.value.hasPrefix("__"), field.name.value != "__typename" {
                    throw SerialExecutor.Declined("introspection")
                }
                grouped[field.alias?.value ?? field.name.value, default: []].append(field)
            case let spread as FragmentSpread:
                guard try included(spread.directives), visited.insert(spread.name.value).inserted,
                    let fragment = fragments[spread.name.value]
                else { continue }
                guard fragment.typeCondition.name.value == type.name else {
                    throw SerialExecutor.Declined("a fragment on another type")
                }
                try collect(fragment.selectionSet, on: type, into: &grouped, visited: &visited)
            case let inline as InlineFragment:
                guard try included(inline.directives) else { continue }
                if let condition = inline.typeCondition, condition.name.value != type.name {
                    throw SerialExecutor.Declined("a fragment on another type")
                }
                try collect(inline.selectionSet, on: type, into: &grouped, visited: &visited)
            default:
                throw SerialExecutor.Declined("an unknown kind of selection")
            }
        }
    }

    /// Whether `@include` and `@skip` keep a selection.
    private func included(_ directives: [Directive]) throws -> Bool {
        for directive in directives {
            let name = directive.name.value
            guard name == "include" || name == "skip" else { throw SerialExecutor.Declined("directive @\(name)") }
            guard directive.arguments.count == 1, let argument = directive.arguments.first, argument.name.value == "if"
            else {
                throw SerialExecutor.Declined("@\(name) without a single if")
            }
            let value: Map
            if let variable = argument.value as? Variable {
                value = variables[variable.name.value] ?? .undefined
            } else if let literal = argument.value as? BooleanValue {
                value = .bool(literal.value)
            } else {
                throw SerialExecutor.Declined("@\(name)(if:) not a boolean")
            }
            guard case .bool(let flag) = value else { throw SerialExecutor.Declined("@\(name)(if:) not a boolean") }
            if flag != (name == "include") { return false }
        }
        return true
    }

    /// The field's arguments as its resolver gets them: given values coerced, defaults filled in, absent ones left out.
    private func arguments(_ given: [Argument], _ definitions: GraphQLArgumentConfigMap) throws -> Map {
        var values = OrderedDictionary<String, Map>()
        for (name, definition) in definitions {
            if let argument = given.first(where: { $0.name.value == name }) {
                if let variable = argument.value as? Variable {
                    if let value = variables[variable.name.value] {
                        values[name] = value
                        continue
                    }
                } else {
                    values[name] = try Self.literal(
                        argument.value, definition.type, schema: schema, variables: variables)
                    continue
                }
            }
            if let fallback = definition.defaultValue {
                values[name] = fallback
            } else if definition.type is GraphQLNonNull {
                throw SerialExecutor.Declined("required argument \(name) missing")
            }
        }
        return .dictionary(values)
    }

    /// A literal in the document, coerced to an input type given as GraphQL's type or as the document's type syntax.
    static func literal(_ value: any Value, _ type: Any, schema: GraphQLSchema, variables: [String: Map]) throws -> Map
    {
        if let variable = value as? Variable {
            guard let found = variables[variable.name.value] else {
                throw SerialExecutor.Declined("variable $\(variable.name.value) not given")
            }
            return found
        }
        switch type {
        case let nonNull as GraphQLNonNull:
            guard !(value is NullValue) else { throw SerialExecutor.Declined("null for a non-null argument") }
            return try literal(value, nonNull.ofType, schema: schema, variables: variables)
        case let nonNull as NonNullType:
            guard !(value is NullValue) else { throw SerialExecutor.Declined("null for a non-null argument") }
            return try literal(value, nonNull.type, schema: schema, variables: variables)
        default:
            break
        }
        if value is NullValue { return .null }
        let elementType: Any? = (type as? GraphQLList)?.ofType ?? (type as? ListType)?.type
        if let elementType {
            if let list = value as? ListValue {
                return .array(
                    try list.values.map { try literal($0, elementType, schema: schema, variables: variables) })
            }
            return .array([try literal(value, elementType, schema: schema, variables: variables)])
        }
        let leaf: (any GraphQLLeafType)?
        if let named = type as? NamedType {
            leaf = schema.getType(name: named.name.value) as? any GraphQLLeafType
        } else {
            leaf = type as? any GraphQLLeafType
        }
        guard let leaf else { throw SerialExecutor.Declined("an input object") }
        return try leaf.parseLiteral(valueAST: value)
    }

    private func shape(of type: any GraphQLType, selections: [SelectionSet], field: String) throws -> Shape {
        switch type {
        case let nonNull as GraphQLNonNull:
            return .nonNull(try shape(of: nonNull.ofType, selections: selections, field: field))
        case let list as GraphQLList: return .list(try shape(of: list.ofType, selections: selections, field: field))
        case let enumeration as GraphQLEnumType: return .enumeration(enumeration)
        case let leaf as any GraphQLLeafType: return .scalar(leaf)
        case let object as GraphQLObjectType: return .object(try plan(object, selections))
        default: throw SerialExecutor.Declined("field \(field) returns an abstract type")
        }
    }
}

// MARK: - Running

private struct Run {
    let info: GraphQLResolveInfo
    let context: any Sendable
    let keyPaths: KeyPathFields

    func object(_ plan: ObjectPlan, _ source: any Sendable) async throws -> Map {
        var answer = OrderedDictionary<String, Map>(minimumCapacity: plan.fields.count)
        let readers = keyPaths.isEmpty ? [] : plan.readers(for: source, in: keyPaths)
        for (index, field) in plan.fields.enumerated() {
            guard let resolve = field.resolve else {
                answer[field.responseKey] = .string(plan.typeName)
                continue
            }
            let value: (any Sendable)?
            if !readers.isEmpty, let read = readers[index] {
                value = read(source)
            } else {
                value = try await resolve(source, field.arguments, context, info)
            }
            answer[field.responseKey] = try await complete(value, field.shape)
        }
        return .dictionary(answer)
    }

    private func complete(_ value: (any Sendable)?, _ shape: Shape) async throws -> Map {
        if case .nonNull(let inner) = shape {
            // Graphiti makes a field non-null exactly when its Swift type is not optional, so a value here is
            // never an `Optional` in disguise.
            guard let value else { throw SerialExecutor.Declined("null for a non-null field") }
            return try await present(value, inner)
        }
        guard let value = unwrapped(value) else { return .null }
        return try await present(value, shape)
    }

    /// A value known not to be null, completed as `shape` says.
    private func present(_ value: any Sendable, _ shape: Shape) async throws -> Map {
        switch shape {
        case .nonNull(let inner):
            return try await present(value, inner)
        case .list(let element):
            guard let elements = value as? [(any Sendable)?] else {
                throw SerialExecutor.Declined("a list field answered something else")
            }
            var answer: [Map] = []
            answer.reserveCapacity(elements.count)
            for item in elements {
                if case .nonNull = element {
                    answer.append(try await complete(item, element))
                } else if let found = unwrapped(item) {
                    answer.append(try await present(found, element))
                }
                // GraphQL's executor leaves nil elements out of a list; so does this one.
            }
            return .array(answer)
        case .scalar(let leaf):
            return try leaf.serialize(value: value)
        case .enumeration(let enumeration):
            // Graphiti stores a Swift enum's values under their raw strings; GraphQL's own route there encodes
            // the value to a map first.
            if let raw = (value as? any RawRepresentable)?.rawValue as? String,
                let found = enumeration.valueLookup[.string(raw)]
            {
                return .string(found.name)
            }
            return try enumeration.serialize(value: value)
        case .object(let plan):
            return try await object(plan, value)
        }
    }

    /// `value` with every layer of `Optional` taken off, or nil when one of them is empty.
    private func unwrapped(_ value: (any Sendable)?) -> (any Sendable)? {
        guard let value else { return nil }
        if let optional = value as? any OptionalValue {
            guard let inner = optional.wrappedAny else { return nil }
            // An optional seen through `any Sendable` holds a Sendable value; a marker protocol allows no `as?`.
            return unwrapped(inner as! (any Sendable))
        }
        return value
    }
}

/// An `Optional` seen through an existential.
private protocol OptionalValue {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrappedAny: Any? { self.map { $0 } }
}

/// A `GraphQLResolveInfo` to hand to Graphiti's resolvers, which ignore it: captured once from a one-field
/// schema, since GraphQL does not let other modules make one.
private final class ResolveInfoSource: Sendable {
    private let captured = Mutex<GraphQLResolveInfo?>(nil)

    func value() async throws -> GraphQLResolveInfo {
        if let info = captured.withLock({ $0 }) { return info }
        let probe = try GraphQLSchema(
            query: GraphQLObjectType(
                name: "Probe",
                fields: [
                    "probe": GraphQLField(type: GraphQLString) { [self] _, _, _, info in
                        captured.withLock { $0 = info }
                        return "probe"
                    }
                ]))
        _ = try await graphql(schema: probe, request: "{ probe }")
        guard let info = captured.withLock({ $0 }) else { throw SerialExecutor.Declined("no resolve info") }
        return info
    }
}
