import Foundation
import HTTPTypes
import HearthCloud
import HearthCloudModel
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import NIOCore
import Testing

@testable import HearthServer

/// The account routes around emailed codes, with a real mail server (aiosmtpd) receiving the codes: the stolen
/// share, verification, password change and reset, signing out everywhere, and the log-only default.
@Suite("Account routes: verified addresses, passwords, sessions", .timeLimit(.minutes(10)))
struct AccountCodeRoutesTests {
    /// A test server that mails through `smtp`.
    static func configuration(_ smtp: SMTPTestServer?) throws -> ServerConfiguration {
        var configuration = testConfiguration()
        if let smtp {
            configuration.smtp = try ServerConfiguration.smtp(
                url: "smtp://127.0.0.1:\(smtp.port)?starttls=off", from: "hearth@example.com", environment: [:])
        }
        return configuration
    }

    static func signUp(_ client: some TestClientProtocol, email: String, password: String = "long enough password")
        async throws -> String
    {
        let created = try await client.execute(
            uri: "/cloud/v1/accounts/signup", method: .post, headers: jsonHeaders,
            body: body(CloudSignUpRequest(emailAddress: email, password: password)))
        #expect(created.status == .created)
        return try await signIn(client, email: email, password: password)
    }

    static func signIn(_ client: some TestClientProtocol, email: String, password: String) async throws -> String {
        let response = try await client.execute(
            uri: "/cloud/v1/accounts/signin", method: .post, headers: jsonHeaders,
            body: body(CloudSignInRequest(emailAddress: email, password: password)))
        #expect(response.status == .ok, "signing in as \(email): \(String(buffer: response.body))")
        return try decode(CloudSession.self, response).token
    }

    /// The six digits in the `number`th message the mail server received, read from its text as a person would.
    static func code(_ server: SMTPTestServer, _ number: Int) async throws -> String {
        let message = try await server.message(number)
        #expect(message.defects.isEmpty)
        let text = try #require(message.text)
        return try #require(text.firstMatch(of: /\b(\d{6})\b/)).1.description
    }

    static func get(_ client: some TestClientProtocol, _ path: String, _ token: String) async throws -> TestResponse {
        try await client.execute(uri: path, method: .get, headers: authorized(token))
    }

    static func empty(_ client: some TestClientProtocol, _ path: String, _ token: String) async throws -> TestResponse {
        try await client.execute(uri: path, method: .post, headers: authorized(token))
    }

    @Test(
        "a stolen share: whoever signs up with an invited address sees no invitation and cannot accept; the verified owner of the address can"
    )
    func stolenShare() async throws {
        guard let smtp = try await SMTPTestServer.start() else { return }
        defer { Task { await smtp.stop() } }
        let app = try await buildApplication(try Self.configuration(smtp))
        try await app.test(.router) { client in
            let owner = try await Self.signUp(client, email: "owner@example.com")
            let pet = CloudRecord(recordName: "rex", recordType: "Pet", fields: ["name": .string("Rex")])
            _ = try await post(
                client, "/cloud/v1/private/records/modify", owner,
                CloudRecordsModifyRequest(operations: [CloudRecordOperation(operationType: .create, record: pet)]))
            let share = try decode(
                CloudShare.self,
                try await post(
                    client, "/cloud/v1/private/shares/create", owner, CloudShareCreateRequest(rootRecordName: "rex")))
            _ = try await post(
                client, "/cloud/v1/private/shares/participants/add", owner,
                CloudParticipantsAddRequest(
                    shareName: share.shareName,
                    participants: [CloudParticipantInvite(emailAddress: "someone@example.com", permission: .readOnly)]))

            let thief = try await Self.signUp(client, email: "someone@example.com")
            let listed = try decode(
                CloudSharesListResponse.self, try await Self.get(client, "/cloud/v1/shares/invitations", thief))
            #expect(listed.shares.isEmpty)
            // Even holding the token (it leaked some other way), accepting is refused and changes nothing.
            let accept = try await post(
                client, "/cloud/v1/shares/accept", thief, CloudShareAcceptRequest(shareToken: share.shareToken))
            let refused = try errorBody(accept)
            #expect(refused.serverErrorCode == .accessDenied && refused.reason.contains("has not verified yet"))
            let lookup = try decode(
                CloudShare.self,
                try await post(
                    client, "/cloud/v1/private/shares/lookup", owner, CloudShareReference(shareName: share.shareName)))
            #expect(
                lookup.participants.contains {
                    $0.emailAddress == "someone@example.com" && $0.userRecordName == nil
                        && $0.acceptanceStatus == .pending
                })

            // The code goes to the address, which only its owner reads; with it, the invitation is theirs.
            let sent = try await Self.empty(client, "/cloud/v1/accounts/verification/request", thief)
            #expect(sent.status == .accepted)
            #expect(try decode(CloudCodeSent.self, sent).emailAddress == "someone@example.com")
            #expect(try await smtp.envelope(1).rcptTos == ["someone@example.com"])
            let code = try await Self.code(smtp, 1)
            let confirmed = try decode(
                CloudCaller.self,
                try await post(
                    client, "/cloud/v1/accounts/verification/confirm", thief,
                    CloudVerificationConfirmRequest(code: code)))
            #expect(confirmed.emailVerified)
            let invitations = try decode(
                CloudSharesListResponse.self, try await Self.get(client, "/cloud/v1/shares/invitations", thief))
            #expect(invitations.shares.map(\.shareName) == [share.shareName])
            #expect(
                try await post(
                    client, "/cloud/v1/shares/accept", thief, CloudShareAcceptRequest(shareToken: share.shareToken)
                ).status == .ok)
        }
    }

    @Test(
        "verification: the caller route tells, a wrong code says what is left, codes to one address are limited, bodies are small"
    )
    func verification() async throws {
        guard let smtp = try await SMTPTestServer.start() else { return }
        defer { Task { await smtp.stop() } }
        var configuration = try Self.configuration(smtp)
        configuration.cloud.accountCodeRate = 0.001
        configuration.cloud.accountCodeBurst = 2
        let app = try await buildApplication(configuration)
        try await app.test(.router) { client in
            let token = try await Self.signUp(client, email: "ana@example.com")
            #expect(
                try decode(CloudCaller.self, try await Self.get(client, "/cloud/v1/accounts/caller", token))
                    .emailVerified == false)
            #expect(try await Self.empty(client, "/cloud/v1/accounts/verification/request", token).status == .accepted)
            let code = try await Self.code(smtp, 1)
            let message = try await smtp.message(1)
            #expect(message.subject == "Your Hearth verification code: \(code)")
            let wrong = code == "000000" ? "111111" : "000000"
            let refused = try errorBody(
                try await post(
                    client, "/cloud/v1/accounts/verification/confirm", token,
                    CloudVerificationConfirmRequest(code: wrong)))
            #expect(refused.serverErrorCode == .badRequest && refused.reason == "The code is wrong; 4 tries are left.")

            // A second request sends a new code; a third within the limit is THROTTLED.
            #expect(try await Self.empty(client, "/cloud/v1/accounts/verification/request", token).status == .accepted)
            let throttled = try errorBody(
                try await Self.empty(client, "/cloud/v1/accounts/verification/request", token))
            #expect(throttled.serverErrorCode == .throttled && throttled.retryAfter != nil)
            #expect(smtp.count == 2)
            let latest = try await Self.code(smtp, 2)

            // A body over 16 KiB is refused before it is read as JSON.
            let huge = "{\"code\":\"" + String(repeating: "1", count: 20_000) + "\"}"
            let tooLarge = try errorBody(
                try await postRaw(client, "/cloud/v1/accounts/verification/confirm", token, ByteBuffer(string: huge)))
            #expect(tooLarge.serverErrorCode == .limitExceeded)
            #expect(
                try decode(
                    CloudCaller.self,
                    try await post(
                        client, "/cloud/v1/accounts/verification/confirm", token,
                        CloudVerificationConfirmRequest(code: latest))
                ).emailVerified)
            #expect(
                try decode(CloudCaller.self, try await Self.get(client, "/cloud/v1/accounts/caller", token))
                    .emailVerified)
        }
    }

    @Test("a mail server that refuses the code's recipient: 503 TRY_AGAIN_LATER quoting it")
    func refusingMailServer() async throws {
        guard let smtp = try await SMTPTestServer.start(["--reject-rcpt"]) else { return }
        defer { Task { await smtp.stop() } }
        let app = try await buildApplication(try Self.configuration(smtp))
        try await app.test(.router) { client in
            let token = try await Self.signUp(client, email: "ana@example.com")
            let failed = try errorBody(try await Self.empty(client, "/cloud/v1/accounts/verification/request", token))
            #expect(failed.serverErrorCode == .tryAgainLater)
            #expect(failed.reason.contains("550") && failed.reason.contains("could not be emailed"))
        }
    }

    @Test("password reset: the same answer for any address, a code only to a verified one, every session revoked")
    func passwordReset() async throws {
        guard let smtp = try await SMTPTestServer.start() else { return }
        defer { Task { await smtp.stop() } }
        let app = try await buildApplication(try Self.configuration(smtp))
        try await app.test(.router) { client in
            let token = try await Self.signUp(client, email: "ana@example.com")
            _ = try await Self.signUp(client, email: "unverified@example.com")
            #expect(try await Self.empty(client, "/cloud/v1/accounts/verification/request", token).status == .accepted)
            _ = try decode(
                CloudCaller.self,
                try await post(
                    client, "/cloud/v1/accounts/verification/confirm", token,
                    CloudVerificationConfirmRequest(code: try await Self.code(smtp, 1))))

            var answers: [String: CloudCodeSent] = [:]
            for email in ["nobody@example.com", "unverified@example.com", "ana@example.com"] {
                let response = try await client.execute(
                    uri: "/cloud/v1/accounts/password/reset/request", method: .post, headers: jsonHeaders,
                    body: body(CloudPasswordResetRequest(emailAddress: email)))
                #expect(response.status == .accepted)
                answers[email] = try decode(CloudCodeSent.self, response)
            }
            #expect(answers.allSatisfy { $0.key == $0.value.emailAddress })
            // Only the verified address gets mail.
            let envelope = try await smtp.envelope(2)
            #expect(envelope.rcptTos == ["ana@example.com"])
            let code = try await Self.code(smtp, 2)
            #expect(try await smtp.message(2).subject.hasPrefix("Your Hearth password reset code"))

            let wrong = code == "000000" ? "111111" : "000000"
            func reset(_ email: String, _ code: String) async throws -> TestResponse {
                try await client.execute(
                    uri: "/cloud/v1/accounts/password/reset/confirm", method: .post, headers: jsonHeaders,
                    body: body(
                        CloudPasswordResetConfirmRequest(emailAddress: email, code: code, newPassword: "battery staple")
                    ))
            }
            let known = try errorBody(try await reset("ana@example.com", wrong))
            let unknown = try errorBody(try await reset("nobody@example.com", wrong))
            #expect(known.serverErrorCode == .badRequest && known.reason == unknown.reason)
            #expect(try await reset("ana@example.com", code).status == .noContent)
            #expect(
                try errorBody(try await Self.get(client, "/cloud/v1/accounts/caller", token)).serverErrorCode
                    == .authenticationFailed)
            _ = try await Self.signIn(client, email: "ana@example.com", password: "battery staple")
            #expect(smtp.count == 2)
        }
    }

    @Test("password change and signing out everywhere over HTTP")
    func passwordChangeAndSignOutEverywhere() async throws {
        let app = try await buildApplication(testConfiguration())
        try await app.test(.router) { client in
            let here = try await Self.signUp(client, email: "ana@example.com")
            let there = try await Self.signIn(client, email: "ana@example.com", password: "long enough password")
            let wrong = try errorBody(
                try await post(
                    client, "/cloud/v1/accounts/password/change", here,
                    CloudPasswordChangeRequest(currentPassword: "not it at all", newPassword: "battery staple")))
            #expect(wrong.serverErrorCode == .accessDenied)
            #expect(try await Self.get(client, "/cloud/v1/accounts/caller", there).status == .ok)
            #expect(
                try await post(
                    client, "/cloud/v1/accounts/password/change", here,
                    CloudPasswordChangeRequest(currentPassword: "long enough password", newPassword: "battery staple")
                ).status == .noContent)
            #expect(try await Self.get(client, "/cloud/v1/accounts/caller", here).status == .ok)
            #expect(try await Self.get(client, "/cloud/v1/accounts/caller", there).status == .unauthorized)

            let third = try await Self.signIn(client, email: "ana@example.com", password: "battery staple")
            // Both sessions were just served (and kept in the session cache); signing out everywhere ends them at once.
            #expect(try await Self.get(client, "/cloud/v1/accounts/caller", third).status == .ok)
            #expect(try await Self.empty(client, "/cloud/v1/accounts/signout/everywhere", here).status == .noContent)
            for token in [here, third] {
                #expect(
                    try errorBody(try await Self.get(client, "/cloud/v1/accounts/caller", token)).serverErrorCode
                        == .authenticationFailed)
            }
        }
    }

    @Test("without a mail server the code goes to the server's log, with a warning, and works")
    func logOnly() async throws {
        let handler = InMemoryLogHandler()
        var logger = Logger(label: "hearth.test", factory: { _ in handler })
        logger.logLevel = .info
        var configuration = testConfiguration()
        configuration.logLevel = .info
        let app = try await buildApplication(configuration, logger: logger)
        #expect(
            handler.entries.contains {
                $0.level == .warning && $0.message.description.contains("No mail server is configured")
            })
        try await app.test(.router) { client in
            let token = try await Self.signUp(client, email: "ana@example.com")
            #expect(try await Self.empty(client, "/cloud/v1/accounts/verification/request", token).status == .accepted)
            let entry = try #require(
                handler.entries.last { $0.message.description.contains("Your Hearth verification code") })
            #expect(entry.level == .warning)
            let code = try #require(entry.message.description.firstMatch(of: /code: (\d{6})/)).1.description
            #expect(
                try decode(
                    CloudCaller.self,
                    try await post(
                        client, "/cloud/v1/accounts/verification/confirm", token,
                        CloudVerificationConfirmRequest(code: code))
                ).emailVerified)
        }
    }
}
