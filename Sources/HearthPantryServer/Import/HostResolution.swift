import HearthCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Host names resolved through the system's resolver (`getaddrinfo`), to addresses the server may then check
/// (``HearthCore/IPAddress/isPublic``) before it connects.
enum HostResolution {
    /// Every address `host` resolves to, through the system's resolver (`getaddrinfo`), which callers run off
    /// the cooperative pool. An IP address written as the host is itself.
    static func resolve(_ host: String) throws -> [IPAddress] {
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
        var addresses: [IPAddress] = []
        var entry = list
        while let current = entry {
            if let address = current.pointee.ai_addr {
                switch Int32(current.pointee.ai_family) {
                case AF_INET:
                    address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                        var value = pointer.pointee.sin_addr
                        addresses.append(IPAddress(bytes: withUnsafeBytes(of: &value) { Array($0) }))
                    }
                case AF_INET6:
                    address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                        var value = pointer.pointee.sin6_addr
                        addresses.append(IPAddress(bytes: withUnsafeBytes(of: &value) { Array($0) }))
                    }
                default: break
                }
            }
            entry = current.pointee.ai_next
        }
        var seen = Set<IPAddress>()
        return addresses.filter { seen.insert($0).inserted }
    }

    /// Why a name did not resolve, in the resolver's words.
    struct ResolveFailure: Error {
        let reason: String
    }
}
