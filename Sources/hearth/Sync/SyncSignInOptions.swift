import ArgumentParser
import Foundation
import HearthCloudModel
import HearthCore
import HearthStore
import HearthSync

/// The server and sign-in every `hearth … sync` command takes: --email and --password sign in (or up with
/// --sign-up) and the session is kept, readable only by you, in the data directory's credentials folder, so
/// later runs need only --server.
struct SyncSignInOptions: ParsableArguments {
    @Option(help: "The server, such as http://127.0.0.1:8080 (default: HEARTH_SERVER_URL).") var server: String?
    @Option(help: "Sign in with this email (with --password, or HEARTH_PASSWORD).") var email: String?
    @Option(help: "The password for --email (default: HEARTH_PASSWORD).") var password: String?
    @Flag(name: .customLong("sign-up"), help: "Create the account for --email first.") var signUp = false

    /// Signs in (or uses the kept sign-in) and runs `body` with the session; the HTTP client is shut down after.
    /// - Throws: ``SyncCommandFailure`` with the message for the user when the server or the sign-in is wrong.
    func withSession<T: Sendable>(
        describeOther: @escaping @Sendable (any Error) -> String, _ body: (SyncSession) async throws -> T
    ) async throws -> T {
        let environment = ProcessInfo.processInfo.environment
        guard let server = server ?? environment["HEARTH_SERVER_URL"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            throw SyncCommandFailure(
                "Give the server to sync with: --server http://HOST:PORT (or set HEARTH_SERVER_URL).")
        }
        let configuration: CloudClientConfiguration
        do {
            configuration = try CloudClientConfiguration.server(server)
        } catch let error as CloudTransportError {
            throw SyncCommandFailure("--server: \(error.message)")
        }
        let serverKey =
            "cloud " + configuration.serverURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let credentialsFolder = dataFolder().appendingPathComponent("credentials")
        let tokens = SecureTokenStore(files: ProtectedFileStore(directory: credentialsFolder))
        return try await CloudClient.withHTTPClient { http in
            let client = CloudClient(configuration: configuration, httpClient: http)
            var usedStoredToken = false
            if let email {
                guard let password = password ?? environment["HEARTH_PASSWORD"], !password.isEmpty else {
                    throw SyncCommandFailure("--email needs a password: give --password or set HEARTH_PASSWORD.")
                }
                do {
                    if signUp {
                        try await client.signUp(email: email, password: password)
                    } else {
                        try await client.signIn(email: email, password: password)
                    }
                    try tokens.save(client.token ?? "", for: serverKey)
                } catch {
                    throw SyncCommandFailure(SyncSession.describe(error, server: server, other: describeOther))
                }
            } else {
                if signUp { throw SyncCommandFailure("--sign-up needs --email and --password.") }
                let stored: String?
                do {
                    stored = try tokens.token(for: serverKey)
                } catch {
                    throw SyncCommandFailure(
                        "The kept sign-in in \(credentialsFolder.path) cannot be read: \(describeOther(error))")
                }
                guard let stored else {
                    throw SyncCommandFailure(
                        "Not signed in to \(server): run once with --email and --password (add --sign-up to create the account); the sign-in is then kept in \(credentialsFolder.path)."
                    )
                }
                client.setToken(stored)
                usedStoredToken = true
            }
            return try await body(
                SyncSession(
                    client: client, server: server, serverKey: serverKey, tokens: tokens,
                    usedStoredToken: usedStoredToken))
        }
    }
}
