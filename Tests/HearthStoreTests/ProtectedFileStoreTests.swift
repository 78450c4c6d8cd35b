import Foundation
import HearthCore
import HearthStore
import Testing

@Suite struct ProtectedFileStoreTests {
    private func permissions(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func plainFilesAreOwnerOnlyAndAtomic() throws {
        let folder = try temporaryDirectory().appendingPathComponent("secrets")
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let store = ProtectedFileStore(directory: folder)
        try store.write(Data("v1".utf8), to: "state.json")
        try store.write(Data("v2".utf8), to: "state.json")
        #expect(try store.read("state.json") == Data("v2".utf8))
        #expect(try permissions(folder.appendingPathComponent("state.json")) == 0o600)
        #expect(try permissions(folder) == 0o700)
        let everything = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(everything == ["state.json"], "no temporary files are left behind")
        #expect(try store.list() == ["state.json"])
        #expect(try store.read("absent") == nil)
        try store.remove("state.json")
        try store.remove("state.json")
        #expect(try store.list().isEmpty)
    }

    @Test func encryptedFilesRoundTripAndHideTheirContents() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = ProtectedFileStore(directory: folder, key: .generate())
        let secret = Data("token=abc123".utf8)
        try store.write(secret, to: "token")
        let raw = try Data(contentsOf: folder.appendingPathComponent("token"))
        #expect(raw.range(of: Data("abc123".utf8)) == nil)
        #expect(try store.read("token") == secret)
        struct State: Codable, Equatable {
            var cursor: Int
            var zone: String
        }
        try store.writeJSON(State(cursor: 4, zone: "Finance"), to: "state.json")
        #expect(try store.readJSON(State.self, from: "state.json") == State(cursor: 4, zone: "Finance"))
    }

    @Test func aWrongKeyIsAClearErrorNotGarbage() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ProtectedFileStore(directory: folder, key: .generate()).write(Data("secret".utf8), to: "token")
        let other = ProtectedFileStore(directory: folder, key: .generate())
        #expect {
            try other.read("token")
        } throws: { error in
            let error = error as? ServiceError
            return error?.code == .corrupted && error?.message.contains("the key is wrong") == true
        }
    }

    @Test func aFlippedByteIsDetected() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = EncryptionKey.generate()
        let store = ProtectedFileStore(directory: folder, key: key)
        try store.write(Data(repeating: 7, count: 64), to: "blob")
        let url = folder.appendingPathComponent("blob")
        var bytes = try Data(contentsOf: url)
        bytes[bytes.count - 20] ^= 0x01
        try bytes.write(to: url)
        #expect(throws: ServiceError.self) { try store.read("blob") }
    }

    @Test func aFileMovedToAnotherNameIsRejected() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = ProtectedFileStore(directory: folder, key: .generate())
        try store.write(Data("alice".utf8), to: "alice-token")
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("alice-token"), to: folder.appendingPathComponent("bob-token"))
        #expect(throws: ServiceError.self) { try store.read("bob-token") }
    }

    @Test func mixingEncryptedAndPlainFilesIsRefused() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        try ProtectedFileStore(directory: folder).write(Data("plain".utf8), to: "plain")
        try ProtectedFileStore(directory: folder, key: .generate()).write(Data("sealed".utf8), to: "sealed")
        #expect(throws: ServiceError.self) { try ProtectedFileStore(directory: folder, key: .generate()).read("plain") }
        #expect {
            try ProtectedFileStore(directory: folder).read("sealed")
        } throws: { error in
            (error as? ServiceError)?.message.contains(EncryptionKey.environmentVariable) == true
        }
    }

    @Test func namesThatEscapeTheFolderAreRejected() throws {
        let store = ProtectedFileStore(directory: try temporaryDirectory())
        for name in ["", ".", "..", "../escape", "a/b", ".hidden"] {
            #expect(throws: ServiceError.self, "\(name)") { try store.write(Data(), to: name) }
        }
    }

    @Test func keysComeFromTheEnvironmentOrAKeyFile() throws {
        let key = EncryptionKey.generate()
        let fromEnvironment = try #require(
            try EncryptionKey.fromEnvironment(environment: ["HEARTH_ENCRYPTION_KEY": key.base64]))
        #expect(fromEnvironment.base64 == key.base64)
        #expect(try EncryptionKey.fromEnvironment(environment: [:]) == nil)
        #expect(throws: ServiceError.self) {
            try EncryptionKey.fromEnvironment(environment: ["HEARTH_ENCRYPTION_KEY": "short"])
        }

        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let textFile = folder.appendingPathComponent("key.txt")
        try Data((key.base64 + "\n").utf8).write(to: textFile)
        #expect(try EncryptionKey.load(fromFile: textFile).base64 == key.base64)

        let hexFile = folder.appendingPathComponent("key.hex")
        let raw = Data(base64Encoded: key.base64)!
        try Data(raw.map { String(format: "%02x", $0) }.joined().utf8).write(to: hexFile)
        #expect(try EncryptionKey.load(fromFile: hexFile).base64 == key.base64)

        let rawFile = folder.appendingPathComponent("key.bin")
        try raw.write(to: rawFile)
        #expect(try EncryptionKey.load(fromFile: rawFile).base64 == key.base64)

        #expect(throws: ServiceError.self) {
            try EncryptionKey.load(fromFile: folder.appendingPathComponent("missing"))
        }
    }

    @Test func tokensAreKeptPerAccount() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tokens = SecureTokenStore(files: ProtectedFileStore(directory: folder, key: .generate()))
        #expect(try tokens.token(for: "ana@example.com") == nil)
        try tokens.save("t1", for: "ana@example.com")
        try tokens.save("t2", for: "ben@example.com")
        try tokens.save("t3", for: "ana@example.com")
        #expect(try tokens.token(for: "ana@example.com") == "t3")
        #expect(try tokens.accounts() == ["ana@example.com", "ben@example.com"])
        try tokens.remove(for: "ana@example.com")
        #expect(try tokens.token(for: "ana@example.com") == nil)
    }
}
