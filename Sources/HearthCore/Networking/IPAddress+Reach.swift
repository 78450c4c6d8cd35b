extension IPAddress {
    /// Blocks no server should be sent to on a user's say-so: this machine, private and shared networks,
    /// link-local, documentation, benchmarking, multicast and reserved ranges (IANA's special-purpose registries,
    /// the blocks marked not globally reachable).
    public static let nonPublicRanges: [IPAddressRange] = [
        // IPv4
        "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
        "192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24", "192.168.0.0/16", "198.18.0.0/15", "198.51.100.0/24",
        "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4",
        // IPv6: unspecified and loopback (inside ::/96, below), discard, IETF protocol assignments (Teredo's
        // 2001::/32 among them), documentation, unique local, link-local, site-local, multicast, SRv6 SIDs.
        "100::/64", "2001::/23", "2001:db8::/32", "3fff::/20", "5f00::/16", "fc00::/7", "fe80::/10", "fec0::/10",
        "ff00::/8",
    ].map { IPAddressRange($0)! }

    /// The IPv4 addresses this address carries, in every form that embeds one and that a host or a translator on
    /// the way may route by: IPv4-mapped (`::ffff:0:0/96`) and IPv4-compatible (`::/96`), NAT64's well-known
    /// (`64:ff9b::/96`) and local-use (`64:ff9b:1::/48`, RFC 6052's layout for a /48) prefixes, 6to4
    /// (`2002::/16`), Teredo (`2001::/32`: its server, and its client's address inverted) and ISATAP interface
    /// ids (`…:0:5efe:a.b.c.d`, `…:200:5efe:a.b.c.d`). An IPv4 address carries itself.
    public var embeddedIPv4: [IPAddress] {
        guard bytes.count == 16 else { return [self] }
        let b = bytes
        var found: [IPAddress] = []
        func v4(_ indices: [Int], inverted: Bool = false) {
            found.append(IPAddress(bytes: indices.map { inverted ? ~b[$0] : b[$0] }))
        }
        let last4 = [12, 13, 14, 15]
        if b[0..<10].allSatisfy({ $0 == 0 }), (b[10] == 0xFF && b[11] == 0xFF) || (b[10] == 0 && b[11] == 0) {
            v4(last4)
        }
        if b[0..<12].elementsEqual([0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]) { v4(last4) }
        if b[0..<6].elementsEqual([0x00, 0x64, 0xFF, 0x9B, 0x00, 0x01]) { v4([6, 7, 9, 10]) }
        if b[0] == 0x20, b[1] == 0x02 { v4([2, 3, 4, 5]) }
        if b[0..<4].elementsEqual([0x20, 0x01, 0x00, 0x00]) {
            v4([4, 5, 6, 7])
            v4(last4, inverted: true)
        }
        if b[8] & 0xFD == 0, b[9] == 0, b[10] == 0x5E, b[11] == 0xFE { v4(last4) }
        return found
    }

    /// Whether anybody on the internet could be at this address: it lies in none of ``nonPublicRanges``, and
    /// neither does any IPv4 address it carries (``embeddedIPv4``), so `::ffff:127.0.0.1`, `::7f00:1`,
    /// `64:ff9b::a9fe:a9fe` and `2002:a00:1::` are judged as 127.0.0.1, 169.254.169.254 and 10.0.0.1 are.
    public var isPublic: Bool {
        if Self.nonPublicRanges.contains(where: { $0.contains(self) }) { return false }
        guard bytes.count == 16 else { return true }
        return embeddedIPv4.allSatisfy { embedded in !Self.nonPublicRanges.contains { $0.contains(embedded) } }
    }
}
