/// The permission rules a user holds, as the server sent them: `{rules, version}`.
///
/// Each rule is a CASL-style object (`action`, `subject`, `fields`, `conditions`, `inverted`, `reason`). The rules
/// are kept as raw JSON so the models need no permission logic; HearthPermissions decodes and evaluates them.
public struct UserPermissions: Codable, Sendable, Hashable {
    /// The rules, in order (later rules win over earlier ones).
    public let rules: [RawJSON]
    /// The version of the rule set, which changes whenever the rules change (the server writes 16 hex digits).
    public let version: String

    public init(rules: [RawJSON] = [], version: String = "0") {
        self.rules = rules
        self.version = version
    }

    private enum CodingKeys: String, CodingKey { case rules, version }

    /// Reads the rules; a version written as a number (as older copies have it) is read as its digits.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let version: String
        if let number = try? c.decode(Int.self, forKey: .version) {
            version = String(number)
        } else {
            version = try c.decodeIfPresent(String.self, forKey: .version) ?? "0"
        }
        self.init(rules: try c.decodeIfPresent([RawJSON].self, forKey: .rules) ?? [], version: version)
    }
}
