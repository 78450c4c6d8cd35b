import HearthCore
import Testing

/// Which addresses the server may be sent to on a user's say-so (recipe pages, webhooks): every IPv4-embedding
/// form of IPv6 is judged by the IPv4 address it carries.
@Suite struct IPAddressReachTests {
    static let table: [(String, Bool)] = [
        // IPv4
        ("8.8.8.8", true), ("93.184.216.34", true), ("172.32.0.1", true), ("1.1.1.1", true),
        ("127.0.0.1", false), ("127.255.255.254", false), ("10.1.2.3", false), ("172.16.0.1", false),
        ("172.31.255.255", false), ("192.168.1.1", false), ("169.254.169.254", false), ("100.64.0.1", false),
        ("100.127.255.255", false), ("0.0.0.0", false), ("0.1.2.3", false), ("192.0.0.8", false),
        ("192.0.2.1", false), ("198.18.0.1", false), ("198.51.100.7", false), ("203.0.113.9", false),
        ("224.0.0.1", false), ("239.255.255.250", false), ("240.0.0.1", false), ("255.255.255.255", false),
        // IPv6 of its own
        ("2606:4700::1111", true), ("2a00:1450:4001:81b::200e", true), ("::", false), ("::1", false),
        ("fe80::1", false), ("fd00::1", false), ("fc00::1", false), ("fec0::1", false), ("ff02::1", false),
        ("2001:db8::1", false), ("3fff::1", false), ("100::1", false), ("5f00::1", false),
        // IPv4-mapped and IPv4-compatible
        ("::ffff:8.8.8.8", true), ("::ffff:127.0.0.1", false), ("::ffff:7f00:1", false),
        ("::ffff:169.254.169.254", false), ("::8.8.8.8", true), ("::127.0.0.1", false), ("::7f00:1", false),
        ("::a00:1", false), ("::c0a8:101", false),
        // NAT64, well-known and local-use prefixes
        ("64:ff9b::8.8.8.8", true), ("64:ff9b::a9fe:a9fe", false), ("64:ff9b::127.0.0.1", false),
        ("64:ff9b:1:7f00:0:100::", false), ("64:ff9b:1:a00:0:100::", false), ("64:ff9b:1:808:0:808::", true),
        // 6to4
        ("2002:808:808::1", true), ("2002:7f00:1::1", false), ("2002:a00:1::", false), ("2002:c0a8:101::5", false),
        // Teredo (inside 2001::/23 and refused as such) and ISATAP interface ids
        ("2001:0:4136:e378:8000:63bf:3fff:fdd2", false), ("2001:0:7f00:1::", false),
        ("2606:4700::5efe:7f00:1", false), ("2606:4700::200:5efe:a00:1", false), ("2606:4700::5efe:808:808", true),
    ]

    @Test("at least 40 addresses are judged as the IPv4 address they carry, or as their own range says")
    func reach() throws {
        #expect(Self.table.count >= 40)
        for (text, isPublic) in Self.table {
            let address = try #require(IPAddress(text), "\(text) parses")
            #expect(address.isPublic == isPublic, "\(text) should \(isPublic ? "" : "not ")be public")
        }
    }

    @Test("an address as the resolver gives it (16 bytes, mapped) is judged the same as written")
    func resolverBytes() {
        let mapped = IPAddress(bytes: Array(repeating: 0, count: 10) + [0xFF, 0xFF, 127, 0, 0, 1])
        #expect(!mapped.isPublic)
        #expect(mapped.embeddedIPv4 == [IPAddress("127.0.0.1")!])
        let teredo = IPAddress("2001:0:4136:e378:8000:63bf:3fff:fdd2")!
        #expect(teredo.embeddedIPv4 == [IPAddress("65.54.227.120")!, IPAddress("192.0.2.45")!])
    }

    @Test("ranges: a block holds its addresses and no others, IPv4 never in an IPv6 block")
    func ranges() throws {
        let block = try #require(IPAddressRange("10.0.0.0/8"))
        #expect(block.contains(IPAddress("10.255.0.1")!) && !block.contains(IPAddress("11.0.0.1")!))
        #expect(try #require(IPAddressRange("fc00::/7")).contains(IPAddress("fd12::1")!))
        #expect(!(try #require(IPAddressRange("0.0.0.0/0")).contains(IPAddress("::1")!)))
        #expect(IPAddressRange("10.0.0.0/33") == nil)
        #expect(IPAddressRange("not an address") == nil)
    }
}
