import Foundation
import HTTPTypes
import HearthCloud
import HearthCloudModel
import HearthCore
import HearthMail
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// The HTTP API of the record server, under `/cloud/v1`, shaped after CloudKit Web Services.
///
/// Every route but sign-up and sign-in needs `Authorization: Bearer <token>`; clients name their device
/// with `X-Hearth-Device-ID` so they are not pushed their own changes. `{database}` is `private` or `shared`.
struct CloudAPI: Sendable {
    static let prefix = "/cloud/v1"
    static let deviceHeader = HTTPField.Name("X-Hearth-Device-ID")!
    /// The most a body holding a few names may have (sign-in, sign-up, share references and invitations):
    /// room for the longest email and password the rules allow, every character JSON-escaped.
    static let smallBodyBytes = 16 * 1024

    let store: any RecordStore
    let accounts: AccountService
    let limiter: any RateLimiting
    /// Sign-ins per account (the normalized email, as sign-in reads it).
    let signInLimiter: any RateLimiting
    /// Sign-ins and sign-ups per client address, whatever the email: guessing across many accounts from
    /// one place is limited too.
    let addressLimiter: any RateLimiting
    /// Sign-ups per client address.
    let signUpLimiter: any RateLimiting
    /// Requests without a valid token, per client address.
    let signedOutLimiter: any RateLimiting
    let hub: PushHub
    /// The push channels each account holds open, at most 16 (all of a household's devices, with room to spare).
    let pushStreams = OpenStreams(limit: 16)
    let configuration: CloudConfiguration
    /// Sends verification codes while the request waits (its failure is the caller's to know).
    let mail: any MailSending
    /// Sends reset codes after the request is answered.
    let outbox: MailOutbox
    /// Codes sent per address (the normalized email).
    let codeLimiter: any RateLimiting
    /// Where asset uploads are received before they are stored (`uploads` in the data directory).
    let uploadDirectory: URL

    // MARK: Plumbing

    /// The signed-in caller, after the rate limit.
    func principal(_ request: Request, _ context: HearthRequestContext) async throws -> CloudPrincipal {
        try await signedIn(request, context).principal
    }

    /// The bearer token, who it belongs to and the principal requests act as; the rate limit is spent here.
    ///
    /// A request without a valid token spends one of its address's signed-out requests first, so a stranger
    /// cannot make the server look up tokens without limit; past that limit the answer is `THROTTLED`.
    func signedIn(_ request: Request, _ context: HearthRequestContext) async throws -> (
        token: String, caller: CloudCaller, principal: CloudPrincipal
    ) {
        guard let header = request.headers[.authorization] else {
            try await limitSignedOut(context)
            throw CloudError(
                .authenticationRequired,
                "Sign in first: send the token from POST \(Self.prefix)/accounts/signin as \"Authorization: Bearer <token>\"."
            )
        }
        guard let token = bearerToken(header) else {
            try await limitSignedOut(context)
            throw CloudError(.authenticationRequired, "The Authorization header must be \"Bearer <token>\".")
        }
        let caller: CloudCaller
        do {
            caller = try await accounts.authenticate(token: token)
        } catch let error as CloudError
            where error.serverErrorCode == .authenticationFailed || error.serverErrorCode == .authenticationRequired
        {
            try await limitSignedOut(context)
            throw error
        }
        if let wait = try await limiter.acquire(caller.userRecordName) {
            throw CloudError(
                .throttled, "Too many requests from your account; wait \(wait) seconds and try again.", retryAfter: wait
            )
        }
        var device = request.headers[Self.deviceHeader]
        if let value = device, value.isEmpty || value.utf8.count > 200 { device = nil }
        return (token, caller, CloudPrincipal(userID: caller.userRecordName, deviceID: device))
    }

    /// Spends one of the client address's sign-in attempts.
    func limitAddress(_ context: HearthRequestContext) async throws {
        if let wait = try await addressLimiter.acquire("address:" + context.clientAddress.limitKey) {
            throw CloudError(
                .throttled,
                "Too many sign-in attempts from your address (\(context.clientAddress)); wait \(wait) seconds.",
                retryAfter: wait)
        }
    }

    /// Spends one of the client address's signed-out requests.
    func limitSignedOut(_ context: HearthRequestContext) async throws {
        if let wait = try await signedOutLimiter.acquire(context.clientAddress.limitKey) {
            throw CloudError(
                .throttled,
                "Too many requests without a valid sign-in from your address (\(context.clientAddress)); wait \(wait) seconds, and send a token from POST \(Self.prefix)/accounts/signin as \"Authorization: Bearer <token>\".",
                retryAfter: wait)
        }
    }

    /// The `{database}` path parameter.
    func scope(_ context: HearthRequestContext) throws -> CloudDatabaseScope {
        let text = context.parameters.get("database") ?? ""
        guard let scope = CloudDatabaseScope(rawValue: text) else {
            throw CloudError(
                .notFound,
                "There is no \"\(text.prefix(40))\" database; use \(Self.prefix)/private/… or \(Self.prefix)/shared/….")
        }
        return scope
    }

    /// The JSON body as `T`, or `BAD_REQUEST` naming the field at fault / `LIMIT_EXCEEDED` when too big.
    /// - Parameter limit: the most bytes read; past it the body is refused before any of it is parsed
    ///   (``smallBodyBytes`` for routes whose bodies hold a few names).
    func decode<T: Decodable>(_ type: T.Type, from request: Request, limit: Int? = nil) async throws -> T {
        let buffer = try await body(of: request, limit: limit)
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch {
            throw CloudError.badRequest("The JSON body is not valid: \(DecodingErrorSummary.describe(error))")
        }
    }

    /// A records/modify body: the fast parser first, `Codable` (for its error messages) when that fails.
    func decodeModify(_ request: Request) async throws -> CloudRecordsModifyRequest {
        let buffer = try await body(of: request)
        if let fast = CloudRecordsModifyRequest.fastDecode(buffer.readableBytesView) { return fast }
        do {
            return try JSONDecoder().decode(CloudRecordsModifyRequest.self, from: Data(buffer.readableBytesView))
        } catch {
            throw CloudError.badRequest("The JSON body is not valid: \(DecodingErrorSummary.describe(error))")
        }
    }

    /// A small JSON body (an account route's: emails, passwords, codes) as `T`: `LIMIT_EXCEEDED` past
    /// ``smallBodyBytes``, before anything is parsed.
    func decodeSmall<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        try await decode(type, from: request, limit: Self.smallBodyBytes)
    }

    /// The request's JSON body, which must not be empty; `LIMIT_EXCEEDED` past `limit` (the size limit when nil).
    private func body(of request: Request, limit: Int? = nil) async throws -> ByteBuffer {
        let route = "\(request.method) \(request.uri.path)"
        let tooLarge: CloudError
        if let limit {
            tooLarge = CloudError(
                .limitExceeded,
                "The request body is larger than \(limit) bytes, the most \(route) takes; send only the JSON members it reads."
            )
        } else {
            tooLarge = CloudError(
                .limitExceeded,
                "The request body is larger than \(configuration.maxRequestBytes) bytes; send fewer or smaller records per request."
            )
        }
        return try await body(
            of: request, limit: limit ?? configuration.maxRequestBytes, tooLarge: tooLarge,
            empty: CloudError.badRequest("\(route) needs a JSON body."))
    }

    /// The request's body: `tooLarge` past `limit` bytes (at once when its `Content-Length` says so), `empty`
    /// when there is none.
    private func body(
        of request: Request, limit: Int, tooLarge: @autoclosure () -> CloudError, empty: @autoclosure () -> CloudError
    ) async throws -> ByteBuffer {
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { throw tooLarge() }
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw tooLarge()
        }
        guard buffer.readableBytes > 0 else { throw empty() }
        return buffer
    }

    /// `QUOTA_EXCEEDED` for an upload larger than what is left of the caller's storage quota.
    static func quotaRefusal(remaining: Int64, quota: Int64) -> CloudError {
        CloudError(
            .quotaExceeded,
            "The asset is larger than what is left of your storage quota: \(remaining) of \(quota) bytes; delete records or assets you no longer need, or ask the server's operator for more space."
        )
    }

    func raw(_ data: Data) -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    func json<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let data = try encoder.encode(value)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// Registers `POST {database}/<path>`: the signed-in caller, then the body decoded as `Body` (at most
    /// `limit` bytes; the size limit when nil), then the database from the path; `answer`'s value goes back as JSON.
    private func post<Body: Decodable & SendableMetatype, Answer: Encodable & SendableMetatype>(
        _ group: RouterGroup<HearthRequestContext>, _ path: String, _ type: Body.Type, limit: Int? = nil,
        _ answer: @escaping @Sendable (CloudPrincipal, CloudDatabaseScope, Body) async throws -> Answer
    ) {
        group.post(RouterPath(":database/" + path)) { request, context in
            let principal = try await principal(request, context)
            let body = try await decode(Body.self, from: request, limit: limit)
            return try json(try await answer(principal, try scope(context), body))
        }
    }

    // MARK: Routes

    func register(on router: Router<HearthRequestContext>) {
        let cloud = router.group(RouterPath(Self.prefix)).add(middleware: CloudErrorMiddleware())

        // Accounts
        cloud.post("accounts/signup") { request, context in
            // Both limits are per client address and spent before the body is read, so one client cannot
            // hold sign-up up for others, nor make the server read large bodies.
            try await limitAddress(context)
            if let wait = try await signUpLimiter.acquire(context.clientAddress.limitKey) {
                throw CloudError(
                    .throttled, "Too many sign-ups from your address (\(context.clientAddress)); wait \(wait) seconds.",
                    retryAfter: wait)
            }
            let body = try await decode(CloudSignUpRequest.self, from: request, limit: Self.smallBodyBytes)
            return try json(try await accounts.signUp(body), status: .created)
        }
        cloud.post("accounts/signin") { request, context in
            try await limitAddress(context)
            let body = try await decode(CloudSignInRequest.self, from: request, limit: Self.smallBodyBytes)
            // The key is the email as sign-in reads it, so spaces or capitals do not buy a fresh burst.
            if let wait = try await signInLimiter.acquire("signin:" + AccountRules.normalizedEmail(body.emailAddress)) {
                throw CloudError(
                    .throttled, "Too many sign-in attempts for this email; wait \(wait) seconds.", retryAfter: wait)
            }
            return try json(try await accounts.signIn(body))
        }
        cloud.post("accounts/signout") { request, context in
            try await accounts.signOut(token: try await signedIn(request, context).token)
            return Response(status: .noContent)
        }
        cloud.get("accounts/caller") { request, context in
            try json(try await signedIn(request, context).caller)
        }
        registerAccountCodes(on: cloud)

        // Zones
        cloud.post(":database/zones/list") { request, context in
            try json(
                CloudZonesListResponse(
                    zones: try await store.listZones(try await principal(request, context), scope: try scope(context))))
        }
        cloud.post(":database/zones/modify") { request, context in
            let principal = try await principal(request, context)
            guard try scope(context) == .private else {
                throw CloudError(.accessDenied, "Zones can be created and deleted only in your private database.")
            }
            let body = try await decode(CloudZonesModifyRequest.self, from: request)
            return try json(
                CloudZonesModifyResponse(zones: try await store.modifyZones(principal, operations: body.operations)))
        }
        post(cloud, "zones/changes", CloudZoneChangesRequest.self) {
            try await store.zoneChanges($0, scope: $1, request: $2)
        }
        post(cloud, "changes/database", CloudDatabaseChangesRequest.self) {
            try await store.databaseChanges($0, scope: $1, request: $2)
        }

        // Records
        cloud.post(":database/records/modify") { request, context in
            let principal = try await principal(request, context)
            let body = try await decodeModify(request)
            let response = try await store.modifyRecords(principal, scope: try scope(context), request: body)
            return raw(response.fastEncode())
        }
        cloud.post(":database/records/lookup") { request, context in
            let principal = try await principal(request, context)
            let body = try await decode(CloudRecordsLookupRequest.self, from: request)
            return raw(try await store.lookupRecords(principal, scope: try scope(context), request: body).fastEncode())
        }
        cloud.post(":database/records/query") { request, context in
            let principal = try await principal(request, context)
            let body = try await decode(CloudRecordsQueryRequest.self, from: request)
            return raw(try await store.queryRecords(principal, scope: try scope(context), request: body).fastEncode())
        }
        cloud.post(":database/records/changes") { request, context in
            let principal = try await principal(request, context)
            let body = try await decode(CloudRecordChangesRequest.self, from: request)
            return raw(try await store.recordChanges(principal, scope: try scope(context), request: body).fastEncode())
        }

        // Shares
        cloud.post(":database/shares/create") { request, context in
            let principal = try await principal(request, context)
            guard try scope(context) == .private else {
                throw CloudError(
                    .accessDenied, "Only the owner of a zone can share it: create shares in your private database.")
            }
            let body = try await decode(CloudShareCreateRequest.self, from: request, limit: Self.smallBodyBytes)
            return try json(try await store.createShare(principal, request: body), status: .created)
        }
        cloud.post(":database/shares/list") { request, context in
            try json(
                CloudSharesListResponse(
                    shares: try await store.listShares(try await principal(request, context), scope: try scope(context))
                ))
        }
        post(cloud, "shares/lookup", CloudShareReference.self, limit: Self.smallBodyBytes) {
            try await store.lookupShare($0, scope: $1, reference: $2)
        }
        post(cloud, "shares/update", CloudShareUpdateRequest.self, limit: Self.smallBodyBytes) {
            try await store.updateShare($0, scope: $1, request: $2)
        }
        cloud.post(":database/shares/delete") { request, context in
            let principal = try await principal(request, context)
            guard try scope(context) == .private else {
                throw CloudError(
                    .accessDenied, "Only the owner can delete a share; participants can leave it with shares/leave.")
            }
            let body = try await decode(CloudShareReference.self, from: request, limit: Self.smallBodyBytes)
            try await store.deleteShare(principal, reference: body)
            return Response(status: .noContent)
        }
        post(cloud, "shares/participants/add", CloudParticipantsAddRequest.self) {
            try await store.addParticipants($0, scope: $1, request: $2)
        }
        post(cloud, "shares/participants/remove", CloudParticipantsRemoveRequest.self) {
            try await store.removeParticipants($0, scope: $1, request: $2)
        }
        cloud.post(":database/shares/leave") { request, context in
            let principal = try await principal(request, context)
            guard try scope(context) == .shared else {
                throw CloudError.badRequest(
                    "You own the shares in your private database; delete them instead of leaving.")
            }
            let body = try await decode(CloudShareReference.self, from: request, limit: Self.smallBodyBytes)
            try await store.leaveShare(principal, reference: body)
            return Response(status: .noContent)
        }
        cloud.post("shares/accept") { request, context in
            let principal = try await principal(request, context)
            let body = try await decode(CloudShareAcceptRequest.self, from: request, limit: Self.smallBodyBytes)
            return try json(try await store.acceptShare(principal, token: body.shareToken))
        }
        cloud.get("shares/invitations") { request, context in
            try json(
                CloudSharesListResponse(shares: try await store.invitations(try await principal(request, context))))
        }

        // Subscriptions
        post(cloud, "subscriptions/modify", CloudSubscriptionsModifyRequest.self) { principal, scope, request in
            var request = request
            if scope == .shared {
                // An empty owner names nobody: the subscription is refused as one without an owner, as every
                // other route of the shared database refuses it.
                for index in request.operations.indices
                where request.operations[index].subscription.zoneID?.ownerRecordName == "" {
                    request.operations[index].subscription.zoneID?.ownerRecordName = nil
                }
            }
            return try await store.modifySubscriptions(principal, scope: scope, request: request)
        }
        cloud.post(":database/subscriptions/list") { request, context in
            let list = try await store.listSubscriptions(
                try await principal(request, context), scope: try scope(context))
            return try json(CloudSubscriptionsResponse(subscriptions: list.map { .success($0) }))
        }

        // Assets
        cloud.post("assets/upload") { request, context in
            let principal = try await principal(request, context)
            // The bytes go to a file as they arrive, hashed on the way, and stop at the per-asset limit or the
            // caller's remaining quota, whichever is less: the file's length is known before it is stored.
            let remaining = try await store.remainingStorage(principal)
            let assetLimit = Int64(configuration.maxAssetBytes)
            let limit = min(assetLimit, remaining ?? .max)
            let tooLarge: CloudError =
                limit == assetLimit
                ? CloudError(
                    .quotaExceeded,
                    "The asset is larger than the limit of \(configuration.maxAssetBytes) bytes per asset.")
                : CloudAPI.quotaRefusal(remaining: remaining ?? 0, quota: configuration.storageQuotaBytes ?? 0)
            if let length = request.headers[.contentLength].flatMap({ Int64($0) }), length > limit { throw tooLarge }
            let upload = try await AssetUpload.receive(
                request.body, into: uploadDirectory, limit: limit, tooLarge: tooLarge)
            defer { try? FileManager.default.removeItem(at: upload.file) }
            return try json(
                try await store.storeAsset(principal, file: upload.file, size: upload.size, checksum: upload.checksum),
                status: .created)
        }
        cloud.get("assets/:checksum") { request, context in
            let principal = try await principal(request, context)
            let checksum = context.parameters.get("checksum") ?? ""
            guard AssetChecksum.isValid(checksum) else {
                throw CloudError.badRequest("An asset is named by the 64 lowercase hex digits of its SHA-256.")
            }
            // Sent a part at a time: a download holds a mebibyte of the file in memory, not all of it.
            let download = try await store.openAsset(principal, checksum: checksum)
            return Response(
                status: .ok,
                headers: [
                    .contentType: "application/octet-stream", .cacheControl: "private, max-age=31536000, immutable",
                    .eTag: "\"\(checksum)\"",
                ],
                body: ResponseBody(contentLength: Int(download.size)) { writer in
                    try await download.send { part in try await writer.write(ByteBuffer(bytes: part)) }
                    try await writer.finish(nil)
                }
            )
        }

        // Push
        cloud.get("push") { request, context in
            let principal = try await principal(request, context)
            guard let ticket = pushStreams.begin(principal.userID) else {
                throw CloudError(
                    .throttled,
                    "This account has \(pushStreams.limit) push channels open already; close those of devices no longer in use, or wait for them to time out.",
                    retryAfter: 15)
            }
            return pushResponse(for: principal, holding: ticket)
        }
    }

    /// The Server-Sent Events stream of one client: `event: ready` first, then `event: notification`
    /// messages, and a comment line as heartbeat. The account's place for it is given back when it ends, or when
    /// the client leaves before it begins.
    func pushResponse(for principal: CloudPrincipal, holding ticket: OpenStreams.Ticket) -> Response {
        let stream = hub.connect(principal)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/event-stream", .cacheControl: "no-store",
                HTTPField.Name("X-Accel-Buffering")!: "no",
            ],
            body: ResponseBody { writer in
                defer { ticket.end() }
                try await writer.write(
                    ByteBuffer(string: "event: ready\ndata: {\"userRecordName\":\"\(principal.userID)\"}\n\n"))
                for await message in stream.cancelOnGracefulShutdown() {
                    switch message {
                    case .heartbeat:
                        try await writer.write(ByteBuffer(string: ": heartbeat\n\n"))
                    case .notification(let notification):
                        let data = String(decoding: try encoder.encode(notification), as: UTF8.self)
                        try await writer.write(
                            ByteBuffer(
                                string: "event: notification\nid: \(notification.notificationID)\ndata: \(data)\n\n"))
                    }
                }
                try await writer.finish(nil)
            }
        )
    }
}
