import GraphQL

/// Counts exactly how many values an introspection selection (`__schema { … }`, `__type(name:) { … }`) answers,
/// by walking ``IntrospectionModel`` instead of the answer.
///
/// Introspection is counted like any other field, but its lists are the schema's own: `types` is every type,
/// a type's `fields` are its fields, and so on, so the count is what the answer will hold, neither a guess nor
/// a bound that the standard query of GraphQL tools would pass many times over. Each selection set is counted
/// once per schema element it is asked of (memoized), so a query that walks the schema's graph again and again
/// (`fields { type { fields { type … } } }`) costs a count proportional to its own size times the schema's, and
/// a count that would take more than ``maxSteps`` steps stops and answers `Int.max`, which no cost limit allows.
final class IntrospectionCount {
    /// A schema element introspection answers about.
    enum Element: Hashable {
        case schema
        case type(IntrospectionModel.TypeRef)
        case field(Int)
        case inputValue(Int)
        case directive(Int)
        case enumValue
    }

    private struct Key: Hashable {
        let set: ObjectIdentifier
        let element: Element
    }

    /// The most steps (a field counted on an element) one document may take.
    static let maxSteps = 100_000

    let model: IntrospectionModel
    let fragments: [String: FragmentDefinition]
    private var memo: [Key: Int] = [:]
    private var expanding: Set<String> = []
    private var steps = 0

    init(model: IntrospectionModel, fragments: [String: FragmentDefinition]) {
        self.model = model
        self.fragments = fragments
    }

    /// The values `__schema { set }` answers, itself not included.
    func schema(_ set: SelectionSet) -> Int { count(set, on: .schema) }

    /// The values `__type(name:) { set }` answers: for the type named, or when the name is a variable, for the
    /// type whose answer is largest.
    func type(_ set: SelectionSet, named name: String?) -> Int {
        if let name {
            guard let index = model.typeIndex[name] else { return 0 }
            return count(set, on: .type(.named(index)))
        }
        var largest = 0
        for index in model.types.indices { largest = max(largest, count(set, on: .type(.named(index)))) }
        return largest
    }

    private func count(_ set: SelectionSet, on element: Element) -> Int {
        let key = Key(set: ObjectIdentifier(set), element: element)
        if let known = memo[key] { return known }
        var total = 0
        for selection in set.selections {
            switch selection {
            case let field as Field:
                total = LimitMeasure.Tally.adding(total, count(field, on: element))
            case let inline as InlineFragment:
                total = LimitMeasure.Tally.adding(total, count(inline.selectionSet, on: element))
            case let spread as FragmentSpread:
                // Cycles are refused before anything is counted; this only keeps a count from going round one.
                let name = spread.name.value
                guard let fragment = fragments[name], expanding.insert(name).inserted else { continue }
                total = LimitMeasure.Tally.adding(total, count(fragment.selectionSet, on: element))
                expanding.remove(name)
            default:
                continue
            }
        }
        memo[key] = total
        return total
    }

    private func count(_ field: Field, on element: Element) -> Int {
        steps += 1
        guard steps <= Self.maxSteps else { return Int.max }
        let name = field.name.value
        /// The field itself, and what its selection answers for each of `children`.
        func list(_ children: some Sequence<Element>) -> Int {
            guard let set = field.selectionSet else { return 1 }
            var total = 1
            for child in children {
                steps += 1
                guard steps <= Self.maxSteps else { return Int.max }
                total = LimitMeasure.Tally.adding(total, count(set, on: child))
            }
            return total
        }
        if name == "__typename" { return 1 }
        switch element {
        case .schema:
            switch name {
            case "types": return list(model.types.indices.lazy.map { .type(.named($0)) })
            case "directives": return list(model.directives.indices.lazy.map { .directive($0) })
            case "queryType", "mutationType", "subscriptionType":
                guard let index = model.roots[name] else { return 1 }
                return list([.type(.named(index))])
            default: return 1
            }
        case .type(let ref):
            switch (ref, name) {
            case (.list(let inner), "ofType"), (.nonNull(let inner), "ofType"): return list([.type(inner)])
            case (.named(let index), _):
                let type = model.types[index]
                switch name {
                case "fields": return list(type.fields.lazy.map { .field($0) })
                case "interfaces": return list(type.interfaces.lazy.map { .type(.named($0)) })
                case "possibleTypes": return list(type.possibleTypes.lazy.map { .type(.named($0)) })
                case "enumValues": return list(repeatElement(.enumValue, count: type.enumValues))
                case "inputFields": return list(type.inputFields.lazy.map { .inputValue($0) })
                default: return 1
                }
            default:
                return 1
            }
        case .field(let index):
            switch name {
            case "args": return list(model.fields[index].args.lazy.map { .inputValue($0) })
            case "type": return list([.type(model.fields[index].type)])
            default: return 1
            }
        case .inputValue(let index):
            return name == "type" ? list([.type(model.inputValues[index])]) : 1
        case .directive(let index):
            return name == "args" ? list(model.directives[index].args.lazy.map { .inputValue($0) }) : 1
        case .enumValue:
            return 1
        }
    }
}
