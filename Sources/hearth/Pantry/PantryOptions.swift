import ArgumentParser
import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel
import HearthStore
import HearthSync

/// The options every pantry command takes.
struct PantryOptions: ParsableArguments {
    @Option(
        help: "The server, such as http://127.0.0.1:8080 (default: the one last logged in to, else HEARTH_SERVER_URL).")
    var server: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    /// The login remembered by `hearth pantry login`.
    struct SavedLogin: Codable {
        let server: String
    }

    static let loginFile = "pantry-login.json"

    static var files: ProtectedFileStore {
        ProtectedFileStore(directory: dataFolder().appendingPathComponent("credentials"))
    }

    /// The server the command talks to: --server, the saved login's, or HEARTH_SERVER_URL.
    func serverURL() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        let saved = try? Self.files.readJSON(SavedLogin.self, from: Self.loginFile)
        guard let text = server ?? saved?.server ?? environment["HEARTH_SERVER_URL"].flatMap({ $0.isEmpty ? nil : $0 })
        else {
            throw ServiceError.validationFailed(
                "Give the server: --server http://HOST:PORT (or log in first with `hearth pantry login --server URL --email EMAIL`)."
            )
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        guard let url = URL(string: trimmed), let scheme = url.scheme, ["http", "https"].contains(scheme),
            url.host != nil
        else {
            throw ServiceError.validationFailed(
                "--server \"\(text)\" is not an http:// or https:// address such as http://127.0.0.1:8080.")
        }
        return url
    }

    /// Runs `body` with the pantry's services for the server; a refusal for want of a sign-in says how to sign in.
    func withServices<T: Sendable>(_ body: (DependencyContainer, URL) async throws -> T) async throws -> T {
        let url = try serverURL()
        return try await CloudClient.withHTTPClient { http in
            let services = ServiceFactory.makeServices(serverURL: url, httpClient: http, files: Self.files)
            do {
                return try await body(services, url)
            } catch let error as ServiceError where error.code == .notAuthenticated {
                throw ServiceError.notAuthenticated(
                    "\(error.message) Log in with `hearth pantry login --server \(url.absoluteString) --email EMAIL`.")
            }
        }
    }

    /// The household a command acts on: the one named (which becomes the last selected), else the current one
    /// (last selected, else primary, else first by name).
    static func household(_ named: String?, _ services: DependencyContainer) async throws -> String {
        let households = try services.households()
        if let named, !named.trimmingCharacters(in: .whitespaces).isEmpty {
            return try await households.selectHousehold(id: named).id
        }
        guard let current = try await households.getCurrentHousehold() else {
            throw ServiceError.validationFailed(
                "You belong to no household yet: create one with `hearth pantry household create NAME`, or join one with `hearth pantry household join CODE`."
            )
        }
        return current.id
    }

    /// The measurement system quantities are printed in (`hearth pantry preferences set --units`).
    static func units(_ services: DependencyContainer) async throws -> UserPreferences.AppSettings.MeasurementSystem {
        try await services.preferences().preferences().app.measurementUnit
    }

    /// Prints `value` as JSON, or `text` when --json is not given.
    func output<T: Encodable>(_ value: T, text: () -> String) throws {
        if json {
            let encoder = JSONEncoder.hearth
            encoder.outputFormatting.insert(.prettyPrinted)
            FileHandle.standardOutput.write(try encoder.encode(value))
            FileHandle.standardOutput.write(Data("\n".utf8))
        } else {
            print(text())
        }
    }
}
