import ArgumentParser
import Foundation
import HearthCloudModel
import HearthCore
import HearthStore
import HearthSync

/// A signed-in connection to a Hearth server, for one sync command.
struct SyncSession {
    let client: CloudClient
    /// The server as the user wrote it, for messages.
    let server: String
    let serverKey: String
    let tokens: SecureTokenStore
    /// The kept sign-in was used (not --email), so a refusal means it has expired.
    let usedStoredToken: Bool

    /// When the server refused a kept sign-in, forgets it and says to sign in again; nil for any other error.
    func expiredSignIn(_ error: CloudError) -> SyncCommandFailure? {
        guard usedStoredToken,
            error.serverErrorCode == .authenticationFailed || error.serverErrorCode == .authenticationRequired
        else { return nil }
        try? tokens.remove(for: serverKey)
        return SyncCommandFailure(
            "The kept sign-in for \(server) is no longer valid; sign in again with --email and --password.")
    }

    /// What went wrong talking to `server`, for a person.
    static func describe(_ error: any Error, server: String, other: (any Error) -> String) -> String {
        switch error {
        case let error as CloudTransportError:
            "Cannot reach the server \(server): \(error.message)"
        case let error as CloudError:
            switch error.serverErrorCode {
            case .authenticationFailed: "The server refused the sign-in: \(error.reason)"
            case .exists: "An account with that email already exists on \(server); leave out --sign-up to sign in."
            default: "The server answered \(error.serverErrorCode): \(error.reason)"
            }
        default:
            other(error)
        }
    }
}
