import HearthCore
public import HearthWeb
public import Hummingbird
public import NIOCore

/// The per-request context of every Hearth route.
public struct HearthRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The address the connection comes from (nil when the connection has none, as in-process tests).
    public let remoteAddress: SocketAddress?
    /// The client as the limits count it: the connection's address, or the one a trusted proxy forwarded
    /// (``ClientAddressMiddleware`` sets it).
    public var clientAddress: ClientAddress
    /// Whether a trusted proxy says the request reached it over https (``ClientAddressMiddleware`` sets it).
    public var reachedOverHTTPS = false

    public init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        remoteAddress = source.channel.remoteAddress
        clientAddress = ClientAddress(remoteAddress?.ipAddress.flatMap { IPAddress($0) })
    }
}

extension HearthRequestContext: WebRequestContext {
    public var clientLimitKey: String { clientAddress.limitKey }
}
