public import HearthCore

/// The signed-in member's daily digest preferences (the defaults until they set them).
public struct DigestPreferencesQuery: PantryOperation {
    public typealias Answer = DigestPreferences
    public static let kind = PantryOperationKind.query
    public static let document =
        "query DigestPreferences { digestPreferences { enabled email webhookUrl hour timeZone daysAhead } }"
    public static let field = "digestPreferences"
    public init() {}
}

/// Changes to the signed-in member's daily digest preferences: nil leaves a field as it is, an empty webhook URL
/// removes it.
public struct DigestPreferencesChanges: Sendable, Hashable {
    public var enabled: Bool?
    public var email: Bool?
    public var webhookURL: String?
    public var hour: Int?
    public var timeZone: String?
    public var daysAhead: Int?

    public init(
        enabled: Bool? = nil, email: Bool? = nil, webhookURL: String? = nil, hour: Int? = nil,
        timeZone: String? = nil, daysAhead: Int? = nil
    ) {
        self.enabled = enabled
        self.email = email
        self.webhookURL = webhookURL
        self.hour = hour
        self.timeZone = timeZone
        self.daysAhead = daysAhead
    }

    /// Whether it changes nothing.
    public var isEmpty: Bool {
        enabled == nil && email == nil && webhookURL == nil && hour == nil && timeZone == nil && daysAhead == nil
    }

    var json: AnyJSON {
        var input: [String: AnyJSON] = [:]
        if let enabled { input["enabled"] = .bool(enabled) }
        if let email { input["email"] = .bool(email) }
        if let webhookURL { input["webhookUrl"] = .string(webhookURL) }
        if let hour { input["hour"] = .int(Int64(hour)) }
        if let timeZone { input["timeZone"] = .string(timeZone) }
        if let daysAhead { input["daysAhead"] = .int(Int64(daysAhead)) }
        return .object(input)
    }
}

/// Changes the signed-in member's daily digest preferences; the server checks every field before it keeps any.
public struct SetDigestPreferencesMutation: PantryOperation {
    public typealias Answer = DigestPreferences
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation SetDigestPreferences($input: DigestPreferencesInput!) { setDigestPreferences(input: $input) { enabled email webhookUrl hour timeZone daysAhead } }"
    public static let field = "setDigestPreferences"
    public let changes: DigestPreferencesChanges
    public init(changes: DigestPreferencesChanges) { self.changes = changes }
    public var variables: [String: AnyJSON] { ["input": changes.json] }
}
