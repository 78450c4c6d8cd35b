import Foundation

/// An IPv4 or IPv6 address as its bytes (4 or 16), read from text without the system's resolver.
///
/// An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`) is read as the IPv4 address it carries, so a dual-stack
/// socket and a proxy's header name one client the same way.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 bytes for IPv4, 16 for IPv6.
    public let bytes: [UInt8]

    public var isIPv4: Bool { bytes.count == 4 }

    /// The address in `text` (`192.0.2.1`, `2001:db8::1`, `[2001:db8::1]`); nil when it is not one.
    public init?(_ text: some StringProtocol) {
        var text = Substring(text)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        if let v4 = Self.ipv4(text) {
            bytes = v4
        } else if let v6 = Self.ipv6(text) {
            let mapped: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
            bytes = Array(v6.prefix(12)) == mapped ? Array(v6.suffix(4)) : v6
        } else {
            return nil
        }
    }

    /// The address of `bytes`: 4 for IPv4, 16 for IPv6, taken as they are (a mapped IPv4 address stays IPv6).
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Dotted decimal for IPv4; for IPv6 eight groups of hex with the longest run of zero groups written `::`
    /// (RFC 5952).
    public var description: String {
        if isIPv4 { return bytes.map(String.init).joined(separator: ".") }
        let groups = (0..<8).map { Int(bytes[2 * $0]) << 8 | Int(bytes[2 * $0 + 1]) }
        var best = (start: -1, length: 0)
        var index = 0
        while index < 8 {
            guard groups[index] == 0 else {
                index += 1
                continue
            }
            var end = index
            while end < 8, groups[end] == 0 { end += 1 }
            if end - index > best.length, end - index > 1 { best = (index, end - index) }
            index = end
        }
        let hex = groups.map { String($0, radix: 16) }
        guard best.start >= 0 else { return hex.joined(separator: ":") }
        let head = hex[..<best.start].joined(separator: ":")
        let tail = hex[(best.start + best.length)...].joined(separator: ":")
        return head + "::" + tail
    }

    private static func ipv4(_ text: Substring) -> [UInt8]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var bytes: [UInt8] = []
        for part in parts {
            // No signs, no leading zeros (which some readers take as octal), at most three digits.
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCIIDigit), part.count == 1 || part.first != "0",
                let value = UInt8(part)
            else { return nil }
            bytes.append(value)
        }
        return bytes
    }

    private static func ipv6(_ text: Substring) -> [UInt8]? {
        guard text.count >= 2, text.count <= 45 else { return nil }
        // A zone (`fe80::1%eth0`) names an interface of this machine; it is left out.
        let text = text.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String, allowIPv4: Bool) -> [UInt8]? {
            guard !part.isEmpty else { return [] }
            var bytes: [UInt8] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if allowIPv4, index == pieces.count - 1, piece.contains(".") {
                    guard let v4 = ipv4(piece) else { return nil }
                    bytes += v4
                    continue
                }
                guard (1...4).contains(piece.count), let value = UInt16(piece, radix: 16) else { return nil }
                bytes += [UInt8(value >> 8), UInt8(value & 0xFF)]
            }
            return bytes
        }
        if halves.count == 1 {
            guard let all = groups(halves[0], allowIPv4: true), all.count == 16 else { return nil }
            return all
        }
        guard let head = groups(halves[0], allowIPv4: false), let tail = groups(halves[1], allowIPv4: true),
            head.count + tail.count <= 14
        else { return nil }
        return head + Array(repeating: 0, count: 16 - head.count - tail.count) + tail
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
