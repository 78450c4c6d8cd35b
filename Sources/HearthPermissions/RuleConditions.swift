/// A rule's MongoDB-style conditions, checked once when rules load and then matched against instances
/// with the semantics of ucast's JavaScript interpreter, which CASL's `createMongoAbility` uses.
///
/// Every field condition must hold. A field maps either to a value (implicit `$eq`) or to an object of
/// operators: `$eq $ne $lt $lte $gt $gte $in $nin $exists`. Any other `$` key is refused, at the top
/// level as well as on a field.
struct RuleConditions: Sendable {
    /// The operators conditions may use.
    static let supportedOperators = ["$eq", "$ne", "$lt", "$lte", "$gt", "$gte", "$in", "$nin", "$exists"]

    private let tests: [FieldTest]

    /// `{}`: no condition at all, so every instance matches. Such an inverted rule also denies a type check.
    var matchesAll: Bool { tests.isEmpty }

    init(_ conditions: [String: PermissionValue], ruleIndex: Int) throws(PermissionError) {
        var tests: [FieldTest] = []
        for (field, value) in conditions.sorted(by: { $0.key < $1.key }) {
            if field.hasPrefix("$") {
                throw PermissionError(
                    .unknownOperator,
                    "Rule \(ruleIndex) uses the operator \(field) at the top level of its conditions, which only "
                        + "name fields: map each field to a value or to operators (\(Self.operatorList)); all of them must hold.",
                    ruleIndex: ruleIndex
                )
            }
            let path = field.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if path.contains(where: \.isEmpty) {
                throw .invalidRule(
                    ruleIndex,
                    "the condition field \"\(field)\" has an empty segment; write paths like \"household.id\".")
            }
            guard case .object(let members) = value, members.keys.contains(where: { $0.hasPrefix("$") }) else {
                tests.append(FieldTest(path: path, test: .equal(value)))
                continue
            }
            for (name, operand) in members.sorted(by: { $0.key < $1.key }) {
                let test = try FieldTest.Test(operator: name, operand: operand, field: field, ruleIndex: ruleIndex)
                tests.append(FieldTest(path: path, test: test))
            }
        }
        self.tests = tests
    }

    /// Whether an instance with these attributes meets every condition.
    func matches(_ attributes: PermissionValue) -> Bool {
        tests.allSatisfy { $0.matches(attributes) }
    }

    static var operatorList: String { supportedOperators.joined(separator: ", ") }
}

/// One operator applied to the value at one path.
private struct FieldTest: Sendable {
    enum Test: Sendable {
        case equal(PermissionValue)
        case notEqual(PermissionValue)
        case less(PermissionValue, orEqual: Bool)
        case greater(PermissionValue, orEqual: Bool)
        case within([PermissionValue])
        case notWithin([PermissionValue])
        case exists(Bool)

        init(operator name: String, operand: PermissionValue, field: String, ruleIndex: Int) throws(PermissionError) {
            func malformed(_ needs: String) -> PermissionError {
                .invalidRule(ruleIndex, "\(name) on \"\(field)\" needs \(needs), not \(operand).")
            }
            switch name {
            case "$eq": self = .equal(operand)
            case "$ne": self = .notEqual(operand)
            case "$lt", "$lte", "$gt", "$gte":
                switch operand {
                case .number, .string: break
                default: throw malformed("a number or a string to compare with")
                }
                self =
                    name.hasPrefix("$l")
                    ? .less(operand, orEqual: name == "$lte") : .greater(operand, orEqual: name == "$gte")
            case "$in", "$nin":
                guard case .array(let values) = operand else { throw malformed("an array of values") }
                self = name == "$in" ? .within(values) : .notWithin(values)
            case "$exists":
                guard case .bool(let expected) = operand else { throw malformed("true or false") }
                self = .exists(expected)
            case let other where other.hasPrefix("$"):
                throw PermissionError(
                    .unknownOperator,
                    "Rule \(ruleIndex) uses the unknown operator \(other) on \"\(field)\"; the supported operators are "
                        + "\(RuleConditions.operatorList).",
                    ruleIndex: ruleIndex
                )
            default:
                throw .invalidRule(
                    ruleIndex,
                    "the conditions on \"\(field)\" mix operators with the plain key \"\(name)\"; use only operators "
                        + "there, or compare the whole object with {\"$eq\": {…}}."
                )
            }
        }
    }

    let path: [String]
    let test: Test

    func matches(_ attributes: PermissionValue) -> Bool {
        switch test {
        case .equal(let operand): equals(attributes, operand)
        case .notEqual(let operand): !equals(attributes, operand)
        case .less(let operand, let orEqual):
            anyValue(attributes) { Self.order($0, operand).map { $0 < 0 || (orEqual && $0 == 0) } ?? false }
        case .greater(let operand, let orEqual):
            anyValue(attributes) { Self.order($0, operand).map { $0 > 0 || (orEqual && $0 == 0) } ?? false }
        case .within(let values): anyValue(attributes) { values.contains($0) }
        case .notWithin(let values): !anyValue(attributes) { values.contains($0) }
        case .exists(let expected): exists(attributes, expected)
        }
    }

    /// ucast's `eq`: an array holding the value (or equal to it as a whole) matches; `null` matches a
    /// missing or null member, or an array holding null.
    private func equals(_ attributes: PermissionValue, _ operand: PermissionValue) -> Bool {
        if operand == .null {
            return onParents(attributes) { parent, key in
                switch parent {
                case .object, .array:
                    guard let member = parent.ownMember(key) else { return true }
                    return member == .null || (member.arrayValue?.contains(.null) ?? false)
                default:
                    return false
                }
            }
        }
        switch attributes.value(atPath: path) {
        case .array(let elements): return elements == operand.arrayValue || elements.contains(operand)
        case .some(let value): return value == operand
        case .none: return false
        }
    }

    /// ucast's `exists`: whether the object holding the last segment has that member; with nothing
    /// there, only `$exists: false` holds.
    private func exists(_ attributes: PermissionValue, _ expected: Bool) -> Bool {
        onParents(attributes) { parent, key in
            switch parent {
            case .object, .array: (parent.ownMember(key) != nil) == expected
            default: expected == false
            }
        }
    }

    /// Runs `test` on the value holding the last segment, or on each of its elements when that value is
    /// an array and the segment is a name rather than an index.
    private func onParents(_ attributes: PermissionValue, _ test: (PermissionValue, String) -> Bool) -> Bool {
        let (parent, key) = attributes.parentAndKey(ofPath: path)
        if case .array(let elements) = parent, !PermissionValue.isNumeric(key) {
            return elements.contains { test($0, key) }
        }
        return test(parent ?? .null, key)
    }

    /// ucast's `testValueOrArray`: an array value matches when one of its elements does.
    private func anyValue(_ attributes: PermissionValue, _ test: (PermissionValue) -> Bool) -> Bool {
        switch attributes.value(atPath: path) {
        case .array(let elements): elements.contains(where: test)
        case .some(let value): test(value)
        case .none: false
        }
    }

    /// The order of two numbers or two strings (JavaScript's UTF-16 order for strings); `nil` for any other
    /// pair, which then matches no comparison.
    private static func order(_ lhs: PermissionValue, _ rhs: PermissionValue) -> Int? {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)):
            return a < b ? -1 : (a > b ? 1 : 0)
        case (.string(let a), .string(let b)):
            if a.utf16.elementsEqual(b.utf16) { return 0 }
            return a.utf16.lexicographicallyPrecedes(b.utf16) ? -1 : 1
        default:
            return nil
        }
    }
}
