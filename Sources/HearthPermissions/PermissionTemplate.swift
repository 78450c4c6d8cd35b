import Foundation

/// Rules stored with `${path}` placeholders in their condition values, filled from a context value
/// (such as `{"user": {"id": …, "householdIds": […]}}`) by the server before it sends them.
///
/// A string that is exactly one placeholder becomes the value at that path, whatever its type, so
/// `{"$in": "${user.householdIds}"}` becomes `{"$in": ["h1", "h2"]}`. A placeholder inside longer text is
/// replaced by the text of a string, number, boolean or null. Paths read object members and array
/// indices (`${user.householdIds.0}`); a path with nothing at it is an error naming the placeholder.
///
/// ```swift
/// let template = PermissionTemplate(rules: [
///     PermissionRule("manage", "User", conditions: ["id": "${user.id}"]),
/// ])
/// let rules = try template.fill(["user": ["id": "u1"]])
/// ```
public struct PermissionTemplate: Sendable, Hashable {
    /// The rules as stored, placeholders unfilled.
    public let rules: [PermissionRule]

    public init(rules: [PermissionRule]) {
        self.rules = rules
    }

    /// The rules with every placeholder in their conditions replaced from `context`.
    public func fill(_ context: PermissionValue) throws(PermissionError) -> [PermissionRule] {
        var filled: [PermissionRule] = []
        filled.reserveCapacity(rules.count)
        for (index, rule) in rules.enumerated() {
            guard let conditions = rule.conditions else {
                filled.append(rule)
                continue
            }
            var members: [String: PermissionValue] = [:]
            for (field, value) in conditions {
                members[field] = try Self.fill(value, from: context, ruleIndex: index)
            }
            filled.append(rule.with(conditions: members))
        }
        return filled
    }

    private static func fill(_ value: PermissionValue, from context: PermissionValue, ruleIndex: Int)
        throws(PermissionError) -> PermissionValue
    {
        switch value {
        case .string(let text):
            return try fill(text, from: context, ruleIndex: ruleIndex)
        case .array(let elements):
            var filled: [PermissionValue] = []
            for element in elements { filled.append(try fill(element, from: context, ruleIndex: ruleIndex)) }
            return .array(filled)
        case .object(let members):
            var filled: [String: PermissionValue] = [:]
            for (key, member) in members { filled[key] = try fill(member, from: context, ruleIndex: ruleIndex) }
            return .object(filled)
        case .null, .bool, .number:
            return value
        }
    }

    private static func fill(_ text: String, from context: PermissionValue, ruleIndex: Int) throws(PermissionError)
        -> PermissionValue
    {
        guard text.contains("${") else { return .string(text) }
        if text.hasPrefix("${"), text.hasSuffix("}"), !text.dropFirst(2).dropLast().contains("}") {
            return try lookUp(String(text.dropFirst(2).dropLast()), in: context, ruleIndex: ruleIndex)
        }
        var output = ""
        var rest = Substring(text)
        while let open = rest.range(of: "${") {
            output += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
                throw .invalidRule(ruleIndex, "the placeholder in \"\(text)\" is not closed; write it as ${user.id}.")
            }
            let path = String(rest[open.upperBound..<close])
            let value = try lookUp(path, in: context, ruleIndex: ruleIndex)
            output += try embedded(value, placeholder: path, in: text, ruleIndex: ruleIndex)
            rest = rest[rest.index(after: close)...]
        }
        return .string(output + rest)
    }

    private static func lookUp(_ path: String, in context: PermissionValue, ruleIndex: Int) throws(PermissionError)
        -> PermissionValue
    {
        var current = context
        var walked: [String] = []
        for segment in path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            guard let next = current.ownMember(segment) else {
                let known =
                    current.objectValue.map {
                        " (\(walked.isEmpty ? "the context" : walked.joined(separator: ".")) has: \($0.keys.sorted().joined(separator: ", ")))"
                    } ?? ""
                throw PermissionError(
                    .unknownPlaceholder,
                    "Rule \(ruleIndex) uses the placeholder ${\(path)}, but the context has no value at \"\(path)\"\(known).",
                    ruleIndex: ruleIndex
                )
            }
            walked.append(segment)
            current = next
        }
        return current
    }

    private static func embedded(_ value: PermissionValue, placeholder: String, in text: String, ruleIndex: Int)
        throws(PermissionError) -> String
    {
        switch value {
        case .string(let string): return string
        case .null, .bool, .number: return value.description
        case .array, .object:
            throw .invalidRule(
                ruleIndex,
                "${\(placeholder)} holds a list or an object, which cannot be written inside the text \"\(text)\"; "
                    + "make the placeholder the whole value instead."
            )
        }
    }
}
