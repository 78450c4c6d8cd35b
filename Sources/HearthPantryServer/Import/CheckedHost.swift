import AsyncHTTPClient
import Foundation
import HearthCore
import NIOCore
import NIOPosix

/// A URL's host, resolved and checked, and the address the connection to it must be made to.
///
/// The server reaches out on behalf of its users (recipe pages, digest webhooks) and must not be pointed at the
/// machines behind it: every address the host has is checked, a loopback, private, link-local or otherwise
/// non-public one is refused unless the host is allowed, and ``client(timeout:)`` connects to the address just
/// checked, with redirects off, so a name that resolves differently a moment later cannot slip past.
struct CheckedHost: Sendable {
    /// The host as the URL writes it, without an IPv6 address's brackets.
    let host: String
    /// The address connections go to: an IPv4 one when there is one, since a connection cannot fall back from
    /// one address to another.
    let address: IPAddress

    /// Why a host was refused, for the caller to word.
    enum Refusal: Error {
        /// The name did not resolve (the resolver's reason), or resolved to nothing.
        case notFound(host: String, reason: String)
        /// One of its addresses is not public.
        case privateAddress(host: String, address: IPAddress)
    }

    /// Resolves `url`'s host (off the cooperative pool) and checks its addresses.
    /// - Parameter allowsPrivate: whether this host's non-public addresses may be reached.
    /// - Throws: ``Refusal``.
    static func check(_ url: URL, allowsPrivate: (String) -> Bool) async throws -> CheckedHost {
        let host = url.host ?? ""
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let addresses: [IPAddress]
        do {
            addresses = try await NIOThreadPool.singleton.runIfActive { try HostResolution.resolve(bare) }
        } catch let failure as HostResolution.ResolveFailure {
            throw Refusal.notFound(host: bare, reason: failure.reason)
        }
        guard let first = addresses.first else { throw Refusal.notFound(host: bare, reason: "it has no address") }
        if !allowsPrivate(bare), let refused = addresses.first(where: { !$0.isPublic }) {
            throw Refusal.privateAddress(host: bare, address: refused)
        }
        return CheckedHost(host: bare, address: addresses.first { $0.bytes.count == 4 } ?? first)
    }

    /// An HTTP client that connects to ``address`` whatever ``host`` resolves to by then, follows no redirect,
    /// and gives up connecting or reading after `timeout`. The caller shuts it down.
    func client(timeout: Duration) -> HTTPClient {
        let nanoseconds =
            Int64(timeout.components.seconds) * 1_000_000_000
            + timeout.components.attoseconds / 1_000_000_000
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .nanoseconds(nanoseconds), read: .nanoseconds(nanoseconds)))
        configuration.dnsOverride = [host: address.description]
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }
}
