import Foundation
public import HearthCore

/// The reverse proxies whose `X-Forwarded-For` header the server believes (`--trusted-proxy`), and how the
/// client's address is read through them.
///
/// A request from an address outside these ranges is from that address, whatever headers it carries. A
/// request from a trusted proxy is from the right-most address in `X-Forwarded-For` that is not itself a
/// trusted proxy: each proxy appends the address it was reached from, so everything left of the first
/// untrusted address may have been written by the client and is ignored.
public struct TrustedProxies: Sendable, Equatable {
    /// The trusted addresses and blocks, as given.
    let ranges: [IPAddressRange]

    /// No proxy is trusted: every request is from the address it arrives from.
    public static let none = TrustedProxies(ranges: [])

    init(ranges: [IPAddressRange]) {
        self.ranges = ranges
    }

    /// The proxies `values` name; each value may hold several, comma separated, as addresses or CIDR blocks.
    /// - Throws: ``ServiceError`` naming the entry that is neither.
    public init(parsing values: [String]) throws {
        var ranges: [IPAddressRange] = []
        for entry in values.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces) })
        where !entry.isEmpty {
            guard let range = IPAddressRange(entry) else {
                throw ServiceError.validationFailed(
                    "The trusted proxy \"\(entry.prefix(60))\" is not an IP address or a CIDR block; give addresses such as 127.0.0.1 or 10.0.0.0/8 (several separated by commas)."
                )
            }
            if !ranges.contains(range) { ranges.append(range) }
        }
        self.ranges = ranges
    }

    /// The trusted proxies as they are written in settings, comma separated.
    public var description: String { ranges.map(\.description).joined(separator: ",") }

    public var isEmpty: Bool { ranges.isEmpty }

    func trusts(_ address: IPAddress) -> Bool {
        ranges.contains { $0.contains(address) }
    }

    /// The client behind `peer` (the address the connection comes from), given the request's
    /// `X-Forwarded-For` values in the order they appear; nil when the peer has no IP address.
    func client(peer: IPAddress?, forwardedFor: [String]) -> IPAddress? {
        guard let peer else { return nil }
        guard trusts(peer), !forwardedFor.isEmpty else { return peer }
        var nearest = peer
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        for hop in hops.reversed() {
            // A hop that does not read as an address was not written by a trusted proxy: the last trusted
            // one is as far as anything can be believed.
            guard let address = Self.address(hop) else { return nearest }
            guard trusts(address) else { return address }
            nearest = address
        }
        return nearest
    }

    /// An address in a forwarding header: bare, bracketed IPv6, or with a port (`192.0.2.1:4711`, `[2001:db8::1]:4711`).
    static func address(_ hop: String) -> IPAddress? {
        if let address = IPAddress(hop) { return address }
        if hop.hasPrefix("["), let end = hop.firstIndex(of: "]") {
            return IPAddress(hop[hop.index(after: hop.startIndex)..<end])
        }
        let parts = hop.split(separator: ":")
        if parts.count == 2, parts[1].allSatisfy(\.isNumber) { return IPAddress(parts[0]) }
        return nil
    }
}
