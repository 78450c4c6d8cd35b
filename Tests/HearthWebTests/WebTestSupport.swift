import Foundation
import HTTPTypes
import HearthCloud
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import HearthServer

/// Servers and accounts for the pages' tests.
enum WebTest {
    static let password = "long enough password"

    /// A server on a fresh data directory, mailing through `smtp` when given (its codes go to the log otherwise).
    static func configuration(smtp: SMTPTestServer? = nil) throws -> ServerConfiguration {
        var configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, dataDirectory: scratchDirectory("hearth-web"), logLevel: .error,
            cloud: CloudConfiguration(bcryptCost: 4))
        if let smtp {
            configuration.smtp = try ServerConfiguration.smtp(
                url: "smtp://127.0.0.1:\(smtp.port)?starttls=off", from: "hearth@example.com", environment: [:])
        }
        return configuration
    }

    /// Signs a new account up through the sign-up page; the browser is signed in after.
    @discardableResult
    static func signUp(_ browser: WebBrowser, _ name: String = "cook") async throws -> String {
        let email = "\(name)-\(UUID().uuidString.prefix(8))@example.com".lowercased()
        try await browser.get("/signup")
        let created = try await browser.post(
            "/signup", [("email", email), ("password", password), ("confirm", password)])
        #expect(created.status == .seeOther, "sign-up: \(created.text)")
        #expect(browser.cookies["hearth_session"] != nil)
        return email
    }

    /// Creates a household through the pantry page; returns its id.
    static func household(_ browser: WebBrowser, _ name: String = "Home") async throws -> String {
        try await browser.get("/pantry")
        let created = try await browser.post("/pantry/households", [("name", name)])
        #expect(created.status == .seeOther)
        let location = try #require(created.location)
        return String(try #require(location.firstMatch(of: /\/pantry\/([^?\/]+)/)).1)
    }

    /// Adds an item through the items page; returns its id.
    static func item(
        _ browser: WebBrowser, _ household: String, name: String, quantity: String, unit: String = "",
        location: String = "Pantry", expires: String = ""
    ) async throws -> String {
        try await browser.get("/pantry/\(household)")
        let added = try await browser.post(
            "/pantry/\(household)/items",
            [
                ("name", name), ("quantity", quantity), ("unit", unit), ("location", location), ("category", "other"),
                ("expirationDate", expires),
            ])
        #expect(added.status == .seeOther, "adding \(name): \(added.text)")
        let location = try #require(added.location)
        return String(try #require(location.firstMatch(of: /item=([^&#]+)/)).1)
    }
}
