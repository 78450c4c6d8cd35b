/// What a user may do, decided from their rules exactly as CASL's `createMongoAbility` decides.
///
/// Nothing is allowed unless a rule allows it. Rules are read from the last to the first and the first
/// that applies decides: later rules win, and an inverted rule that applies forbids. `manage` stands for
/// every action and `all` for every subject type.
///
/// A rule with conditions applies to a *type* check ("can they read some household?") and, on an
/// instance, only when the instance matches. An inverted rule with conditions does not forbid a type
/// check (unless its conditions are `{}`). A rule with `fields` applies only to those fields; a check
/// that names no field is answered by the rules that allow some field.
///
/// ```swift
/// let ability = try Ability(rules: [
///     PermissionRule("read", "Household", conditions: ["id": ["$in": ["h1"]]]),
/// ])
/// ability.can("read", "Household")                                  // true: at least some
/// ability.can("read", .instance("Household", ["id": "h1"]))        // true
/// ability.can("read", .instance("Household", ["id": "h2"]))        // false
/// ```
public struct Ability: Sendable {
    /// The action that stands for every action.
    public static let anyAction = "manage"
    /// The subject type that stands for every subject type.
    public static let anySubject = "all"

    /// The rules, in the order given.
    public let rules: [PermissionRule]
    private let loaded: [LoadedRule]

    /// Loads rules, refusing malformed ones and unknown condition operators with an error naming the rule.
    public init(rules: [PermissionRule]) throws(PermissionError) {
        var loaded: [LoadedRule] = []
        loaded.reserveCapacity(rules.count)
        for (index, rule) in rules.enumerated() {
            loaded.append(try LoadedRule(rule, index: index))
        }
        self.rules = rules
        self.loaded = loaded
    }

    /// Loads a user's permissions as the server sent them.
    public init(_ permissions: Permissions) throws(PermissionError) {
        try self.init(rules: permissions.rules)
    }

    /// Whether the rules allow `action` on `subject` (and on `field` of it, when given).
    public func can(_ action: String, _ subject: PermissionSubject, field: String? = nil) -> Bool {
        guard let rule = decidingRule(action, subject, field: field) else { return false }
        return !rule.rule.inverted
    }

    /// Whether the rules do not allow `action` on `subject` (or on `field` of it).
    public func cannot(_ action: String, _ subject: PermissionSubject, field: String? = nil) -> Bool {
        !can(action, subject, field: field)
    }

    /// The rule that decides the check: allowing when not inverted, forbidding when inverted; `nil` when
    /// no rule applies, which forbids.
    public func relevantRule(for action: String, _ subject: PermissionSubject, field: String? = nil) -> PermissionRule?
    {
        decidingRule(action, subject, field: field)?.rule
    }

    /// Throws ``PermissionError/Code/forbidden`` unless the rules allow the check. The message is the
    /// deciding inverted rule's `reason`, or `Cannot execute "ACTION" on "SUBJECT"` as in CASL.
    public func authorize(_ action: String, _ subject: PermissionSubject, field: String? = nil) throws(PermissionError)
    {
        let deciding = decidingRule(action, subject, field: field)
        if let deciding, !deciding.rule.inverted { return }
        let message = deciding?.rule.reason ?? "Cannot execute \"\(action)\" on \"\(subject.typeName)\""
        throw PermissionError(.forbidden, message, ruleIndex: deciding?.index)
    }

    /// The fields of `subject` the rules allow `action` on, as CASL's `permittedFieldsOf` lists them:
    /// rules that apply are taken from first to last, an allowing rule adds its fields (`allFields` when it
    /// names none) and an inverted rule removes its own.
    public func permittedFields(for action: String, _ subject: PermissionSubject, allFields: [String] = []) -> [String]
    {
        var permitted: [String] = []
        for candidate in loaded
        where candidate.covers(action, subject.typeName) && candidate.matchesConditions(of: subject) {
            for field in candidate.rule.fields ?? allFields {
                if candidate.rule.inverted {
                    permitted.removeAll { $0 == field }
                } else if !permitted.contains(field) {
                    permitted.append(field)
                }
            }
        }
        return permitted
    }

    private func decidingRule(_ action: String, _ subject: PermissionSubject, field: String?) -> LoadedRule? {
        let type = subject.typeName
        return loaded.last { candidate in
            candidate.covers(action, type) && candidate.matchesField(field) && candidate.matchesConditions(of: subject)
        }
    }
}

/// A rule checked and prepared for matching.
private struct LoadedRule: Sendable {
    let rule: PermissionRule
    let index: Int
    private let actions: Set<String>
    private let subjects: Set<String>
    private let conditions: RuleConditions?
    private let fields: FieldPattern?

    init(_ rule: PermissionRule, index: Int) throws(PermissionError) {
        if rule.actions.isEmpty || rule.actions.contains(where: \.isEmpty) {
            throw .invalidRule(index, "\"action\" must name at least one action, such as \"read\" or \"manage\".")
        }
        if let subjects = rule.subjects, subjects.isEmpty || subjects.contains(where: \.isEmpty) {
            throw .invalidRule(
                index,
                "\"subject\" must name at least one subject type, such as \"Household\" or \"all\"; leave it out to mean all."
            )
        }
        if let fields = rule.fields, fields.isEmpty || fields.contains(where: \.isEmpty) {
            throw .invalidRule(
                index, "\"fields\" cannot be empty or hold an empty name; leave it out to mean every field.")
        }
        self.rule = rule
        self.index = index
        actions = Set(rule.actions)
        subjects = Set(rule.subjects ?? [Ability.anySubject])
        conditions = try rule.conditions.map { conditions throws(PermissionError) in
            try RuleConditions(conditions, ruleIndex: index)
        }
        fields = rule.fields.map(FieldPattern.init)
    }

    /// Whether the rule is about this action and subject type, directly or through `manage` and `all`.
    func covers(_ action: String, _ type: String) -> Bool {
        (actions.contains(action) || actions.contains(Ability.anyAction))
            && (subjects.contains(type) || subjects.contains(Ability.anySubject))
    }

    /// CASL's `Rule.matchesField`: with no field asked, inverted field rules step aside.
    func matchesField(_ field: String?) -> Bool {
        guard let fields else { return true }
        guard let field else { return !rule.inverted }
        return fields.matches(field)
    }

    /// CASL's `Rule.matchesConditions`.
    func matchesConditions(of subject: PermissionSubject) -> Bool {
        guard let conditions else { return true }
        switch subject {
        case .type: return !rule.inverted || conditions.matchesAll
        case .instance(_, let attributes): return conditions.matches(attributes)
        }
    }
}
