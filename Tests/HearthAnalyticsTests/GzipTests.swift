import Foundation
import HearthCompression
import Testing

@Suite("gzip bodies")
struct GzipTests {
    @Test("compressed bytes inflate back, carry gzip's magic number, and inflating stops at the limit")
    func roundTrip() throws {
        let text = Data((0..<5_000).map { "line \($0)\n" }.joined().utf8)
        let compressed = try Gzip.compress(text)
        #expect(Gzip.isCompressed(compressed))
        #expect(compressed.count < text.count / 3)
        #expect(try Gzip.decompress(compressed, limit: text.count) == text)
        #expect(throws: GzipError.self) { try Gzip.decompress(compressed, limit: text.count - 1) }
        #expect(try Gzip.decompress(try Gzip.compress(Data()), limit: 10).isEmpty)
    }

    @Test("bytes that are not gzip, or are cut short, are refused")
    func malformed() throws {
        #expect(throws: GzipError.self) { try Gzip.decompress(Data("plain text".utf8), limit: 1_000) }
        let compressed = try Gzip.compress(Data(String(repeating: "abc", count: 1_000).utf8))
        #expect(throws: GzipError.self) { try Gzip.decompress(compressed.prefix(compressed.count / 2), limit: 100_000) }
        #expect(!Gzip.isCompressed(Data("{}".utf8)))
    }
}
