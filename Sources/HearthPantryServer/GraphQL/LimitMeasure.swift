import GraphQL

/// Measures a parsed document's operations against ``GraphQLLimits``, in time linear in the document.
///
/// Fragments are measured first, each once, in an order where every fragment comes after those it spreads
/// (found without recursion, so a long chain of fragments cannot exhaust the stack); an operation or fragment
/// then adds a spread's figures without walking the fragment again. The walk of one selection set descends
/// only as deep as its own brackets, which ``GraphQLDocumentScan`` has bounded. Fragments that spread each
/// other in a cycle have no figures and refuse the document. Introspection (`__schema`, `__type`) costs what
/// its answer holds, counted on the schema by ``IntrospectionCount``.
struct LimitMeasure {
    let limits: GraphQLLimits
    /// The schema's fields, looked up by type and field name.
    let shapes: FieldShapes
    /// The schema as introspection answers it.
    let model: IntrospectionModel

    /// What a selection set adds up to, with every fragment it spreads counted at each spread.
    struct Tally: Equatable {
        var cost = 0
        /// The deepest level of fields below the selection set (a set of leaves is 1; an empty one 0).
        var depth = 0
        var aliases = 0
        var directives = 0
        /// The longest chain of fragments spreading fragments within it (one spread is 1).
        var spreads = 0
        /// Whether it selects `__schema` or `__type`.
        var introspects = false

        mutating func add(_ other: Tally) {
            cost = Self.adding(cost, other.cost)
            depth = max(depth, other.depth)
            spreads = max(spreads, other.spreads)
            aliases = Self.adding(aliases, other.aliases)
            directives = Self.adding(directives, other.directives)
            introspects = introspects || other.introspects
        }

        static func adding(_ a: Int, _ b: Int) -> Int {
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? Int.max : sum
        }

        static func multiplying(_ a: Int, _ b: Int) -> Int {
            let (product, overflow) = a.multipliedReportingOverflow(by: b)
            return overflow ? Int.max : product
        }
    }

    /// What measuring a document found.
    struct Outcome {
        /// One error per limit an operation passes, or the error naming a cycle of fragments.
        var errors: [GraphQLError] = []
        /// Whether any operation selects `__schema` or `__type`, directly or through its fragments.
        var introspects = false
    }

    /// Fragments that spread each other in a cycle, with those that spread them.
    struct FragmentCycle: Error {
        let names: Set<String>
    }

    /// One measurement: the fragments' tallies so far, and the introspection count with its memory.
    private final class Walk {
        var tallies: [String: Tally] = [:]
        let introspection: IntrospectionCount

        init(_ introspection: IntrospectionCount) {
            self.introspection = introspection
        }
    }

    func measure(_ document: Document) -> Outcome {
        var operations: [OperationDefinition] = []
        var fragments: [String: FragmentDefinition] = [:]
        for definition in document.definitions {
            if let operation = definition as? OperationDefinition {
                operations.append(operation)
            } else if let fragment = definition as? FragmentDefinition, fragments[fragment.name.value] == nil {
                // A second fragment of the same name is refused by validation; the first one is measured.
                fragments[fragment.name.value] = fragment
            }
        }
        var outcome = Outcome()
        let walk = Walk(IntrospectionCount(model: model, fragments: fragments))
        if case .failure(let cycle) = measureFragments(fragments, walk) {
            let names = cycle.names.sorted().prefix(5)
            let listed =
                names.map { "\"\($0)\"" }.joined(separator: ", ") + (cycle.names.count > 5 ? " and others" : "")
            outcome.errors.append(
                GraphQLError(
                    message:
                        "The fragments \(listed) spread each other in a cycle (or spread fragments that do), which would never end. Spread each fragment only in fragments it does not itself spread.",
                    nodes: names.compactMap { fragments[$0] },
                    extensions: [
                        "code": .string(GraphQLErrorCode.badUserInput.rawValue), "limit": .string("fragments"),
                    ]))
            return outcome
        }
        // Fragments no operation spreads are still walked by GraphQL's validation, one call deeper per spread.
        if let (name, deepest) = walk.tallies.max(by: { $0.value.spreads < $1.value.spreads }),
            deepest.spreads + 1 > limits.nestingLimit
        {
            outcome.errors.append(
                GraphQLError(
                    message:
                        "Fragment \"\(name)\" spreads fragments \(deepest.spreads) deep (a fragment spreading one that spreads another, and so on); the server's limit is \(limits.nestingLimit). Spread fewer fragments within fragments.",
                    nodes: fragments[name].map { [$0] } ?? [],
                    extensions: ["code": .string(GraphQLErrorCode.tooDeep.rawValue), "limit": .string("fragments")]))
            return outcome
        }
        for operation in operations {
            var tally = selections(operation.selectionSet, in: shapes.root(operation.operation), walk)
            tally.directives = Tally.adding(tally.directives, operation.directives.count)
            outcome.introspects = outcome.introspects || tally.introspects
            outcome.errors += refusals(tally, operation)
        }
        return outcome
    }

    /// The errors for the limits `tally` passes.
    private func refusals(_ tally: Tally, _ operation: OperationDefinition) -> [GraphQLError] {
        let name = operation.name.map { "Operation \"\($0.value)\"" } ?? "The operation"
        var errors: [GraphQLError] = []
        func refuse(_ code: GraphQLErrorCode, _ limit: String, _ message: String) {
            errors.append(
                GraphQLError(
                    message: message, nodes: [operation],
                    extensions: ["code": .string(code.rawValue), "limit": .string(limit)]))
        }
        if tally.depth > limits.maxDepth {
            refuse(
                .tooDeep, "depth",
                "\(name) nests \(Self.figure(tally.depth)) levels deep (counting the fields its fragments add); the server's depth limit is \(limits.maxDepth). Ask for fewer nested fields, or split it into several operations."
            )
        }
        // GraphQL's validation and executors follow a chain of spreads one call deeper per fragment: the chain
        // is held to the limit the brackets are.
        if tally.spreads > limits.nestingLimit {
            refuse(
                .tooDeep, "fragments",
                "\(name) spreads fragments \(tally.spreads) deep (a fragment spreading one that spreads another, and so on); the server's limit is \(limits.nestingLimit). Spread fewer fragments within fragments."
            )
        }
        if tally.aliases > limits.maxAliases {
            refuse(
                .tooManyAliases, "aliases",
                "\(name) uses \(Self.figure(tally.aliases)) aliases (a fragment's counted at each spread); the server's limit is \(limits.maxAliases). Ask for each field once, or split it into several operations."
            )
        }
        if tally.directives > limits.maxDirectives {
            refuse(
                .tooManyDirectives, "directives",
                "\(name) uses \(Self.figure(tally.directives)) directives (a fragment's counted at each spread); the server's limit is \(limits.maxDirectives). Use fewer @include and @skip, or split it into several operations."
            )
        }
        if tally.cost > limits.maxCost {
            refuse(
                .tooCostly, "cost",
                "\(name) costs \(Self.figure(tally.cost)); the server's cost limit is \(limits.maxCost) (each field counts once per element of the lists around it, a list counting as its first/limit argument or \(limits.assumedListSize); a fragment counts at each spread; introspection counts what it answers). Ask for fewer fields or smaller pages."
            )
        }
        return errors
    }

    private static func figure(_ value: Int) -> String {
        value == Int.max ? "more than \(Int.max - 1)" : String(value)
    }

    // MARK: Fragments

    /// Measures every fragment into `walk`, those it spreads before it; fails with the fragments caught in a cycle.
    private func measureFragments(_ fragments: [String: FragmentDefinition], _ walk: Walk) -> Result<
        Void, FragmentCycle
    > {
        // Which fragments each spreads, and which spread it: the order is Kahn's, leaves first.
        var waiting: [String: Int] = [:]
        var spreadBy: [String: [String]] = [:]
        for (name, fragment) in fragments {
            let used = Self.spreadNames(in: fragment.selectionSet).filter { fragments[$0] != nil }
            waiting[name] = used.count
            for other in used { spreadBy[other, default: []].append(name) }
        }
        var ready = waiting.filter { $0.value == 0 }.map(\.key)
        while let name = ready.popLast() {
            let fragment = fragments[name]!
            var tally = selections(fragment.selectionSet, in: fragment.typeCondition.name.value, walk)
            tally.directives = Tally.adding(tally.directives, fragment.directives.count)
            walk.tallies[name] = tally
            for user in spreadBy[name] ?? [] {
                waiting[user]! -= 1
                if waiting[user] == 0 { ready.append(user) }
            }
        }
        guard walk.tallies.count == fragments.count else {
            return .failure(FragmentCycle(names: Set(fragments.keys).subtracting(walk.tallies.keys)))
        }
        return .success(())
    }

    /// The names of the fragments `set` spreads, at any depth within it (not through the fragments themselves).
    private static func spreadNames(in set: SelectionSet) -> Set<String> {
        var names: Set<String> = []
        var sets = [set]
        while let next = sets.popLast() {
            for selection in next.selections {
                switch selection {
                case let spread as FragmentSpread: names.insert(spread.name.value)
                case let inline as InlineFragment: sets.append(inline.selectionSet)
                case let field as Field: if let inner = field.selectionSet { sets.append(inner) }
                default: continue
                }
            }
        }
        return names
    }

    // MARK: Selections

    /// The tally of `set`, whose fields belong to the type named `parent`.
    private func selections(_ set: SelectionSet, in parent: String?, _ walk: Walk) -> Tally {
        var tally = Tally()
        for selection in set.selections {
            switch selection {
            case let field as Field:
                tally.add(self.field(field, in: parent, walk))
            case let inline as InlineFragment:
                var inner = selections(inline.selectionSet, in: inline.typeCondition?.name.value ?? parent, walk)
                inner.directives = Tally.adding(inner.directives, inline.directives.count)
                tally.add(inner)
            case let spread as FragmentSpread:
                // A fragment that is not defined is refused by validation; it adds nothing here.
                var inner = walk.tallies[spread.name.value] ?? Tally()
                inner.directives = Tally.adding(inner.directives, spread.directives.count)
                inner.spreads += 1
                tally.add(inner)
            default:
                continue
            }
        }
        return tally
    }

    private func field(_ field: Field, in parent: String?, _ walk: Walk) -> Tally {
        let name = field.name.value
        var tally = Tally(cost: 1, depth: 1, aliases: field.alias == nil ? 0 : 1, directives: field.directives.count)
        guard let set = field.selectionSet else { return tally }
        let shape = shapes.shape(name, on: parent)
        let inner = selections(set, in: shape?.typeName, walk)
        tally.depth = Tally.adding(1, inner.depth)
        tally.aliases = Tally.adding(tally.aliases, inner.aliases)
        tally.directives = Tally.adding(tally.directives, inner.directives)
        tally.spreads = inner.spreads
        tally.introspects = inner.introspects
        if shapes.isQueryType(parent), name == "__schema" {
            tally.introspects = true
            tally.cost = Tally.adding(1, walk.introspection.schema(set))
        } else if shapes.isQueryType(parent), name == "__type" {
            tally.introspects = true
            let typeName = field.arguments.first { $0.name.value == "name" }.flatMap {
                ($0.value as? StringValue)?.value
            }
            tally.cost = Tally.adding(1, walk.introspection.type(set, named: typeName))
        } else {
            let size = shape?.isList == true ? listSize(field) : 1
            tally.cost = Tally.adding(1, Tally.multiplying(inner.cost, size))
        }
        return tally
    }

    /// The list's size as the field's `first` or `limit` argument gives it, or the assumed size.
    private func listSize(_ field: Field) -> Int {
        for argument in field.arguments where argument.name.value == "first" || argument.name.value == "limit" {
            if let value = argument.value as? IntValue, let size = Int(value.value) { return max(0, size) }
        }
        return limits.assumedListSize
    }
}
