public import Foundation
import HTTPTypes
public import HearthCloud
import HearthCloudModel
import HearthCore
import HearthGarage
public import HearthPantryServer
public import Hummingbird
public import Logging

/// The pages a household opens in a browser, served by `hearth serve` at `/`: accounts, the pantry, the garage,
/// money and a word on health records.
///
/// Server-rendered HTML from Mustache templates compiled once at start-up, one stylesheet and one small script
/// of our own; every page and form works with JavaScript off. Sessions live in an `HttpOnly`, `SameSite=Lax`
/// cookie holding an account session token (stored hashed, listed on the account page); every form carries a
/// CSRF token; every answer carries a strict Content-Security-Policy. Pages read and write through the same
/// services and rules as the API: the pantry through its GraphQL service in this process, accounts through
/// ``AccountService``, the garage and money through the records of the account's private zones.
///
/// ```swift
/// let site = try await WebSite(accounts: accounts, pantry: pantry, records: store, limits: limits,
///                              secureCookies: true, sendVerification: send, logger: logger)
/// site.register(on: router)
/// ```
public struct WebSite: Sendable {
    let accounts: AccountService
    let pantry: PantryCalls
    let garage: GarageRecords
    let finance: FinanceRecords
    let templates: WebTemplates
    let assets: WebAssets
    let cookies: WebCookies
    let limits: WebLimits
    let sendVerification: @Sendable (IssuedAccountCode) async throws -> Void
    let sessionLifetime: Duration
    let clock: @Sendable () -> Date
    let logger: Logger
    /// The last pantry pages made, per account and path (``keptPantryPage(_:visit:_:)``).
    let keptPages = ReadCache<KeptPage<String>, ByteBuffer>(limit: 512)
    /// The last garage overviews made, per account (``keptPage(_:basis:visit:cache:_:)``).
    let keptGaragePages = ReadCache<KeptPage<GarageOverview>, ByteBuffer>(limit: 256)
    /// The last vehicle and transactions pages made, per account and path, with what they were made from.
    let keptRecordPages = ReadCache<KeptPage<RecordsPageBasis>, ByteBuffer>(limit: 256)
    /// Statements uploaded for a preview, waiting for their import.
    let stagedUploads = StagedUploads()
    /// The live-update streams open per account (at most 8 each).
    let liveStreams = OpenStreams(limit: 8)
    /// How often an open live-update stream sends a comment, and the clock it waits on.
    let heartbeat: (interval: Duration, clock: any Clock<Duration>)
    /// Where the garage pages record the screens opened; nil when this server collects no usage.
    let usage: WebUsage?
    /// What reads the mileage from an odometer photo; nil when this server reads no photos.
    let readOdometer: OdometerPhotoReading?
    /// Whether each account shares its usage of the pages, as last read.
    let usageChoices = TTLCache<String, Bool>(defaultTTL: .seconds(300), maximumCount: 10_000)

    /// - Parameters:
    ///   - accounts: sign-up, sign-in, sessions and codes, shared with the API.
    ///   - pantry: the pantry's GraphQL service, run in this process.
    ///   - records: the record store the devices of the garage and money apps sync with.
    ///   - limits: the API's rate limiters, shared.
    ///   - secureCookies: whether cookies are `Secure` (the server is reached over https).
    ///   - sessionLifetime: how long a sign-in lasts (the accounts' session lifetime).
    ///   - sendVerification: mails an address-verification code.
    ///   - clock: what "today" is for due dates and statuses.
    ///   - timers: what the live-update streams' heartbeats wait on.
    ///   - heartbeat: how often an open live-update stream sends a comment, so a browser that left is noticed.
    ///   - usage: the collector the garage pages record screen views to, for the accounts that share them.
    ///   - vinLookupURL: NHTSA's vPIC, asked for the model of a VIN typed without it; nil keeps VINs here.
    ///   - readOdometer: reads the mileage from an odometer photo; nil when the server reads no photos.
    public init(
        accounts: AccountService, pantry: any PantryGraphQLServing, records: any RecordStore, limits: WebLimits,
        secureCookies: Bool, sessionLifetime: Duration = .seconds(30 * 86_400),
        sendVerification: @escaping @Sendable (IssuedAccountCode) async throws -> Void,
        clock: @escaping @Sendable () -> Date = Date.init, timers: any Clock<Duration> = ContinuousClock(),
        heartbeat: Duration = .seconds(15), usage: WebUsage? = nil, vinLookupURL: URL? = nil,
        readOdometer: OdometerPhotoReading? = nil, logger: Logger
    ) async throws {
        self.accounts = accounts
        self.pantry = PantryCalls(graphQL: pantry)
        // A page read takes a copy of the user's zone up to a second old, so reloads and several tabs do not
        // each ask the record store; a write always brings the copy up to date first.
        self.garage = GarageRecords(
            store: records, freshness: 1,
            vinLookup: vinLookupURL.map {
                VINLookup(nhtsa: NHTSAClient(configuration: NHTSAConfiguration(vpicURL: $0)))
            },
            now: clock)
        self.finance = FinanceRecords(store: records, freshness: 1, now: clock)
        self.templates = try await WebTemplates.load()
        self.assets = try WebAssets.load()
        self.cookies = WebCookies(secure: secureCookies)
        self.limits = limits
        self.sendVerification = sendVerification
        self.sessionLifetime = sessionLifetime
        self.clock = clock
        self.heartbeat = (heartbeat, timers)
        self.usage = usage
        self.readOdometer = readOdometer
        self.logger = logger
    }

    /// Adds every page, form and asset to `router`.
    public func register<Context: WebRequestContext>(on router: Router<Context>) {
        registerAssets(on: router)
        registerAccount(on: router)
        registerUsage(on: router)
        registerPantry(on: router)
        registerKitchen(on: router)
        registerLive(on: router)
        registerRecords(on: router)
    }

    // MARK: Plumbing

    /// Who is asking. A session cookie that is unknown, expired or revoked spends one of the address's
    /// signed-out requests (as a bad API token does) and counts as no session.
    func visit(_ request: Request, _ context: some WebRequestContext) async throws -> WebVisit {
        let path = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
        let cookies = cookies.reached(overHTTPS: context.reachedOverHTTPS)
        if let token = WebCookies.value(WebCookies.session, in: request) {
            do {
                let caller = try await accounts.authenticate(token: token)
                return WebVisit(
                    caller: caller, token: token, secret: token, setsVisitorCookie: false, path: path, cookies: cookies)
            } catch let error as CloudError where error.serverErrorCode == .authenticationFailed {
                if let wait = try await limits.signedOut.acquire(context.clientLimitKey) {
                    throw Self.tooMany("Too many requests with a stale sign-in from your address", wait: wait)
                }
            }
        }
        if let visitor = WebCookies.value(WebCookies.visitor, in: request) {
            return WebVisit(
                caller: nil, token: nil, secret: visitor, setsVisitorCookie: false, path: path, cookies: cookies)
        }
        return WebVisit(
            caller: nil, token: nil, secret: WebCookies.randomValue(), setsVisitorCookie: true, path: path,
            cookies: cookies)
    }

    /// A page for a signed-in account: the browser is sent to sign in first, and comes back after.
    func page(
        _ request: Request, _ context: some WebRequestContext,
        _ build: @escaping @Sendable (WebVisit, CloudCaller) async throws -> Response
    ) async -> Response {
        await answer(request, context) { visit in
            guard let caller = visit.caller else {
                throw WebRedirect(location: "/signin?next=" + Self.queryEscaped(visit.path))
            }
            return try await build(visit, caller)
        }
    }

    /// A form sent by a signed-in account: checked for its origin and CSRF token before anything is read or
    /// written; a refusal is 403 and writes nothing. Each one spends one of the account's requests, as an API
    /// request does (429 with `Retry-After` past the limit).
    func form(
        _ request: Request, _ context: some WebRequestContext, uploadLimit: Int = 0,
        _ handle: @escaping @Sendable (WebVisit, CloudCaller, FormBody) async throws -> Response
    ) async -> Response {
        await visitorForm(request, context, uploadLimit: uploadLimit) { visit, form in
            guard let caller = visit.caller else {
                throw WebRedirect(location: "/signin")
            }
            if let wait = try await limits.requests.acquire(caller.userRecordName) {
                throw Self.tooMany("Too many changes in a short time from your account", wait: wait)
            }
            return try await handle(visit, caller, form)
        }
    }

    /// A form anyone may send (sign in, sign up), with the same checks.
    func visitorForm(
        _ request: Request, _ context: some WebRequestContext, uploadLimit: Int = 0,
        _ handle: @escaping @Sendable (WebVisit, FormBody) async throws -> Response
    ) async -> Response {
        await answer(request, context) { visit in
            guard Self.sameOrigin(request) else {
                return try render(
                    "error",
                    [
                        "title": "Refused",
                        "message":
                            "This form was sent from another site, so nothing was saved. Open Hearth and send it from there.",
                    ], visit: visit, status: .forbidden)
            }
            let form = try await FormBody.read(request, context: context, uploadLimit: uploadLimit)
            guard CSRFToken.matches(form[CSRFToken.field], secret: visit.secret) else {
                return try render(
                    "error",
                    [
                        "title": "Refused",
                        "message":
                            "This form has expired or did not come from this page, so nothing was saved. Go back, reload the page and send it again.",
                    ], visit: visit, status: .forbidden)
            }
            return try await handle(visit, form)
        }
    }

    /// Runs `build`, turning redirects and errors into pages: a missing or foreign thing is 404, a refusal by
    /// the rules 403, too many attempts 429; anything unexpected is logged and shown as 500 without details.
    func answer(_ request: Request, _ context: some WebRequestContext, _ build: (WebVisit) async throws -> Response)
        async -> Response
    {
        let visit: WebVisit
        do {
            visit = try await self.visit(request, context)
        } catch {
            // Refused before it was known who is asking (too many stale sessions): answered as a new visitor.
            let stranger = WebVisit(
                caller: nil, token: nil, secret: WebCookies.randomValue(), setsVisitorCookie: true,
                path: request.uri.path, cookies: cookies.reached(overHTTPS: context.reachedOverHTTPS))
            return failure(error, request, visit: stranger)
        }
        do {
            return try await build(visit)
        } catch {
            return failure(error, request, visit: visit)
        }
    }

    /// What a page that threw `error` answers: the redirect it asked for, or an error page.
    private func failure(_ error: any Error, _ request: Request, visit: WebVisit) -> Response {
        switch error {
        case let redirect as WebRedirect:
            return self.redirect(redirect.location, visit: visit)
        case let error as HTTPError:
            return
                (try? render(
                    "error", ["title": "Not accepted", "message": error.body ?? "The request was not accepted."],
                    visit: visit, status: error.status))
                ?? Response(status: error.status)
        default:
            let (status, title, message) = Self.explain(error)
            if status == .internalServerError {
                logger.error("A page failed", metadata: ["path": "\(request.uri.path)", "error": "\(error)"])
            }
            var response =
                (try? render("error", ["title": title, "message": message], visit: visit, status: status))
                ?? Response(status: status)
            if status == .tooManyRequests { response.headers[.retryAfter] = "\(Self.retryAfter(error))" }
            return response
        }
    }

    /// A refusal for going too fast: 429, with `Retry-After` and the message saying how long to wait.
    static func tooMany(_ what: String, wait: Int) -> ServiceError {
        ServiceError(.rateLimited, "\(what); wait \(wait) seconds.", retryAfter: .seconds(wait))
    }

    /// The seconds a refused client should wait, as `Retry-After` says: what the refusal named, else one.
    static func retryAfter(_ error: any Error) -> Int {
        if let error = error as? ServiceError, let wait = error.retryAfter {
            return max(1, Int(wait.components.seconds))
        }
        if let error = error as? CloudError, let wait = error.retryAfter { return max(1, wait) }
        return 1
    }

    static func explain(_ error: any Error) -> (HTTPResponse.Status, String, String) {
        if let error = error as? ServiceError {
            switch error.code {
            case .notFound:
                return (
                    .notFound, "Not found", error.message + " It may have been deleted, or it belongs to someone else."
                )
            case .unauthorized: return (.forbidden, "Not allowed", error.message)
            case .notAuthenticated: return (.unauthorized, "Sign in", "Sign in again to go on.")
            case .rateLimited: return (.tooManyRequests, "Slow down", error.message)
            case .validationFailed, .staleVersion, .conflict:
                return (.unprocessableContent, "Not saved", Self.sentences(error))
            default:
                return (
                    .internalServerError, "Something went wrong",
                    "The page could not be made. Try again; if it goes on, tell the server's operator."
                )
            }
        }
        if let error = error as? CloudError {
            switch error.serverErrorCode {
            case .notFound: return (.notFound, "Not found", error.reason)
            case .throttled: return (.tooManyRequests, "Slow down", error.reason)
            case .badRequest: return (.unprocessableContent, "Not saved", error.reason)
            case .accessDenied: return (.forbidden, "Not allowed", error.reason)
            default:
                return (
                    .internalServerError, "Something went wrong",
                    "The page could not be made. Try again; if it goes on, tell the server's operator."
                )
            }
        }
        return (
            .internalServerError, "Something went wrong",
            "The page could not be made. Try again; if it goes on, tell the server's operator."
        )
    }

    /// `values` without their empty strings, at every depth: a template's `{{#name}}…{{/name}}` shows its part
    /// only when there is something to show, and a missing value prints as nothing anyway.
    static func pruned(_ values: [String: Any]) -> [String: Any] {
        var kept: [String: Any] = [:]
        kept.reserveCapacity(values.count)
        for (key, value) in values {
            switch value {
            case let text as String where text.isEmpty: continue
            case let nested as [String: Any]: kept[key] = pruned(nested)
            case let rows as [[String: Any]]: kept[key] = rows.map(pruned)
            default: kept[key] = value
            }
        }
        return kept
    }

    /// An error's message and its reasons, each once.
    static func sentences(_ error: ServiceError) -> String {
        var seen = Set<String>()
        return ([error.message] + error.reasons).filter { !$0.isEmpty && seen.insert($0).inserted }.joined(
            separator: " ")
    }

    /// `attempt`'s answer; when the service refuses what was typed (`validationFailed`), the page `again` makes
    /// with the problems named, answered 422 Unprocessable Content: nothing was saved, and the form shows again.
    func refusable(
        _ attempt: () async throws -> Response, again: (_ problems: String) async throws -> Response
    ) async throws -> Response {
        do {
            return try await attempt()
        } catch let error as ServiceError where error.code == .validationFailed {
            var response = try await again(Self.sentences(error))
            response.status = .unprocessableContent
            return response
        }
    }

    /// The page `template` in the layout, for `visit`.
    func render(_ template: String, _ values: [String: Any], visit: WebVisit, status: HTTPResponse.Status = .ok) throws
        -> Response
    {
        html(try page(template, values, visit: visit), visit: visit, status: status)
    }

    /// The page `template` in the layout, for `visit`, as bytes.
    func page(_ template: String, _ values: [String: Any], visit: WebVisit) throws -> ByteBuffer {
        var all = values
        all["csrf"] = visit.csrf
        if let caller = visit.caller {
            all["signedIn"] = ["email": caller.emailAddress, "verified": caller.emailVerified]
        }
        return ByteBuffer(string: try templates.render(template, Self.pruned(all)))
    }

    /// An HTML answer of `body`, with the security headers (and the visitor cookie when it is new).
    func html(_ body: ByteBuffer, visit: WebVisit, status: HTTPResponse.Status = .ok) -> Response {
        var response = Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: body))
        SecurityHeaders.add(to: &response.headers)
        if visit.setsVisitorCookie {
            response.setCookie(visit.cookies.cookie(WebCookies.visitor, visit.secret, maxAge: nil))
        }
        return response
    }

    /// A pantry page as it was last made for this session and address, while nothing it could show has changed
    /// (the viewer's pantry answers stand where they stood, on the same day); else `build` makes it again. Pages
    /// carrying a one-off notice are always made afresh.
    func keptPantryPage(_ request: Request, visit: WebVisit, _ build: @escaping @Sendable () async throws -> ByteBuffer)
        async throws -> Response
    {
        let viewer = try visit.signedInViewer()
        if request.uri.queryParameters["notice"] != nil { return html(try await build(), visit: visit) }
        return try await keptPage(
            request, basis: try await pantry.graphQL.answerVersion(for: viewer), visit: visit, cache: keptPages, build)
    }

    /// The page as it was last made for this session and path from the same `basis` on the same day; else what
    /// `build` makes, once for every request that asks meanwhile.
    func keptPage<Basis: Hashable & Sendable>(
        _ request: Request, basis: Basis, visit: WebVisit, cache: ReadCache<KeptPage<Basis>, ByteBuffer>,
        _ build: @escaping @Sendable () async throws -> ByteBuffer
    ) async throws -> Response {
        guard let caller = visit.caller else { throw WebRedirect(location: "/signin") }
        let path = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
        let key = KeptPage(basis: basis, day: today, csrf: visit.csrf, verified: caller.emailVerified)
        return html(try await cache.value(for: caller.userRecordName + " " + path, key: key, make: build), visit: visit)
    }

    /// 303 See Other to `location`, a path on this site (``LocalPath``); to `/` when it is not one.
    func redirect(_ location: String, visit: WebVisit) -> Response {
        var response = Response(
            status: .seeOther, headers: [.location: LocalPath(location)?.description ?? "/", .cacheControl: "no-store"])
        SecurityHeaders.add(to: &response.headers)
        if visit.setsVisitorCookie {
            response.setCookie(visit.cookies.cookie(WebCookies.visitor, visit.secret, maxAge: nil))
        }
        return response
    }

    /// A form's Origin (or, without one, its Referer) names this server, or neither is sent.
    static func sameOrigin(_ request: Request) -> Bool {
        let host = request.head.authority
        let origin = request.headers[.origin] ?? request.headers[.referer]
        guard let origin, origin != "null" else { return request.headers[.origin] == nil }
        guard let url = URL(string: origin), let originHost = url.host else { return false }
        let originAuthority = originHost + (url.port.map { ":\($0)" } ?? "")
        return host.map { $0.lowercased() == originAuthority.lowercased() } ?? false
    }

    static func queryEscaped(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    /// Today in UTC, the day the pantry's statuses are judged on.
    var today: CalendarDay { CalendarDay(clock(), in: TimeZone(identifier: "UTC") ?? .current) }
}
