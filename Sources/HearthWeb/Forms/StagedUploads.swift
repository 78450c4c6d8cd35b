import Foundation

/// Files uploaded for a preview, kept until the person confirms them (or for ``lifetime``), so the file is sent
/// once: a statement is read twice, first to show what would be added and skipped, then to import it. Each is
/// kept under a random token and given back only to the account that sent it; at most ``perAccount`` per
/// account and ``limit`` in all, the oldest going first.
actor StagedUploads {
    struct Staged: Sendable {
        var token: String
        var accountID: String
        var file: UploadedFile
        /// The choices made with the file (its format, the columns of a CSV), to import it as previewed.
        var choices: [String: String]
        var stagedAt: Date
    }

    /// How long a staged file waits for its confirmation.
    static let lifetime: TimeInterval = 30 * 60
    static let perAccount = 2
    static let limit = 64

    private var staged: [Staged] = []

    /// Keeps `file` for `accountID` as of `now`; the token that gives it back.
    func stage(_ file: UploadedFile, choices: [String: String], accountID: String, now: Date) -> String {
        expire(now)
        var generator = SystemRandomNumberGenerator()
        let token = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        let mine = staged.filter { $0.accountID == accountID }
        if mine.count >= Self.perAccount, let oldest = mine.first { staged.removeAll { $0.token == oldest.token } }
        if staged.count >= Self.limit { staged.removeFirst() }
        staged.append(Staged(token: token, accountID: accountID, file: file, choices: choices, stagedAt: now))
        return token
    }

    /// The file staged under `token` by `accountID`, still there at `now`; `remove` takes it away.
    func staged(_ token: String, accountID: String, now: Date, remove: Bool = false) -> Staged? {
        expire(now)
        guard let index = staged.firstIndex(where: { $0.token == token && $0.accountID == accountID }) else {
            return nil
        }
        let found = staged[index]
        if remove { staged.remove(at: index) }
        return found
    }

    private func expire(_ now: Date) {
        staged.removeAll {
            now.timeIntervalSince($0.stagedAt) > Self.lifetime || $0.stagedAt > now.addingTimeInterval(60)
        }
    }
}
