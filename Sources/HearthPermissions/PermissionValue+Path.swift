/// Reading dot paths the way ucast's JavaScript interpreter (behind CASL's conditions) reads them.
///
/// A segment applied to an object reads its member. Applied to an array, a numeric segment indexes
/// it, and any other segment is read from each object element and the results are gathered into one
/// array, one level flattened: `comments.author` on `{"comments": [{"author": "a"}, {"author": "b"}]}`
/// is `["a", "b"]`. A path through something that is neither object nor array leads nowhere (`nil`).
extension PermissionValue {
    /// The value at `path`, or `nil` when there is none.
    func value(atPath path: [String]) -> PermissionValue? {
        var current: PermissionValue? = self
        for (position, segment) in path.enumerated() {
            current = current?.child(segment)
            guard let value = current, value.isContainer else {
                return position < path.count - 1 ? nil : current
            }
        }
        return current
    }

    /// The value holding the path's last segment (the object, or array of objects, it is read from),
    /// and that segment: what `$exists` and equality with `null` look at.
    func parentAndKey(ofPath path: [String]) -> (parent: PermissionValue?, key: String) {
        let parent = path.count == 1 ? self : value(atPath: Array(path.dropLast()))
        return (parent, path[path.count - 1])
    }

    /// One segment applied to this value, gathering from array elements as described above.
    private func child(_ segment: String) -> PermissionValue? {
        switch self {
        case .object(let members):
            return members[segment]
        case .array(let elements):
            if Self.isNumeric(segment) { return ownMember(segment) }
            var gathered: [PermissionValue] = []
            for case .object(let members) in elements {
                switch members[segment] {
                case .array(let inner): gathered.append(contentsOf: inner)
                case .some(let value): gathered.append(value)
                case .none: break
                }
            }
            return .array(gathered)
        default:
            return nil
        }
    }

    /// The member named `key` of an object, or the element at index `key` of an array, without gathering.
    func ownMember(_ key: String) -> PermissionValue? {
        switch self {
        case .object(let members):
            return members[key]
        case .array(let elements):
            guard let index = Int(key), elements.indices.contains(index) else { return nil }
            return elements[index]
        default:
            return nil
        }
    }

    /// Whether a segment reads as a number (JavaScript's `!isNaN(Number(segment))`), so it indexes an
    /// array instead of gathering from its elements.
    static func isNumeric(_ segment: String) -> Bool {
        Double(segment) != nil
    }

    var isContainer: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }
}
