import CHearthZlib
public import Foundation

/// gzip bodies (RFC 1952) through the system zlib: the analytics client compresses its uploads, and the
/// server's collector inflates what clients send with `Content-Encoding: gzip`.
///
/// ```swift
/// let body = try Gzip.compress(Data(json.utf8))
/// let json = try Gzip.decompress(body, limit: 16_000_000)
/// ```
public enum Gzip {
    /// Whether `bytes` start with gzip's magic number (1f 8b).
    public static func isCompressed(_ bytes: some Collection<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        return iterator.next() == 0x1F && iterator.next() == 0x8B
    }

    /// `data` compressed in the gzip format.
    /// - Throws: ``GzipError`` when zlib refuses (it only does when out of memory).
    public static func compress(_ data: Data, level: Int32 = 6) throws -> Data {
        var stream = z_stream()
        // 15 window bits, +16 for a gzip header and trailer rather than zlib's.
        var status = deflateInit2_(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw GzipError(.failed, "zlib could not start compressing (status \(status)).") }
        defer { deflateEnd(&stream) }
        var input = [UInt8](data)
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 32)
        status = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { throw GzipError(.failed, "zlib could not compress \(data.count) bytes (status \(status)).") }
        return Data(output[..<Int(stream.total_out)])
    }

    /// The bytes inside gzip (or zlib) `data`.
    /// - Parameter limit: the most bytes the result may have, so a small body cannot inflate without bound.
    /// - Throws: ``GzipError`` with code `tooLarge` past `limit`, `malformed` when `data` is not gzip.
    public static func decompress(_ data: some Collection<UInt8>, limit: Int) throws -> Data {
        var result = Data()
        try inflate(data, limit: limit) { result.append(contentsOf: $0) }
        return result
    }

    /// Inflates gzip (or zlib) `data` a piece at a time, handing each piece (at most 64 KiB) to `consume` as it
    /// comes. Inflating stops as soon as `consume` throws (its error is rethrown) or the output passes `limit`,
    /// so a small body that would inflate to gigabytes costs no more than `limit` bytes of work.
    /// - Throws: ``GzipError`` with code `tooLarge` past `limit`, `malformed` when `data` is not gzip, or what
    ///   `consume` throws.
    public static func inflate(_ data: some Collection<UInt8>, limit: Int, _ consume: (ArraySlice<UInt8>) throws -> Void) throws {
        var stream = z_stream()
        // 15 window bits, +32 to accept a gzip or a zlib header.
        var status = inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw GzipError(.failed, "zlib could not start inflating (status \(status)).") }
        defer { inflateEnd(&stream) }
        var input = [UInt8](data)
        var total = 0
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        try input.withUnsafeMutableBufferPointer { inBuffer in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = uInt(inBuffer.count)
            repeat {
                let produced: Int = chunk.withUnsafeMutableBufferPointer { outBuffer in
                    stream.next_out = outBuffer.baseAddress
                    stream.avail_out = uInt(outBuffer.count)
                    status = CHearthZlib.inflate(&stream, Z_NO_FLUSH)
                    return outBuffer.count - Int(stream.avail_out)
                }
                guard status == Z_OK || status == Z_STREAM_END || (status == Z_BUF_ERROR && produced > 0) else {
                    let detail = stream.msg.map { String(cString: $0) } ?? "status \(status)"
                    throw GzipError(.malformed, "The body is not valid gzip (\(detail)).")
                }
                total += produced
                guard total <= limit else {
                    throw GzipError(.tooLarge, "The body inflates to more than \(limit) bytes.")
                }
                if produced > 0 { try consume(chunk[..<produced]) }
                if status != Z_STREAM_END && produced == 0 && stream.avail_in == 0 {
                    throw GzipError(.malformed, "The gzip body ends before its last block.")
                }
            } while status != Z_STREAM_END
        }
    }
}

/// Why a body could not be compressed or inflated.
public struct GzipError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure this is; compare with the static members.
    public struct Code: Hashable, Sendable {
        let name: String
        /// The input is not gzip, or is cut short.
        public static let malformed = Code(name: "malformed")
        /// The inflated bytes pass the limit.
        public static let tooLarge = Code(name: "tooLarge")
        /// zlib itself failed.
        public static let failed = Code(name: "failed")
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
