import Foundation
import HearthCompression
import Testing

@Suite("zlib: gzip bodies and zlib streams")
struct ZlibTests {
    @Test("compressed bytes inflate back, carry gzip's magic number, and inflating stops at the limit")
    func roundTrip() throws {
        let text = Data((0..<5_000).map { "line \($0)\n" }.joined().utf8)
        let compressed = try Zlib.compress(text)
        #expect(Zlib.isGzip(compressed))
        #expect(compressed.count < text.count / 3)
        #expect(try Zlib.decompress(compressed, limit: text.count) == text)
        #expect(throws: ZlibError.self) { try Zlib.decompress(compressed, limit: text.count - 1) }
        #expect(try Zlib.decompress(try Zlib.compress(Data()), limit: 10).isEmpty)
    }

    @Test("bytes that are not gzip, or are cut short, are refused")
    func malformed() throws {
        #expect(throws: ZlibError.self) { try Zlib.decompress(Data("plain text".utf8), limit: 1_000) }
        let compressed = try Zlib.compress(Data(String(repeating: "abc", count: 1_000).utf8))
        #expect(throws: ZlibError.self) { try Zlib.decompress(compressed.prefix(compressed.count / 2), limit: 100_000) }
        #expect(!Zlib.isGzip(Data("{}".utf8)))
    }

    @Test("zlib streams (PDF, PNG) round-trip; an exact-size inflate tells damaged, short and long apart")
    func zlibStreams() throws {
        let content = Array(String(repeating: "0 0 m 100 100 l S\n", count: 500).utf8)
        let stream = try Zlib.compress(content, format: .zlib)
        #expect(stream.first == 0x78, "a zlib header, not gzip's")
        #expect(!Zlib.isGzip(stream))
        #expect(try Zlib.decompress(stream, exactly: content.count).get() == content)
        #expect(
            try Data(Zlib.decompress(stream, limit: content.count)) == Data(content),
            "the streaming reader takes zlib too")
        #expect(Zlib.decompress(stream, exactly: content.count + 1) == .failure(.short(actual: content.count)))
        #expect(Zlib.decompress(stream, exactly: content.count - 1) == .failure(.long))
        #expect(Zlib.decompress([0x78, 0x9C, 0xFF, 0xFF, 0xFF], exactly: 10) == .failure(.damaged))
        #expect(Zlib.crc32(ArraySlice(Array("IEND".utf8))) == 0xAE42_6082, "the CRC of a PNG IEND chunk")
    }
}
