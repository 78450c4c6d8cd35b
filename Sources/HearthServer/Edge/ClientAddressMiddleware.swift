import HTTPTypes
public import Hummingbird

/// Sets each request's ``HearthRequestContext/clientAddress``: the connection's address, or, when that is a
/// trusted proxy, the client it forwarded the request for (`X-Forwarded-For`, read right to left).
public struct ClientAddressMiddleware: RouterMiddleware {
    public typealias Context = HearthRequestContext

    let proxies: TrustedProxies

    public init(trusting proxies: TrustedProxies) {
        self.proxies = proxies
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard !proxies.isEmpty else { return try await next(request, context) }
        var context = context
        let peer = context.remoteAddress?.ipAddress.flatMap { IPAddress($0) }
        let forwarded = request.headers[values: Self.forwardedFor]
        context.clientAddress = ClientAddress(proxies.client(peer: peer, forwardedFor: forwarded))
        return try await next(request, context)
    }

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
}
