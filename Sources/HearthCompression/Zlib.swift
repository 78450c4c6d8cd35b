import CHearthZlib
public import Foundation

/// Deflate and inflate through the system zlib, in its two wrappings: gzip (RFC 1952) for HTTP bodies — the
/// analytics client compresses its uploads, the server's collector inflates what clients send with
/// `Content-Encoding: gzip` — and zlib (RFC 1950) for the PDF writer's `/FlateDecode` streams and PNG pixel data.
///
/// ```swift
/// let body = try Zlib.compress(Data(json.utf8))                 // gzip
/// let json = try Zlib.decompress(body, limit: 16_000_000)       // gzip or zlib
/// let stream = try Zlib.compress(content, format: .zlib)        // a PDF stream's bytes
/// ```
public enum Zlib {
    /// How the deflated bytes are wrapped.
    public enum Format: Sendable {
        /// A gzip header and trailer (magic number 1f 8b, CRC-32): HTTP's `Content-Encoding: gzip`.
        case gzip
        /// A zlib header and Adler-32 trailer: PDF's `/FlateDecode`, PNG's `IDAT`.
        case zlib

        /// zlib's `windowBits` for the format: 15 (a 32 KiB window), +16 for gzip's wrapping.
        var windowBits: Int32 { self == .gzip ? 15 + 16 : 15 }
    }

    /// Whether `bytes` start with gzip's magic number (1f 8b).
    public static func isGzip(_ bytes: some Collection<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        return iterator.next() == 0x1F && iterator.next() == 0x8B
    }

    /// `data` deflated in `format` (gzip unless told otherwise).
    /// - Throws: ``ZlibError`` when zlib refuses (it only does when out of memory).
    public static func compress(_ data: Data, format: Format = .gzip, level: Int32 = 6) throws -> Data {
        Data(try compress([UInt8](data), format: format, level: level))
    }

    /// `bytes` deflated in `format`; level 6 is zlib's default, the one `compress2` uses.
    /// - Throws: ``ZlibError`` when zlib refuses (it only does when out of memory).
    public static func compress(_ bytes: [UInt8], format: Format, level: Int32 = 6) throws -> [UInt8] {
        var stream = z_stream()
        var status = deflateInit2_(
            &stream, level, Z_DEFLATED, format.windowBits, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw ZlibError(.failed, "zlib could not start compressing (status \(status)).") }
        defer { deflateEnd(&stream) }
        var input = bytes
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))))
        status = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else {
            throw ZlibError(.failed, "zlib could not compress \(bytes.count) bytes (status \(status)).")
        }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }

    /// The bytes inside gzip (or zlib) `data`.
    /// - Parameter limit: the most bytes the result may have, so a small body cannot inflate without bound.
    /// - Throws: ``ZlibError`` with code `tooLarge` past `limit`, `malformed` when `data` is neither.
    public static func decompress(_ data: some Collection<UInt8>, limit: Int) throws -> Data {
        var result = Data()
        try inflate(data, limit: limit) { result.append(contentsOf: $0) }
        return result
    }

    /// Inflates gzip (or zlib) `data` a piece at a time, handing each piece (at most 64 KiB) to `consume` as it
    /// comes. Inflating stops as soon as `consume` throws (its error is rethrown) or the output passes `limit`,
    /// so a small body that would inflate to gigabytes costs no more than `limit` bytes of work.
    /// - Throws: ``ZlibError`` with code `tooLarge` past `limit`, `malformed` when `data` is neither gzip nor
    ///   zlib, or is cut short; or what `consume` throws.
    public static func inflate(
        _ data: some Collection<UInt8>, limit: Int, _ consume: (ArraySlice<UInt8>) throws -> Void
    ) throws {
        var stream = z_stream()
        // 15 window bits, +32 to accept a gzip or a zlib header.
        var status = inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw ZlibError(.failed, "zlib could not start inflating (status \(status)).") }
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
                    throw ZlibError(.malformed, "The body is not valid gzip (\(detail)).")
                }
                total += produced
                guard total <= limit else {
                    throw ZlibError(.tooLarge, "The body inflates to more than \(limit) bytes.")
                }
                if produced > 0 { try consume(chunk[..<produced]) }
                if status != Z_STREAM_END && produced == 0 && stream.avail_in == 0 {
                    throw ZlibError(.malformed, "The gzip body ends before its last block.")
                }
            } while status != Z_STREAM_END
        }
    }

    /// Why a zlib stream did not inflate to the size its container promised.
    public enum SizeMismatch: Error, Equatable, Sendable {
        /// The stream is not valid zlib data.
        case damaged
        /// The stream ends before the expected size (it holds `actual` bytes).
        case short(actual: Int)
        /// The stream holds more than the expected size.
        case long
    }

    /// The zlib stream `bytes` inflated, which must give exactly `expected` bytes (a PNG's pixel data, whose
    /// size its header fixes).
    public static func decompress(_ bytes: [UInt8], exactly expected: Int) -> Result<[UInt8], SizeMismatch> {
        // One spare byte tells "exactly right" from "more than expected".
        var output = [UInt8](repeating: 0, count: expected + 1)
        var length = uLong(output.count)
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                uncompress(out.baseAddress, &length, input.baseAddress, uLong(input.count))
            }
        }
        switch status {
        case Z_OK:
            if Int(length) > expected { return .failure(.long) }
            if Int(length) < expected { return .failure(.short(actual: Int(length))) }
            output.removeLast()
            return .success(output)
        case Z_BUF_ERROR:
            // Either the output is full (too much data) or the input ended early.
            return .failure(Int(length) > expected ? .long : .short(actual: Int(length)))
        default:
            return .failure(.damaged)
        }
    }

    /// The CRC-32 of `bytes`, as PNG chunks and gzip trailers carry it.
    public static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(truncatingIfNeeded: CHearthZlib.crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
    }
}
