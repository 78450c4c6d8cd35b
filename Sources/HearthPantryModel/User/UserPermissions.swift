/// The permission rules a user holds, as the server sent them: `{rules, version}`.
///
/// Each rule is a CASL-style object (`action`, `subject`, `fields`, `conditions`, `inverted`, `reason`). The rules
/// are kept as raw JSON so the models need no permission logic; HearthPermissions decodes and evaluates them.
public struct UserPermissions: Codable, Sendable, Hashable {
    /// The rules, in order (later rules win over earlier ones).
    public let rules: [RawJSON]
    /// The version of the rule set, raised whenever the rules change.
    public let version: Int

    public init(rules: [RawJSON] = [], version: Int = 0) {
        self.rules = rules
        self.version = version
    }
}
