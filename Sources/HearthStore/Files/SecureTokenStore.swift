import Foundation
import HearthCore

/// Bearer tokens and other secrets by account, kept in one ``ProtectedFileStore`` file (the Keychain job).
public struct SecureTokenStore: Sendable {
    private let files: ProtectedFileStore
    private let fileName: String

    /// A token store in `files`, in the file `fileName`.
    public init(files: ProtectedFileStore, fileName: String = "tokens.json") {
        self.files = files
        self.fileName = fileName
    }

    /// The token saved for `account`, or nil.
    public func token(for account: String) throws -> String? {
        try load()[account]
    }

    /// Saves `token` for `account`, replacing any earlier one.
    public func save(_ token: String, for account: String) throws {
        var tokens = try load()
        tokens[account] = token
        try files.writeJSON(tokens, to: fileName)
    }

    /// Forgets the token for `account`.
    public func remove(for account: String) throws {
        var tokens = try load()
        guard tokens.removeValue(forKey: account) != nil else { return }
        try files.writeJSON(tokens, to: fileName)
    }

    /// The accounts that have a token.
    public func accounts() throws -> [String] { try load().keys.sorted() }

    private func load() throws -> [String: String] {
        try files.readJSON([String: String].self, from: fileName) ?? [:]
    }
}
