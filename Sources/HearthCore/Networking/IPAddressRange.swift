/// A block of addresses in CIDR notation (`10.0.0.0/8`, `fd00::/8`), or one address (`192.0.2.7`).
public struct IPAddressRange: Sendable, Hashable, CustomStringConvertible {
    /// The first address of the block.
    public let network: IPAddress
    /// How many leading bits every address of the block shares.
    public let prefixLength: Int

    /// The range `text` names; nil when it is not an address or a CIDR block.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(parts[0]) else { return nil }
        let bits = address.bytes.count * 8
        var length = bits
        if parts.count == 2 {
            guard let given = Int(parts[1]), parts[1].allSatisfy(\.isNumber), (0...bits).contains(given) else {
                return nil
            }
            length = given
        }
        network = IPAddress(bytes: Self.masked(address.bytes, to: length))
        prefixLength = length
    }

    /// Whether `address` lies in the range; an IPv4 address never lies in an IPv6 range, or the other way.
    public func contains(_ address: IPAddress) -> Bool {
        address.bytes.count == network.bytes.count && Self.masked(address.bytes, to: prefixLength) == network.bytes
    }

    public var description: String {
        prefixLength == network.bytes.count * 8 ? network.description : "\(network)/\(prefixLength)"
    }

    /// `bytes` with every bit past the first `length` cleared.
    public static func masked(_ bytes: [UInt8], to length: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let kept = max(0, min(8, length - index * 8))
            return kept == 8 ? byte : byte & ~(UInt8(0xFF) >> kept)
        }
    }
}
