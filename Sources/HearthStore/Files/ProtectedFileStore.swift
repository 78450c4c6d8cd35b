import Crypto
public import Foundation
import HearthCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files only their owner can read (mode 0600 in a 0700 folder), written atomically, and optionally
/// sealed with AES-GCM.
///
/// A write goes to a temporary file that is flushed and then renamed over the target, so a reader (or a
/// crash) sees the old contents or the new, never a mix. With a key, every file is encrypted and
/// authenticated together with its name: a wrong key, a flipped byte or a file moved to another name is
/// reported as an error, never returned as garbage.
public struct ProtectedFileStore: Sendable {
    /// The folder the files live in.
    public let directory: URL
    private let key: EncryptionKey?

    /// The bytes every encrypted file starts with.
    static let magic = Data("HEARTH-AESGCM-1\n".utf8)

    /// A store in `directory` (created 0700 on first write), encrypting with `key` when given.
    public init(directory: URL, key: EncryptionKey? = nil) {
        self.directory = directory
        self.key = key
    }

    /// Whether files are encrypted.
    public var isEncrypted: Bool { key != nil }

    /// Whether `contents` is a file this store encrypted (it starts with the store's mark), so that a reader
    /// that also takes plain files knows it needs the key.
    public static func isSealed(_ contents: Data) -> Bool { contents.starts(with: magic) }

    /// Writes `data` to the file `name`, replacing it atomically.
    public func write(_ data: Data, to name: String) throws {
        let url = try fileURL(name)
        try ensureDirectory()
        let payload = try seal(data, name: name)
        let temporary = directory.appendingPathComponent(".\(name).\(UUID().uuidString).tmp")
        let descriptor = Glibc_open(temporary.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else { throw posixError("create", temporary) }
        var closed = false
        defer {
            if !closed { close(descriptor) }
            unlink(temporary.path)
        }
        try payload.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc_write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                guard written > 0 else {
                    if written < 0 && errno == EINTR { continue }
                    throw posixError("write", temporary)
                }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else { throw posixError("flush", temporary) }
        close(descriptor)
        closed = true
        guard rename(temporary.path, url.path) == 0 else { throw posixError("replace", url) }
        syncDirectory()
    }

    /// The contents of the file `name`, or nil when there is no such file.
    public func read(_ name: String) throws -> Data? {
        let url = try fileURL(name)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let stored: Data
        do {
            stored = try Data(contentsOf: url)
        } catch {
            throw ServiceError(
                .operationFailed, "Could not read \(url.path): \(error.localizedDescription)", underlying: error)
        }
        return try unseal(stored, name: name, url: url)
    }

    /// Writes `value` as JSON to the file `name`.
    public func writeJSON<T: Encodable>(_ value: T, to name: String) throws {
        let encoder = JSONEncoder.hearth
        encoder.outputFormatting.insert(.prettyPrinted)
        try write(try encoder.encode(value), to: name)
    }

    /// The JSON value in the file `name`, or nil when there is no such file.
    public func readJSON<T: Decodable>(_ type: T.Type, from name: String) throws -> T? {
        guard let data = try read(name) else { return nil }
        do {
            return try JSONDecoder.hearth.decode(type, from: data)
        } catch {
            throw ServiceError(
                .corrupted,
                "\(directory.appendingPathComponent(name).path) does not hold a valid \(T.self): \(DecodingErrorSummary.describe(error))",
                underlying: error)
        }
    }

    /// Deletes the file `name`; deleting a missing file is not an error.
    public func remove(_ name: String) throws {
        let url = try fileURL(name)
        if unlink(url.path) != 0 && errno != ENOENT { throw posixError("delete", url) }
    }

    /// The names of the stored files, sorted.
    public func list() throws -> [String] {
        guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { !$0.hasPrefix(".") }
            .sorted()
    }

    // MARK: Sealing

    private func seal(_ data: Data, name: String) throws -> Data {
        guard let key else { return data }
        do {
            let box = try AES.GCM.seal(data, using: key.symmetricKey, authenticating: Data(name.utf8))
            return Self.magic + box.combined!
        } catch {
            throw ServiceError(.operationFailed, "Could not encrypt \(name): \(error)", underlying: error)
        }
    }

    private func unseal(_ stored: Data, name: String, url: URL) throws -> Data {
        let encrypted = stored.starts(with: Self.magic)
        switch (encrypted, key) {
        case (false, nil):
            return stored
        case (true, nil):
            throw ServiceError(
                .corrupted,
                "\(url.path) is encrypted, but no key was given. Set \(EncryptionKey.environmentVariable) or pass the key file it was written with."
            )
        case (false, .some):
            throw ServiceError(
                .corrupted,
                "\(url.path) is not encrypted, but a key was given; it was not written by this store with this key, so it is not trusted."
            )
        case (true, .some(let key)):
            do {
                let box = try AES.GCM.SealedBox(combined: stored.dropFirst(Self.magic.count))
                return try AES.GCM.open(box, using: key.symmetricKey, authenticating: Data(name.utf8))
            } catch {
                throw ServiceError(
                    .corrupted,
                    "\(url.path) could not be decrypted: the key is wrong, or the file was changed or renamed after it was written.",
                    underlying: error
                )
            }
        }
    }

    // MARK: Files

    private func fileURL(_ name: String) throws -> URL {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\0"), !name.hasPrefix(".")
        else {
            throw ServiceError(
                .validationFailed,
                "\"\(name)\" is not a valid file name: use a plain name without slashes that does not start with a dot."
            )
        }
        return directory.appendingPathComponent(name)
    }

    private func ensureDirectory() throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw ServiceError(.operationFailed, "\(directory.path) exists but is not a folder.")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ServiceError(
                .operationFailed, "Could not create the folder \(directory.path): \(error.localizedDescription)",
                underlying: error)
        }
    }

    private func syncDirectory() {
        let descriptor = Glibc_open(directory.path, O_RDONLY)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private func posixError(_ verb: String, _ url: URL) -> ServiceError {
        let reason = String(cString: strerror(errno))
        return ServiceError(.operationFailed, "Could not \(verb) \(url.path): \(reason).")
    }
}

// `write` is shadowed by this type's method; these reach the C functions.
private func Glibc_write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

private func Glibc_open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
    open(path, flags, mode)
}
