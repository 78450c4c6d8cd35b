import Foundation
import HearthCloud
import HearthCloudModel
import HearthMail
import Hummingbird

/// The account routes around emailed codes: verifying the address, changing and resetting the password, and
/// signing out everywhere. Their bodies are capped at ``CloudAPI/smallBodyBytes`` before parsing, and the routes open to
/// strangers spend the client address's sign-in attempts before reading them.
extension CloudAPI {
    func registerAccountCodes(on cloud: RouterGroup<HearthRequestContext>) {
        cloud.post("accounts/verification/request") { request, context in
            let caller = try await signedIn(request, context).caller
            try await limitCodes(to: caller.emailAddress)
            let issued = try await accounts.requestVerification(for: caller)
            let message: MailMessage
            do {
                message = try Self.verificationMessage(issued)
            } catch {
                throw CloudError.badRequest(
                    "Mail cannot be sent to \(issued.emailAddress): Hearth sends only to ASCII addresses. Sign up with such an address to verify it."
                )
            }
            do {
                try await mail.send(message)
            } catch {
                throw CloudError(
                    .tryAgainLater,
                    "The verification code could not be emailed: \(error) Try again later; if it goes on, tell the server's operator.",
                    retryAfter: 60)
            }
            return try json(
                CloudCodeSent(emailAddress: issued.emailAddress, expiresAt: issued.expiresAt), status: .accepted)
        }
        cloud.post("accounts/verification/confirm") { request, context in
            let caller = try await signedIn(request, context).caller
            let body = try await decodeSmall(CloudVerificationConfirmRequest.self, from: request)
            return try json(try await accounts.confirmVerification(for: caller, code: body.code))
        }
        cloud.post("accounts/password/change") { request, context in
            let session = try await signedIn(request, context)
            let body = try await decodeSmall(CloudPasswordChangeRequest.self, from: request)
            // A password check is bcrypt's work: limited per account, as the pages' password form is.
            if let wait = try await signInLimiter.acquire("password:" + session.caller.userRecordName) {
                throw CloudError(
                    .throttled, "Too many password attempts for this account; wait \(wait) seconds.", retryAfter: wait)
            }
            try await limitAddress(context)
            try await accounts.changePassword(token: session.token, caller: session.caller, request: body)
            return Response(status: .noContent)
        }
        cloud.post("accounts/password/reset/request") { request, context in
            try await limitAddress(context)
            let body = try await decodeSmall(CloudPasswordResetRequest.self, from: request)
            if let problem = AccountRules.emailProblem(body.emailAddress) { throw CloudError.badRequest(problem) }
            let email = AccountRules.normalizedEmail(body.emailAddress)
            try await limitCodes(to: email)
            // The same answer, at once, whether a verified account has the address or not; the mail goes out after.
            if let issued = try await accounts.requestPasswordReset(emailAddress: email),
                let message = try? Self.resetMessage(issued)
            {
                outbox.enqueue(message)
            }
            let expires =
                Int64((Date().timeIntervalSince1970 * 1000).rounded())
                + Int64(configuration.accountCodeLifetime.components.seconds * 1000)
            return try json(CloudCodeSent(emailAddress: email, expiresAt: expires), status: .accepted)
        }
        cloud.post("accounts/password/reset/confirm") { request, context in
            try await limitAddress(context)
            let body = try await decodeSmall(CloudPasswordResetConfirmRequest.self, from: request)
            if let wait = try await signInLimiter.acquire("reset:" + AccountRules.normalizedEmail(body.emailAddress)) {
                throw CloudError(
                    .throttled, "Too many reset attempts for this email; wait \(wait) seconds.", retryAfter: wait)
            }
            try await accounts.resetPassword(body)
            return Response(status: .noContent)
        }
        cloud.post("accounts/signout/everywhere") { request, context in
            try await accounts.signOutEverywhere(try await signedIn(request, context).caller)
            return Response(status: .noContent)
        }
    }

    /// Spends one of the codes an address may be sent.
    private func limitCodes(to email: String) async throws {
        if let wait = try await codeLimiter.acquire("code:" + AccountRules.normalizedEmail(email)) {
            throw CloudError(
                .throttled,
                "Codes were sent to this address a moment ago; wait \(wait) seconds before asking for another, and use the latest one.",
                retryAfter: wait)
        }
    }

    static func minutes(_ issued: IssuedAccountCode, from now: Date = Date()) -> Int {
        max(1, Int((Double(issued.expiresAt) / 1000 - now.timeIntervalSince1970) / 60 + 0.5))
    }

    static func verificationMessage(_ issued: IssuedAccountCode) throws -> MailMessage {
        MailMessage(
            to: [try MailAddress(issued.emailAddress)],
            subject: "Your Hearth verification code: \(issued.code)",
            text: """
                Your code to verify this address for your Hearth account is:

                    \(issued.code)

                It works for \(minutes(issued)) minutes. Verified, the address receives the shares sent to it and password resets.
                If you did not ask for this code, ignore this email.
                """)
    }

    static func resetMessage(_ issued: IssuedAccountCode) throws -> MailMessage {
        MailMessage(
            to: [try MailAddress(issued.emailAddress)],
            subject: "Your Hearth password reset code: \(issued.code)",
            text: """
                Your code to set a new password for your Hearth account is:

                    \(issued.code)

                It works for \(minutes(issued)) minutes. Setting a new password signs the account out on every device.
                If you did not ask for this code, ignore this email; your password stays as it is.
                """)
    }
}
