import HearthCore
import Testing

@testable import HearthServer

@Suite("Client addresses through trusted proxies")
struct TrustedProxiesTests {
    @Test(
        "addresses read as their bytes: IPv4, IPv6 with :: and an IPv4 tail, IPv4-mapped IPv6 as IPv4; anything else is refused"
    )
    func addresses() {
        #expect(IPAddress("192.0.2.1")?.bytes == [192, 0, 2, 1])
        #expect(IPAddress("2001:db8::1")?.bytes == [0x20, 0x01, 0x0d, 0xb8] + Array(repeating: 0, count: 11) + [1])
        #expect(IPAddress("::")?.bytes == Array(repeating: 0, count: 16))
        #expect(IPAddress("[::1]")?.description == "::1")
        #expect(IPAddress("::ffff:203.0.113.9")?.description == "203.0.113.9")
        #expect(IPAddress("64:ff9b::192.0.2.33")?.description == "64:ff9b::c000:221")
        #expect(IPAddress("2001:DB8:0:0:1:0:0:1")?.description == "2001:db8::1:0:0:1")
        #expect(IPAddress("fe80::1%eth0")?.description == "fe80::1")
        for bad in [
            "", "1.2.3", "1.2.3.4.5", "256.1.1.1", "01.2.3.4", "1.2.3.-4", "::1::", "2001:db8:::1", "12345::",
            "1:2:3:4:5:6:7:8:9", "example.org", "1.2.3.4/8", " 1.2.3.4",
        ] {
            #expect(IPAddress(bad) == nil, "\(bad)")
        }
    }

    @Test("ranges in CIDR notation contain the addresses of their block, and never those of the other family")
    func ranges() throws {
        let block = try #require(IPAddressRange("10.1.2.3/8"))
        #expect(block.description == "10.0.0.0/8")
        #expect(block.contains(IPAddress("10.255.0.1")!))
        #expect(!block.contains(IPAddress("11.0.0.1")!))
        let one = try #require(IPAddressRange("192.0.2.7"))
        #expect(one.contains(IPAddress("192.0.2.7")!) && !one.contains(IPAddress("192.0.2.8")!))
        let v6 = try #require(IPAddressRange("fd00::/8"))
        #expect(v6.contains(IPAddress("fd12:3456::1")!) && !v6.contains(IPAddress("fe00::1")!))
        #expect(!IPAddressRange("0.0.0.0/0")!.contains(IPAddress("::1")!))
        #expect(IPAddressRange("10.0.0.0/33") == nil)
        #expect(IPAddressRange("10.0.0.0/x") == nil)
        #expect(IPAddressRange("::/129") == nil)
    }

    @Test("settings list proxies comma separated or repeated; an entry that is not an address names itself")
    func parsing() throws {
        let proxies = try TrustedProxies(parsing: ["127.0.0.1, 10.0.0.0/8", "::1", "10.0.0.0/8"])
        #expect(proxies.description == "127.0.0.1,10.0.0.0/8,::1")
        #expect(try TrustedProxies(parsing: ["", " , "]).isEmpty)
        #expect { try TrustedProxies(parsing: ["127.0.0.1,proxy.local"]) } throws: { error in
            (error as? ServiceError)?.message.contains("\"proxy.local\" is not an IP address or a CIDR block") == true
        }
    }

    @Test("the client is the peer unless it is a trusted proxy; then the right-most forwarded address that is not one")
    func clientBehindProxies() throws {
        let proxies = try TrustedProxies(parsing: ["127.0.0.1", "10.0.0.0/8"])
        let proxy = IPAddress("127.0.0.1")
        let stranger = IPAddress("198.51.100.4")
        // A client that is not a proxy cannot name someone else.
        #expect(proxies.client(peer: stranger, forwardedFor: ["203.0.113.1"]) == stranger)
        // What the client wrote itself (left) is ignored; the address the edge proxy saw is the client.
        #expect(proxies.client(peer: proxy, forwardedFor: ["203.0.113.1, 198.51.100.9"])?.description == "198.51.100.9")
        // Several proxies, in one header or several.
        #expect(
            proxies.client(peer: proxy, forwardedFor: ["198.51.100.9, 10.0.0.5", "10.2.0.1"])?.description
                == "198.51.100.9")
        // Every hop trusted: the one furthest out that is known.
        #expect(proxies.client(peer: proxy, forwardedFor: ["10.0.0.5"])?.description == "10.0.0.5")
        // A hop that is not an address stops the walk at the last trusted one.
        #expect(
            proxies.client(peer: proxy, forwardedFor: ["198.51.100.9, unknown, 10.0.0.5"])?.description == "10.0.0.5")
        // Ports and brackets, as some proxies write them.
        #expect(proxies.client(peer: proxy, forwardedFor: ["[2001:db8::7]:4711"])?.description == "2001:db8::7")
        #expect(proxies.client(peer: proxy, forwardedFor: ["198.51.100.9:4711"])?.description == "198.51.100.9")
        #expect(proxies.client(peer: proxy, forwardedFor: []) == proxy)
        #expect(TrustedProxies.none.client(peer: proxy, forwardedFor: ["198.51.100.9"]) == proxy)
    }

    @Test("limits count an IPv4 address alone and an IPv6 address by its /64")
    func limitKeys() {
        #expect(ClientAddress(IPAddress("198.51.100.9")).limitKey == "198.51.100.9")
        let v6 = ClientAddress(IPAddress("2001:db8:1:2:aaaa:bbbb:cccc:dddd"))
        #expect(v6.description == "2001:db8:1:2:aaaa:bbbb:cccc:dddd")
        #expect(v6.limitKey == "2001:db8:1:2::/64")
        #expect(ClientAddress(IPAddress("2001:db8:1:2::1")).limitKey == v6.limitKey)
        #expect(ClientAddress(nil).limitKey == "unknown")
    }
}
