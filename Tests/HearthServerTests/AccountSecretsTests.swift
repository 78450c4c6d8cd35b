import Foundation
import HTTPTypes
import HearthCloud
import HearthCloudModel
import HearthCore
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import Testing

@testable import HearthServer

/// What the server keeps of codes and mail where someone other than the account's owner could read it: its log,
/// its database, its backups.
@Suite("Account secrets: logs, keys and backups", .timeLimit(.minutes(10)))
struct AccountSecretsTests {
    @Test(
        "with a mail server set and down, a password reset logs the recipient's domain and the error, never the code or the mail"
    )
    func resetCodesNeverLogged() async throws {
        guard let smtp = try await SMTPTestServer.start() else { return }
        let handler = InMemoryLogHandler()
        var logger = Logger(label: "hearth.test", factory: { _ in handler })
        logger.logLevel = .trace
        var configuration = try AccountCodeRoutesTests.configuration(smtp)
        configuration.logLevel = .trace
        let app = try await buildApplication(configuration, logger: logger)
        try await app.test(.live) { client in
            // A verified account, through the mail server while it is up.
            let token = try await AccountCodeRoutesTests.signUp(client, email: "ana@example.com")
            #expect(
                try await AccountCodeRoutesTests.empty(client, "/cloud/v1/accounts/verification/request", token).status
                    == .accepted)
            let verification = try await AccountCodeRoutesTests.code(smtp, 1)
            _ = try await post(
                client, "/cloud/v1/accounts/verification/confirm", token,
                CloudVerificationConfirmRequest(code: verification))
            await smtp.stop()

            let asked = try await client.execute(
                uri: "/cloud/v1/accounts/password/reset/request", method: .post, headers: jsonHeaders,
                body: body(CloudPasswordResetRequest(emailAddress: "ana@example.com")))
            #expect(asked.status == .accepted)
            try await waitUntil("the outbox gives up on the message") {
                handler.entries.contains { $0.message.description.contains("An email could not be sent") }
            }
            let failure = try #require(
                handler.entries.first { $0.message.description.contains("An email could not be sent") })
            #expect(failure.level == .error)
            #expect(failure.metadata["mail.to.domain"] == "example.com")
            #expect(failure.metadata["error"] != nil)
            // No entry, at any level, holds a code, a subject or a body.
            for entry in handler.entries {
                let line = entry.message.description + " " + entry.metadata.description
                #expect(line.firstMatch(of: /\b\d{6}\b/) == nil, "a code in the log: \(line)")
                #expect(!line.contains("reset code"), "a subject in the log: \(line)")
                #expect(!line.contains("ana@example.com"), "an address in the log: \(line)")
            }
        }
    }

    @Test("the server keeps its secret in server.key (0600, made once), and no backup carries it")
    func serverKey() async throws {
        let configuration = testConfiguration()
        let app = try await buildApplication(configuration)
        try await app.test(.router) { _ in }
        let key = configuration.dataDirectory.appendingPathComponent("server.key")
        let attributes = try FileManager.default.attributesOfItem(atPath: key.path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let bytes = try Data(contentsOf: key)
        #expect(bytes.count == 32)
        // A second start keeps it: codes mailed before a restart still work after it.
        _ = try await buildApplication(configuration)
        #expect(try Data(contentsOf: key) == bytes)

        let archive = configuration.dataDirectory.deletingLastPathComponent().appendingPathComponent(
            "backup-\(UUID().uuidString).zip")
        defer { try? FileManager.default.removeItem(at: archive) }
        let manifest = try await DataBackup(dataDirectory: configuration.dataDirectory).write(to: archive)
        #expect(manifest.entries.contains { $0.path == "data/cloud.sqlite" })
        #expect(!manifest.entries.contains { $0.path.hasSuffix("server.key") })

        // A key file that is not one is named, with the way out.
        try Data("short".utf8).write(to: key)
        let error = await #expect(throws: ServiceError.self) { _ = try await buildApplication(configuration) }
        #expect(error?.message.contains("server.key") == true && error?.message.contains("remove it") == true)
    }

    @Test("an address is mailed a day's cap of codes, however slowly they are asked for, then THROTTLED for hours")
    func codesPerDay() async throws {
        var configuration = testConfiguration()
        configuration.cloud.accountCodeRate = 1_000
        configuration.cloud.accountCodeBurst = 1_000
        configuration.cloud.accountCodesPerDay = 3
        let app = try await buildApplication(configuration)
        try await app.test(.router) { client in
            let token = try await AccountCodeRoutesTests.signUp(client, email: "ana@example.com")
            for _ in 0..<3 {
                #expect(
                    try await AccountCodeRoutesTests.empty(client, "/cloud/v1/accounts/verification/request", token)
                        .status == .accepted)
            }
            let refused = try errorBody(
                try await AccountCodeRoutesTests.empty(client, "/cloud/v1/accounts/verification/request", token))
            #expect(refused.serverErrorCode == .throttled)
            #expect((refused.retryAfter ?? 0) > 3_600, "a day's cap waits hours: \(refused.retryAfter ?? 0)")
            // The reset route spends the same cap, and answers as it answers any address.
            let reset = try await client.execute(
                uri: "/cloud/v1/accounts/password/reset/request", method: .post, headers: jsonHeaders,
                body: body(CloudPasswordResetRequest(emailAddress: "ana@example.com")))
            #expect(reset.status == .tooManyRequests)
        }
    }
}
