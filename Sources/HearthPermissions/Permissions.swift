import Foundation

/// A user's rules and the version they were computed at: what `me { permissions { rules version } }`
/// answers, and what a client builds its ``Ability`` from.
public struct Permissions: Codable, Sendable, Hashable {
    /// The rules, in order: later rules win over earlier ones.
    public let rules: [PermissionRule]
    /// Changes whenever the rules change, so a client can tell whether the rules it holds are current.
    public let version: String

    public init(rules: [PermissionRule], version: String) {
        self.rules = rules
        self.version = version
    }

    /// Rules with a version derived from their content: the same rules always get the same version, and
    /// any change to them gives another (a 64-bit FNV-1a digest of their JSON with sorted keys).
    public init(rules: [PermissionRule]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(rules)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        self.init(rules: rules, version: String(repeating: "0", count: 16 - hex.count) + hex)
    }
}
