import HearthCore
import HearthPantryModel

/// GraphQL answers kept as normalized objects: every object with a `__typename` and an `id` is stored once,
/// under `Typename:id`, and the answers that contain it refer to it, so a later answer (a mutation's) that
/// changes the object changes every cached answer that reads it.
///
/// A reference remembers which fields the answer selected, so reading an answer back gives exactly its
/// fields, not every field any answer ever fetched for that object.
struct NormalizedCache: Sendable {
    /// The objects by `Typename:id`; nested objects are references.
    private(set) var records: [String: [String: RawJSON]] = [:]
    /// The answers by operation key; objects in them are references.
    private var roots: [String: RawJSON] = [:]

    static let reference = "__ref"
    static let selected = "__fields"

    /// The key under which an answer's root is tracked as a dependency.
    static func rootKey(_ operation: String) -> String { "ROOT " + operation }

    /// Stores `data`; with `operation`, also as that operation's answer. Returns the keys of the objects (and
    /// the root) whose stored values changed.
    mutating func write(_ data: RawJSON, operation: String?) -> Set<String> {
        var changed = Set<String>()
        let normalized = normalize(data, changed: &changed)
        if let operation, roots[operation] != normalized {
            roots[operation] = normalized
            changed.insert(Self.rootKey(operation))
        }
        return changed
    }

    /// The answer for `operation` rebuilt from the objects, and the keys it read; nil when it was never
    /// stored or an object it refers to is gone.
    func read(operation: String) -> (data: RawJSON, reads: Set<String>)? {
        guard let root = roots[operation] else { return nil }
        var reads: Set<String> = [Self.rootKey(operation)]
        guard let data = denormalize(root, reads: &reads) else { return nil }
        return (data, reads)
    }

    /// Forgets everything.
    mutating func removeAll() {
        records.removeAll()
        roots.removeAll()
    }

    private mutating func normalize(_ value: RawJSON, changed: inout Set<String>) -> RawJSON {
        switch value {
        case .array(let elements):
            return .array(elements.map { normalize($0, changed: &changed) })
        case .object(let fields):
            var normalized: [String: RawJSON] = [:]
            for (name, field) in fields { normalized[name] = normalize(field, changed: &changed) }
            guard case .string(let typename)? = fields["__typename"], let id = Self.identifier(fields["id"]) else {
                return .object(normalized)
            }
            let key = "\(typename):\(id)"
            var record = records[key] ?? [:]
            var didChange = records[key] == nil
            for (name, field) in normalized where record[name] != field {
                record[name] = field
                didChange = true
            }
            if didChange {
                records[key] = record
                changed.insert(key)
            }
            return .object([
                Self.reference: .string(key), Self.selected: .array(fields.keys.sorted().map(RawJSON.string)),
            ])
        default:
            return value
        }
    }

    private func denormalize(_ value: RawJSON, reads: inout Set<String>) -> RawJSON? {
        switch value {
        case .array(let elements):
            var result: [RawJSON] = []
            result.reserveCapacity(elements.count)
            for element in elements {
                guard let resolved = denormalize(element, reads: &reads) else { return nil }
                result.append(resolved)
            }
            return .array(result)
        case .object(let fields):
            if case .string(let key)? = fields[Self.reference], case .array(let names)? = fields[Self.selected] {
                reads.insert(key)
                guard let record = records[key] else { return nil }
                var result: [String: RawJSON] = [:]
                for case .string(let name) in names {
                    guard let field = record[name], let resolved = denormalize(field, reads: &reads) else { return nil }
                    result[name] = resolved
                }
                return .object(result)
            }
            var result: [String: RawJSON] = [:]
            for (name, field) in fields {
                guard let resolved = denormalize(field, reads: &reads) else { return nil }
                result[name] = resolved
            }
            return .object(result)
        default:
            return value
        }
    }

    private static func identifier(_ value: RawJSON?) -> String? {
        switch value {
        case .string(let id)?: id
        case .int(let id)?: String(id)
        case .double(let id)?: id.rounded() == id ? String(Int64(id)) : String(id)
        default: nil
        }
    }
}
