/// One permission rule, in the JSON shape CASL (`@casl/ability`) uses for raw rules:
/// `{action, subject?, fields?, conditions?, inverted?, reason?}`.
///
/// `action`, `subject` and `fields` may each be a string or an array of strings in JSON; both decode,
/// and a list of one encodes as a plain string, many as an array, as CASL's builder writes them.
/// A rule with no subject applies to every subject, like one for `all`.
///
/// ```swift
/// let rules = [
///     PermissionRule("read", "Household", conditions: ["id": ["$in": ["h1", "h2"]]]),
///     PermissionRule("delete", "Household", inverted: true, reason: "Only an owner may delete a household"),
/// ]
/// ```
public struct PermissionRule: Sendable, Hashable {
    /// The actions the rule covers; `manage` covers every action.
    public let actions: [String]
    /// The subject types the rule covers; `nil` or `all` covers every subject.
    public let subjects: [String]?
    /// The fields the rule is limited to (patterns with `*` and `**`); `nil` means every field.
    public let fields: [String]?
    /// MongoDB-style conditions an instance must match; `nil` means every instance.
    public let conditions: [String: PermissionValue]?
    /// Whether the rule forbids rather than allows.
    public let inverted: Bool
    /// Why the rule forbids, shown in the forbidden error it decides.
    public let reason: String?

    public init(
        _ actions: [String],
        _ subjects: [String]? = nil,
        fields: [String]? = nil,
        conditions: [String: PermissionValue]? = nil,
        inverted: Bool = false,
        reason: String? = nil
    ) {
        self.actions = actions
        self.subjects = subjects
        self.fields = fields
        self.conditions = conditions
        self.inverted = inverted
        self.reason = reason
    }

    /// A rule for one action on one subject type (or on every subject when `subject` is `nil`).
    public init(
        _ action: String,
        _ subject: String? = nil,
        fields: [String]? = nil,
        conditions: [String: PermissionValue]? = nil,
        inverted: Bool = false,
        reason: String? = nil
    ) {
        self.init(
            [action], subject.map { [$0] }, fields: fields, conditions: conditions, inverted: inverted, reason: reason)
    }

    /// The same rule with other conditions, as filling a template produces.
    func with(conditions: [String: PermissionValue]?) -> PermissionRule {
        PermissionRule(actions, subjects, fields: fields, conditions: conditions, inverted: inverted, reason: reason)
    }
}

extension PermissionRule: Codable {
    private enum CodingKeys: String, CodingKey {
        case action, subject, fields, conditions, inverted, reason
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        actions = try Self.decodeStrings(container, .action)
        subjects = try Self.decodeOptionalStrings(container, .subject)
        fields = try Self.decodeOptionalStrings(container, .fields)
        conditions = try container.decodeIfPresent([String: PermissionValue].self, forKey: .conditions)
        inverted = try container.decodeIfPresent(Bool.self, forKey: .inverted) ?? false
        reason = try container.decodeIfPresent(String.self, forKey: .reason)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try Self.encodeStrings(actions, &container, .action)
        if let subjects { try Self.encodeStrings(subjects, &container, .subject) }
        if let fields { try Self.encodeStrings(fields, &container, .fields) }
        try container.encodeIfPresent(conditions, forKey: .conditions)
        if inverted { try container.encode(true, forKey: .inverted) }
        try container.encodeIfPresent(reason, forKey: .reason)
    }

    private static func decodeOptionalStrings(
        _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
    ) throws -> [String]? {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
        return try decodeStrings(container, key)
    }

    private static func decodeStrings(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws
        -> [String]
    {
        guard container.contains(key) else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: "Every rule needs an \"action\": a string such as \"read\" or an array of them."
                ))
        }
        if let one = try? container.decode(String.self, forKey: key) { return [one] }
        if let many = try? container.decode([String].self, forKey: key) { return many }
        throw DecodingError.dataCorruptedError(
            forKey: key, in: container,
            debugDescription: "\"\(key.stringValue)\" must be a string or an array of strings."
        )
    }

    private static func encodeStrings(
        _ strings: [String], _ container: inout KeyedEncodingContainer<CodingKeys>, _ key: CodingKeys
    ) throws {
        if strings.count == 1 {
            try container.encode(strings[0], forKey: key)
        } else {
            try container.encode(strings, forKey: key)
        }
    }
}
