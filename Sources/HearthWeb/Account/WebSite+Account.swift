import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
import Hummingbird
import Logging

/// Signing up, proving the address, signing in and out, the password, and the account's sessions.
extension WebSite {
    func registerAccount<Context: WebRequestContext>(on router: Router<Context>) {
        router.get("/") { request, context in
            await answer(request, context) { visit in
                throw WebRedirect(location: visit.caller == nil ? "/signin" : "/pantry")
            }
        }
        router.get("/signin") { request, context in
            await answer(request, context) { visit in
                if visit.caller != nil {
                    throw WebRedirect(
                        location: LocalPath(request.uri.queryParameters["next"])?.description ?? "/pantry")
                }
                return try render(
                    "signin",
                    [
                        "title": "Sign in",
                        "next": LocalPath(request.uri.queryParameters["next"])?.description ?? "",
                    ], visit: visit)
            }
        }
        router.post("/signin") { request, context in
            await visitorForm(request, context) { visit, form in
                let next = LocalPath(form["next"])?.description ?? "/pantry"
                var errors = FormErrors()
                if form["email"] == nil { errors.add("email", "Enter the email address you signed up with.") }
                if form["password"] == nil { errors.add("password", "Enter your password.") }
                guard errors.isEmpty else { return try signInAgain(form, errors, visit: visit) }
                if let wait = try await limits.address.acquire("address:" + context.clientLimitKey) {
                    throw Self.tooMany("Too many sign-in attempts from your address", wait: wait)
                }
                let email = AccountRules.normalizedEmail(form["email"] ?? "")
                if let wait = try await limits.signIn.acquire("signin:" + email) {
                    throw Self.tooMany("Too many sign-in attempts for this email", wait: wait)
                }
                let session: CloudSession
                do {
                    session = try await accounts.signIn(
                        CloudSignInRequest(emailAddress: email, password: form["password"] ?? ""))
                } catch let error as CloudError where error.serverErrorCode == .authenticationFailed {
                    errors.add(
                        "password",
                        "The email or the password is wrong. Check both, or sign up if you have no account yet.")
                    return try signInAgain(form, errors, visit: visit)
                }
                return signedIn(session, to: next, visit: visit)
            }
        }
        router.get("/signup") { request, context in
            await answer(request, context) { visit in
                if visit.caller != nil { throw WebRedirect(location: "/pantry") }
                return try render("signup", ["title": "Create an account"], visit: visit)
            }
        }
        router.post("/signup") { request, context in
            await visitorForm(request, context) { visit, form in
                let email = form["email"] ?? ""
                let password = form["password"] ?? ""
                var errors = FormErrors()
                if let problem = AccountRules.emailProblem(email) { errors.add("email", problem) }
                if let problem = AccountRules.passwordProblem(password) { errors.add("password", problem) }
                if password != (form["confirm"] ?? "") {
                    errors.add("confirm", "The two passwords differ; type the same password twice.")
                }
                guard errors.isEmpty else { return try signUpAgain(form, errors, visit: visit) }
                if let wait = try await limits.address.acquire("address:" + context.clientLimitKey) {
                    throw Self.tooMany("Too many attempts from your address", wait: wait)
                }
                if let wait = try await limits.signUp.acquire(context.clientLimitKey) {
                    throw Self.tooMany("Too many sign-ups from your address", wait: wait)
                }
                do {
                    _ = try await accounts.signUp(CloudSignUpRequest(emailAddress: email, password: password))
                } catch let error as CloudError
                    where error.serverErrorCode == .exists || error.serverErrorCode == .badRequest
                {
                    errors.add("email", error.reason)
                    return try signUpAgain(form, errors, visit: visit)
                }
                let session = try await accounts.signIn(CloudSignInRequest(emailAddress: email, password: password))
                let caller = try await accounts.authenticate(token: session.token)
                let sent = (try? await mailCode(to: caller)) ?? false
                return signedIn(session, to: sent ? "/verify?sent=1" : "/verify", visit: visit)
            }
        }
        router.get("/verify") { request, context in
            await page(request, context) { visit, caller in
                try render(
                    "verify",
                    [
                        "title": "Verify your address", "email": caller.emailAddress, "verified": caller.emailVerified,
                        "sent": request.uri.queryParameters["sent"] != nil,
                    ], visit: visit)
            }
        }
        router.post("/verify") { request, context in
            await form(request, context) { visit, caller, form in
                do {
                    _ = try await accounts.confirmVerification(for: caller, code: form["code"] ?? "")
                } catch let error as CloudError {
                    var errors = FormErrors()
                    errors.add("code", error.reason)
                    return try render(
                        "verify",
                        ["title": "Verify your address", "email": caller.emailAddress, "code": form["code"] ?? ""]
                            .merging(errors.templateValues) { $1 }, visit: visit, status: .unprocessableContent)
                }
                throw WebRedirect(location: "/pantry?notice=verified")
            }
        }
        router.post("/verify/resend") { request, context in
            await form(request, context) { visit, caller, _ in
                _ = try await mailCode(to: caller)
                throw WebRedirect(location: "/verify?sent=1")
            }
        }
        router.post("/signout") { request, context in
            await form(request, context) { visit, _, _ in
                if let token = visit.token { try await accounts.signOut(token: token) }
                var response = redirect("/signin", visit: visit)
                response.setCookie(visit.cookies.expired(WebCookies.session))
                return response
            }
        }
        router.get("/account") { request, context in
            await page(request, context) { visit, caller in
                try await accountPage(
                    caller, visit: visit, notice: request.uri.queryParameters["notice"].map(String.init))
            }
        }
        router.post("/account/password") { request, context in
            await form(request, context) { visit, caller, form in
                var errors = FormErrors()
                if form["current"] == nil { errors.add("current", "Enter your current password.") }
                if let problem = AccountRules.passwordProblem(form["new"] ?? "") { errors.add("new", problem) }
                if form["new"] != form["confirm"] {
                    errors.add("confirm", "The two new passwords differ; type the same password twice.")
                }
                if errors.isEmpty, let token = visit.token {
                    // A password check is bcrypt's work: limited per account and per address before it runs.
                    if let wait = try await limits.signIn.acquire("password:" + caller.userRecordName) {
                        throw Self.tooMany("Too many password attempts for this account", wait: wait)
                    }
                    if let wait = try await limits.address.acquire("address:" + context.clientLimitKey) {
                        throw Self.tooMany("Too many password attempts from your address", wait: wait)
                    }
                    do {
                        try await accounts.changePassword(
                            token: token, caller: caller,
                            request: CloudPasswordChangeRequest(
                                currentPassword: form["current"] ?? "", newPassword: form["new"] ?? ""))
                        throw WebRedirect(location: "/account?notice=password")
                    } catch let error as CloudError {
                        errors.add("current", error.reason)
                    }
                }
                return try await accountPage(caller, visit: visit, errors: errors, status: .unprocessableContent)
            }
        }
        router.post("/account/signout-everywhere") { request, context in
            await form(request, context) { visit, caller, _ in
                try await accounts.signOutEverywhere(caller)
                var response = redirect("/signin", visit: visit)
                response.setCookie(visit.cookies.expired(WebCookies.session))
                return response
            }
        }
    }

    private func signInAgain(_ form: FormBody, _ errors: FormErrors, visit: WebVisit) throws -> Response {
        try render(
            "signin",
            ["title": "Sign in", "email": form["email"] ?? "", "next": LocalPath(form["next"])?.description ?? ""]
                .merging(
                    errors.templateValues
                ) { $1 },
            visit: visit, status: .unprocessableContent)
    }

    private func signUpAgain(_ form: FormBody, _ errors: FormErrors, visit: WebVisit) throws -> Response {
        try render(
            "signup",
            ["title": "Create an account", "email": form["email"] ?? ""].merging(errors.templateValues) { $1 },
            visit: visit, status: .unprocessableContent)
    }

    /// The session cookie for `session`, and the browser sent on to `location`.
    private func signedIn(_ session: CloudSession, to location: String, visit: WebVisit) -> Response {
        var response = redirect(location, visit: visit)
        response.setCookie(
            visit.cookies.cookie(WebCookies.session, session.token, maxAge: Int(sessionLifetime.components.seconds)))
        response.setCookie(visit.cookies.expired(WebCookies.visitor))
        return response
    }

    /// Mails a fresh verification code, within the codes an address may be sent; false when mail is not set up
    /// or failed (the code is in the server's log then, as the mail settings say).
    private func mailCode(to caller: CloudCaller) async throws -> Bool {
        if let wait = try await limits.codes.acquire("code:" + AccountRules.normalizedEmail(caller.emailAddress)) {
            throw Self.tooMany(
                "Codes were sent to this address a short while ago; use the latest one, or ask for another later",
                wait: wait)
        }
        let issued = try await accounts.requestVerification(for: caller)
        do {
            try await sendVerification(issued)
            return true
        } catch {
            logger.warning(
                "A verification code could not be mailed",
                metadata: [
                    "mail.to.domain": .string(String(caller.emailAddress.split(separator: "@").last ?? "")),
                    "error": .string(Redaction.scrub((error as? ServiceError)?.message ?? "\(type(of: error))")),
                ])
            return false
        }
    }

    private func accountPage(
        _ caller: CloudCaller, visit: WebVisit, notice: String? = nil, errors: FormErrors = FormErrors(),
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let sessions = try await accounts.sessions(of: caller)
        let rows: [[String: Any]] = sessions.map { session in
            [
                "created": WebFormat.dateTime(milliseconds: session.createdAt),
                "expires": WebFormat.date(milliseconds: session.expiresAt),
                "current": visit.token.map { accounts.session(session, belongsTo: $0) } ?? false,
            ]
        }
        var values: [String: Any] = [
            "title": "Your account", "email": caller.emailAddress, "verified": caller.emailVerified,
            "sessions": rows, "sessionCount": rows.count,
            "notice": [
                "password": "Your password is changed; every other session was signed out.",
                "usageOn": "Thank you: the garage pages now record which of them you open, and nothing else.",
                "usageOff": "The pages no longer record which of them you open.",
            ][notice ?? ""] ?? "",
            "collectsUsage": usage != nil,
            "sharesUsage": usage == nil ? false : try await sharesUsage(caller.userRecordName),
        ]
        values.merge(errors.templateValues) { $1 }
        return try render("account", values, visit: visit, status: status)
    }
}
