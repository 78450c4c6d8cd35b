import HearthCore

/// Who a request comes from, as the limits count clients: its address, read through trusted proxies.
public struct ClientAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address, or `unknown` when the connection has none (a request made in process).
    public let description: String
    /// The key a per-address limit counts under: an IPv4 address, or the /64 an IPv6 address lies in (a
    /// household's devices share one, and anyone holding one holds all of it).
    public let limitKey: String

    init(_ address: IPAddress?) {
        guard let address else {
            description = "unknown"
            limitKey = "unknown"
            return
        }
        description = address.description
        limitKey =
            address.isIPv4
            ? address.description : IPAddress(bytes: IPAddressRange.masked(address.bytes, to: 64)).description + "/64"
    }
}
