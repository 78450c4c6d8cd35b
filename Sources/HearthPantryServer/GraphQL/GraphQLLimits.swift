public import GraphQL

/// How large a GraphQL operation may be: how deeply its selections nest and what it may cost.
///
/// Both are checked while the document is validated, before anything runs. An operation over a limit is
/// refused whole with a `BAD_USER_INPUT` error that names the limit and the operation's own figure.
///
/// The cost counts every field once, multiplied by the size of each list it sits in: a list field's
/// `first` or `limit` argument when the operation gives one as a number, ``assumedListSize`` otherwise.
/// Introspection fields (`__schema`, `__type`, `__typename`) count for nothing: the schema bounds them.
public struct GraphQLLimits: Sendable, Equatable {
    /// The deepest nesting of selections allowed (`{ a { b } }` has depth 2).
    public var maxDepth: Int
    /// The highest cost allowed.
    public var maxCost: Int
    /// How many elements a list is taken to hold when the operation does not say.
    public var assumedListSize: Int

    public init(maxDepth: Int = 12, maxCost: Int = 20_000, assumedListSize: Int = 20) {
        self.maxDepth = maxDepth
        self.maxCost = maxCost
        self.assumedListSize = assumedListSize
    }

    /// The validation rules that enforce these limits, to run after GraphQL's own.
    public var rules: [@Sendable (ValidationContext) -> Visitor] {
        let limits = self
        return [{ context in limits.visitor(context) }]
    }

    private func visitor(_ context: ValidationContext) -> Visitor {
        Visitor(enter: { node, _, _, _, _ in
            guard let operation = node as? OperationDefinition else { return .continue }
            let root: GraphQLObjectType?
            switch operation.operation {
            case .query: root = context.schema.queryType
            case .mutation: root = context.schema.mutationType
            case .subscription: root = context.schema.subscriptionType
            }
            var measure = Measure(limits: self, context: context)
            let (cost, depth) = measure.selections(operation.selectionSet, in: root, depth: 1)
            let name = operation.name.map { "Operation \"\($0.value)\"" } ?? "The operation"
            if depth > maxDepth {
                context.report(error: GraphQLError(
                    message: "\(name) nests \(depth) levels deep; the server's depth limit is \(maxDepth). Ask for fewer nested fields, or split it into several operations.",
                    nodes: [operation], extensions: ["code": "BAD_USER_INPUT", "limit": "depth"]))
            }
            if cost > maxCost {
                context.report(error: GraphQLError(
                    message: "\(name) costs \(cost); the server's cost limit is \(maxCost) (each field counts once per element of the lists around it, a list counting as its first/limit argument or \(assumedListSize)). Ask for fewer fields or smaller pages.",
                    nodes: [operation], extensions: ["code": "BAD_USER_INPUT", "limit": "cost"]))
            }
            return .skip
        })
    }
}

/// Walks one operation's selections, following fragments, to find its cost and depth.
private struct Measure {
    let limits: GraphQLLimits
    let context: ValidationContext
    /// Fragments being expanded on the current path, so a cycle (refused by another rule) cannot loop here.
    var expanding: Set<String> = []

    /// The cost and depth of `set`, whose fields belong to `parent`, found at `depth`.
    mutating func selections(_ set: SelectionSet, in parent: (any GraphQLNamedType)?, depth: Int) -> (cost: Int, depth: Int) {
        var cost = 0
        var deepest = depth - 1
        for selection in set.selections {
            let measured: (cost: Int, depth: Int)
            switch selection {
            case let field as Field:
                measured = self.field(field, in: parent, depth: depth)
            case let fragment as InlineFragment:
                let type = fragment.typeCondition.flatMap { context.schema.getType(name: $0.name.value) } ?? parent
                measured = selections(fragment.selectionSet, in: type, depth: depth)
            case let spread as FragmentSpread:
                let name = spread.name.value
                guard !expanding.contains(name), let fragment = context.getFragment(name: name) else { continue }
                expanding.insert(name)
                measured = selections(fragment.selectionSet, in: context.schema.getType(name: fragment.typeCondition.name.value), depth: depth)
                expanding.remove(name)
            default:
                continue
            }
            cost = Self.adding(cost, measured.cost)
            deepest = max(deepest, measured.depth)
        }
        return (cost, deepest)
    }

    private mutating func field(_ field: Field, in parent: (any GraphQLNamedType)?, depth: Int) -> (cost: Int, depth: Int) {
        let name = field.name.value
        if name.hasPrefix("__") { return (0, depth - 1) }
        let type = Self.fieldType(name, of: parent)
        guard let set = field.selectionSet else { return (1, depth) }
        let inner = selections(set, in: getNamedType(type: type), depth: depth + 1)
        let size = Self.isList(type) ? listSize(field) : 1
        return (Self.adding(1, Self.multiplying(inner.cost, size)), inner.depth)
    }

    /// The list's size as the field's `first` or `limit` argument gives it, or the assumed size.
    private func listSize(_ field: Field) -> Int {
        for argument in field.arguments where ["first", "limit"].contains(argument.name.value) {
            if let value = argument.value as? IntValue, let size = Int(value.value) { return max(0, size) }
        }
        return limits.assumedListSize
    }

    private static func fieldType(_ name: String, of parent: (any GraphQLNamedType)?) -> (any GraphQLType)? {
        let fields: GraphQLFieldMap?
        if let object = parent as? GraphQLObjectType {
            fields = try? object.fields()
        } else if let interface = parent as? GraphQLInterfaceType {
            fields = try? interface.fields()
        } else {
            fields = nil
        }
        return fields?.first { $0.key == name }?.value.type
    }

    private static func isList(_ type: (any GraphQLType)?) -> Bool {
        if let nonNull = type as? GraphQLNonNull { return isList(nonNull.ofType) }
        return type is GraphQLList
    }

    private static func adding(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    private static func multiplying(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? Int.max : product
    }
}
