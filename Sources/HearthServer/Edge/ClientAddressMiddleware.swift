import Foundation
import HTTPTypes
import HearthCore
import Hummingbird

/// Sets each request's ``HearthRequestContext/clientAddress``: the connection's address, or, when that is a
/// trusted proxy, the client it forwarded the request for (`X-Forwarded-For`, read right to left); and
/// ``HearthRequestContext/reachedOverHTTPS`` from a trusted proxy's `X-Forwarded-Proto` (its right-most value,
/// the one the proxy nearest the server wrote).
struct ClientAddressMiddleware: RouterMiddleware {
    typealias Context = HearthRequestContext

    let proxies: TrustedProxies

    init(trusting proxies: TrustedProxies) {
        self.proxies = proxies
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard !proxies.isEmpty else { return try await next(request, context) }
        var context = context
        let peer = context.remoteAddress?.ipAddress.flatMap { IPAddress($0) }
        let forwarded = request.headers[values: Self.forwardedFor]
        context.clientAddress = ClientAddress(proxies.client(peer: peer, forwardedFor: forwarded))
        if let peer, proxies.trusts(peer) {
            let protocols = request.headers[values: Self.forwardedProto].flatMap { $0.split(separator: ",") }
            context.reachedOverHTTPS =
                protocols.last.map { $0.trimmingCharacters(in: .whitespaces).lowercased() == "https" } ?? false
        }
        return try await next(request, context)
    }

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!
}
