import Crypto
import Foundation

/// Ids derived from names: the same name gives the same id on every device, so a value recorded twice
/// (a bill renewed again, a statement imported again) is stored once.
///
/// A name-based UUID from SHA-256: RFC 9562's version 8 (custom), as its appendix B.2 builds one.
enum NameBasedID {
    /// The id of `name`, the bytes a caller appends after its namespace.
    static func make(namespace: String, _ name: (inout Data) -> Void) -> UUID {
        var input = Data(namespace.utf8)
        name(&input)
        var bytes = Array(SHA256.hash(data: input).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    /// Appends `text` with its length first, so that no two lists of texts give the same bytes.
    static func append(_ text: String, to data: inout Data) {
        let utf8 = Array(text.utf8)
        withUnsafeBytes(of: UInt32(utf8.count).bigEndian) { data.append(contentsOf: $0) }
        data.append(contentsOf: utf8)
    }
}
