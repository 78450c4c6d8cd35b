/// Changes to the caller's digest preferences: fields left out stay as they are.
struct DigestPreferencesInput: Codable, Sendable {
    let enabled: Bool?
    let email: Bool?
    let webhookUrl: String?
    let hour: Int?
    let timeZone: String?
    let daysAhead: Int?
}

struct DigestPreferencesArguments: Codable, Sendable {
    let userId: String?
}

struct SetDigestPreferencesArguments: Codable, Sendable {
    let userId: String?
    let input: DigestPreferencesInput
}
