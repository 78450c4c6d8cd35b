import CZlib
import HearthCore

/// Flate (zlib) compression of PDF streams, through the system zlib.
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
}
