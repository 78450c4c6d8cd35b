#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An address a host name resolves to, as its bytes (4 for IPv4, 16 for IPv6), and whether it lies in the public
/// internet or in a private, loopback, link-local or otherwise special range that a server must not be sent to.
struct HostAddress: Sendable, Hashable, CustomStringConvertible {
    let bytes: [UInt8]

    /// Whether the address is one anybody on the internet can reach: not loopback (127/8, ::1), private
    /// (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16, fe80::/10), shared (100.64/10), unspecified
    /// (0/8, ::), multicast, documentation, benchmarking or reserved; an IPv4-mapped or NAT64 IPv6 address is
    /// judged by the IPv4 address it carries.
    var isPublic: Bool {
        if bytes.count == 4 { return Self.isPublicIPv4(bytes) }
        guard bytes.count == 16 else { return false }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return Self.isPublicIPv4(Array(bytes[12...]))
        }
        if bytes[0..<12] == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] {
            return Self.isPublicIPv4(Array(bytes[12...]))
        }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) { return false }  // :: and ::1
        if bytes[0] & 0xFE == 0xFC { return false }  // fc00::/7, unique local
        if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0x80 { return false }  // fe80::/10, link-local
        if bytes[0] == 0xFE, bytes[1] & 0xC0 == 0xC0 { return false }  // fec0::/10, site-local
        if bytes[0] == 0xFF { return false }  // multicast
        if bytes[0] == 0x20, bytes[1] == 0x01, bytes[2] == 0x0D, bytes[3] == 0xB8 { return false }  // documentation
        if bytes[0] == 0x01, bytes[1...7].allSatisfy({ $0 == 0 }) { return false }  // 100::/64, discard
        return true
    }

    private static func isPublicIPv4(_ b: [UInt8]) -> Bool {
        switch (b[0], b[1], b[2]) {
        case (0, _, _), (10, _, _), (127, _, _): return false
        case (100, 64...127, _): return false
        case (169, 254, _): return false
        case (172, 16...31, _): return false
        case (192, 0, 0), (192, 0, 2), (192, 88, 99), (192, 168, _): return false
        case (198, 18...19, _), (198, 51, 100), (203, 0, 113): return false
        case (224...255, _, _): return false
        default: return true
        }
    }

    /// The address as the system writes it: `192.0.2.1`, `2001:db8::1`.
    var description: String {
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = bytes.withUnsafeBytes { address in
            inet_ntop(family, address.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return bytes.map { String($0, radix: 16) }.joined(separator: ":") }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Every address `host` resolves to, through the system's resolver (`getaddrinfo`), which callers run off
    /// the cooperative pool. An IP address written as the host is itself.
    static func resolve(_ host: String) throws -> [HostAddress] {
        var hints = addrinfo()
        #if canImport(Darwin)
            hints.ai_socktype = SOCK_STREAM
        #else
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0 else {
            throw ResolveFailure(reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var addresses: [HostAddress] = []
        var entry = list
        while let current = entry {
            if let address = current.pointee.ai_addr {
                switch Int32(current.pointee.ai_family) {
                case AF_INET:
                    address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                        var value = pointer.pointee.sin_addr
                        addresses.append(HostAddress(bytes: withUnsafeBytes(of: &value) { Array($0) }))
                    }
                case AF_INET6:
                    address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                        var value = pointer.pointee.sin6_addr
                        addresses.append(HostAddress(bytes: withUnsafeBytes(of: &value) { Array($0) }))
                    }
                default: break
                }
            }
            entry = current.pointee.ai_next
        }
        var seen = Set<HostAddress>()
        return addresses.filter { seen.insert($0).inserted }
    }

    /// Why a name did not resolve, in the resolver's words.
    struct ResolveFailure: Error {
        let reason: String
    }
}
