import CHearthZlib
import HearthCore

/// Flate (zlib) compression of PDF streams and decompression of PNG image data, through the system zlib.
enum Flate {
    /// `bytes` compressed in the zlib format that a PDF `/FlateDecode` filter reads.
    static func compress(_ bytes: [UInt8], level: Int32 = Z_DEFAULT_COMPRESSION) throws -> [UInt8] {
        var capacity = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(capacity))
        let status = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &capacity, input.baseAddress, uLong(input.count), level)
            }
        }
        guard status == Z_OK else {
            throw ServiceError.operationFailed("Compressing a PDF stream failed (zlib status \(status)).")
        }
        output.removeSubrange(Int(capacity)...)
        return output
    }

    /// Why a zlib stream could not be inflated to the size expected.
    enum InflateProblem: Error, Equatable {
        /// The stream is not valid zlib data.
        case damaged
        /// The stream ends before `expected` bytes (it holds `actual`).
        case short(actual: Int)
        /// The stream holds more than `expected` bytes.
        case long
    }

    /// The zlib stream `bytes` inflated, which must give exactly `expected` bytes.
    static func decompress(_ bytes: [UInt8], expected: Int) -> Result<[UInt8], InflateProblem> {
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

    /// The CRC-32 of `bytes`, as PNG chunks carry it.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { buffer in
            UInt32(truncatingIfNeeded: CHearthZlib.crc32(0, buffer.baseAddress, uInt(buffer.count)))
        }
    }
}
