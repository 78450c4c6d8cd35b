import Crypto
public import Foundation
import HearthCore

/// A 256-bit AES key for ``ProtectedFileStore``, read from a key file or an environment variable.
///
/// Keys are written as base64 (44 characters) or hex (64 characters) text; a key file may also hold the
/// 32 raw bytes.
public struct EncryptionKey: Sendable {
    /// The environment variable Hearth reads a key from.
    public static let environmentVariable = "HEARTH_ENCRYPTION_KEY"

    let symmetricKey: SymmetricKey

    /// Wraps 32 bytes of key material.
    public init(bytes: Data) throws {
        guard bytes.count == 32 else {
            throw ServiceError(
                .validationFailed, "An encryption key must be 32 bytes (256 bits); this one has \(bytes.count).")
        }
        symmetricKey = SymmetricKey(data: bytes)
    }

    /// A new random key.
    public static func generate() -> EncryptionKey {
        var generated = SymmetricKey(size: .bits256)
        defer { generated = SymmetricKey(size: .bits256) }
        return try! EncryptionKey(bytes: generated.withUnsafeBytes { Data($0) })
    }

    /// The key as base64 text, for writing to a key file or an environment variable.
    public var base64: String { symmetricKey.withUnsafeBytes { Data($0).base64EncodedString() } }

    /// Parses base64 or hex key text.
    public init(text: String, source: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.count == 64, let bytes = Self.hexBytes(trimmed) {
            try self.init(bytes: bytes)
        } else if let bytes = Data(base64Encoded: trimmed), bytes.count == 32 {
            try self.init(bytes: bytes)
        } else {
            throw ServiceError(
                .validationFailed,
                "The encryption key in \(source) is not 32 bytes written as base64 or hex. Generate one with `openssl rand -base64 32`."
            )
        }
    }

    /// Reads a key file: base64 or hex text, or exactly 32 raw bytes.
    public static func load(fromFile url: URL) throws -> EncryptionKey {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ServiceError(
                .notFound, "Could not read the key file \(url.path): \(error.localizedDescription)", underlying: error)
        }
        if data.count == 32,
            String(data: data, encoding: .utf8).map({ (try? EncryptionKey(text: $0, source: "")) == nil }) ?? true
        {
            return try EncryptionKey(bytes: data)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ServiceError(.validationFailed, "The key file \(url.path) holds neither 32 raw bytes nor key text.")
        }
        return try EncryptionKey(text: text, source: "the key file \(url.path)")
    }

    /// The key in ``environmentVariable``, or nil when it is not set.
    public static func fromEnvironment(
        _ name: String = environmentVariable,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> EncryptionKey? {
        guard let text = environment[name], !text.isEmpty else { return nil }
        return try EncryptionKey(text: text, source: "$\(name)")
    }

    private static func hexBytes(_ text: String) -> Data? {
        var bytes = Data(capacity: text.count / 2)
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            guard let byte = UInt8(text[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}
