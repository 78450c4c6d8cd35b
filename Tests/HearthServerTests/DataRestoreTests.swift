import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
import HearthServer
import HearthTestSupport
import Testing
import ZIPFoundation

/// Backups that restore, and archives that are refused before anything is written: damaged, changed,
/// reaching outside the folder, or aimed at a folder that is not empty.
@Suite("Backup archives")
struct DataRestoreTests {
    /// A data directory with a record store and a file beside it, and its backup.
    static func backedUp(_ folder: TemporaryFolder) async throws -> (data: URL, archive: URL) {
        let data = folder.file("data")
        try FileManager.default.createDirectory(
            at: data.appendingPathComponent("assets"), withIntermediateDirectories: true)
        let store = try SQLRecordStore.sqlite(url: data.appendingPathComponent("cloud.sqlite"))
        try await store.migrate()
        let accounts = AccountService(store: store, configuration: CloudConfiguration(bcryptCost: 4))
        _ = try await accounts.signUp(
            CloudSignUpRequest(emailAddress: "archive@example.com", password: "a long password"))
        try Data("an asset's bytes".utf8).write(to: data.appendingPathComponent("assets/one"))
        let archive = folder.file("backup.zip")
        _ = try await DataBackup(dataDirectory: data).write(to: archive)
        return (data, archive)
    }

    /// The members of `archive`, by path.
    static func members(_ archive: URL) throws -> [String: Data] {
        let zip = try Archive(url: archive, accessMode: .read)
        var members: [String: Data] = [:]
        for entry in zip {
            var data = Data()
            _ = try zip.extract(entry) { data.append($0) }
            members[entry.path] = data
        }
        return members
    }

    /// A ZIP file holding `members`, written the way an attacker would: any path, any manifest.
    static func archive(_ members: [String: Data], at url: URL) throws {
        let zip = try Archive(url: url, accessMode: .create)
        for (path, data) in members.sorted(by: { $0.key < $1.key }) {
            try zip.addEntry(with: path, type: .file, uncompressedSize: Int64(data.count)) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
    }

    static func manifest(_ data: Data) throws -> BackupManifest {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(BackupManifest.self, from: data)
    }

    static func encoded(_ manifest: BackupManifest) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(manifest)
    }

    /// Restoring `archive` into a new folder fails with a message holding `expected`, and leaves nothing.
    static func expectRefused(_ archive: URL, in folder: TemporaryFolder, saying expected: String) async throws {
        let target = folder.file("target-\(UUID().uuidString)")
        let error = await #expect(throws: ServiceError.self) {
            try await DataRestore(archive: archive, dataDirectory: target).run()
        }
        #expect(error?.message.contains(expected) == true, "\(error?.message ?? "no error")")
        #expect(!FileManager.default.fileExists(atPath: target.path), "the refused restore left \(target.path) behind")
    }

    @Test("a backup restores every member byte for byte, and the restored record store opens")
    func roundTrip() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-archive")
        let (data, archive) = try await Self.backedUp(folder)
        let target = folder.file("restored")
        let manifest = try await DataRestore(archive: archive, dataDirectory: target).run()
        #expect(manifest.entries.map(\.path) == ["data/assets/one", "data/cloud.sqlite"])
        #expect(manifest.entries.map(\.kind) == [.file, .sqlite])
        #expect(
            try Data(contentsOf: target.appendingPathComponent("assets/one"))
                == Data(contentsOf: data.appendingPathComponent("assets/one")))
        let store = try SQLRecordStore.sqlite(url: target.appendingPathComponent("cloud.sqlite"))
        try await store.migrate()
        let accounts = AccountService(store: store, configuration: CloudConfiguration(bcryptCost: 4))
        _ = try await accounts.signIn(
            CloudSignInRequest(emailAddress: "archive@example.com", password: "a long password"))
        for entry in manifest.entries {
            let mode =
                try FileManager.default.attributesOfItem(
                    atPath: target.appendingPathComponent(String(entry.path.dropFirst(5))).path)[.posixPermissions]
                as? Int
            #expect(mode == 0o600, "\(entry.path)")
        }
    }

    @Test("a member changed after the backup, or one the manifest does not list, is refused and nothing is restored")
    func changedArchives() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-archive")
        let (_, archive) = try await Self.backedUp(folder)
        var members = try Self.members(archive)

        var changed = members
        changed["data/assets/one"] = Data("AN ASSET'S BYTES".utf8)  // the same length, other bytes
        try Self.archive(changed, at: folder.file("changed.zip"))
        try await Self.expectRefused(folder.file("changed.zip"), in: folder, saying: "does not match the SHA-256")

        var extra = members
        extra["data/assets/two"] = Data("smuggled".utf8)
        try Self.archive(extra, at: folder.file("extra.zip"))
        try await Self.expectRefused(folder.file("extra.zip"), in: folder, saying: "which its manifest does not list")

        var longer = members
        longer["data/assets/one"] = Data(repeating: 0x41, count: 1_000_000)
        try Self.archive(longer, at: folder.file("longer.zip"))
        try await Self.expectRefused(folder.file("longer.zip"), in: folder, saying: "where the manifest says")

        members.removeValue(forKey: "data/assets/one")
        try Self.archive(members, at: folder.file("missing.zip"))
        try await Self.expectRefused(folder.file("missing.zip"), in: folder, saying: "is incomplete")
    }

    @Test("paths that climb out of the data directory are refused before anything is written")
    func pathsOutside() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-archive")
        let (_, archive) = try await Self.backedUp(folder)
        let members = try Self.members(archive)
        let payload = Data("owned".utf8)
        for path in [
            "data/../../escaped", "data//etc/passwd", "/etc/escaped", "data/./x", "data/a\\..\\b", "postgres/../../x",
        ] {
            var manifest = try Self.manifest(try #require(members[BackupManifest.memberName]))
            manifest.entries.append(
                BackupEntry(
                    path: path, kind: path.hasPrefix("postgres") ? .postgres : .file, bytes: Int64(payload.count),
                    sha256: "00"))
            var hostile = members
            hostile[BackupManifest.memberName] = try Self.encoded(manifest)
            hostile[path] = payload
            let url = folder.file("hostile-\(UUID().uuidString).zip")
            try Self.archive(hostile, at: url)
            try await Self.expectRefused(url, in: folder, saying: "lists a member it may not hold")
        }
        #expect(
            !FileManager.default.fileExists(
                atPath: folder.url.deletingLastPathComponent().appendingPathComponent("escaped").path))
    }

    @Test("sizes that add up past 64 bits, or fall below zero, are refused without a crash and nothing is restored")
    func sizesThatOverflow() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-archive")
        let (_, archive) = try await Self.backedUp(folder)
        let members = try Self.members(archive)
        let real = try Self.manifest(try #require(members[BackupManifest.memberName]))
        for sizes in [[Int64.max, Int64.max], [Int64.max, 1], [-1, 0], [Int64.min, 0]] {
            var manifest = real
            for (index, size) in sizes.enumerated() where index < manifest.entries.count {
                manifest.entries[index].bytes = size
            }
            var hostile = members
            hostile[BackupManifest.memberName] = try Self.encoded(manifest)
            let url = folder.file("sizes-\(UUID().uuidString).zip")
            try Self.archive(hostile, at: url)
            try await Self.expectRefused(url, in: folder, saying: "gives sizes no backup has")
        }
        var postgres = real
        postgres.entries.append(BackupEntry(path: BackupEntry.postgresPath, kind: .postgres, bytes: -5, sha256: "00"))
        var hostile = members
        hostile[BackupManifest.memberName] = try Self.encoded(postgres)
        hostile[BackupEntry.postgresPath] = Data()
        try Self.archive(hostile, at: folder.file("negative-dump.zip"))
        try await Self.expectRefused(folder.file("negative-dump.zip"), in: folder, saying: "gives sizes no backup has")
    }

    @Test("a fuzz of manifests with random and hostile fields never crashes a restore, and each refusal leaves nothing")
    func fuzzedManifests() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-archive")
        let (_, archive) = try await Self.backedUp(folder)
        let members = try Self.members(archive)
        let manifestData = try #require(members[BackupManifest.memberName])
        let real = try #require(try JSONSerialization.jsonObject(with: manifestData) as? [String: Any])
        var generator = SeededGenerator(seed: 0xBAC_CAFE)
        let numbers: [Any] = [
            Int64.max, Int64.min, -1, 0, 1, 1 << 53, Double.greatestFiniteMagnitude, -0.5, 1e300, "12", NSNull(),
            true, [1], ["bytes": 1],
        ]
        let texts: [Any] = [
            "", "data/", "data/../x", "/etc/passwd", "postgres/records.dump", "data/\u{0}", "data/a/./b",
            String(repeating: "a/", count: 5_000), "ünïcödé", "data/assets/one", "data/cloud.sqlite", 42, NSNull(),
        ]
        let kinds: [Any] = ["sqlite", "file", "postgres", "SQLITE", "", 7, NSNull()]
        func pick(_ choices: [Any]) -> Any { choices[Int.random(in: 0..<choices.count, using: &generator)] }
        var outcomes = (restored: 0, refused: 0)
        for round in 0..<150 {
            var manifest = real
            var entries = (real["entries"] as? [[String: Any]]) ?? []
            for index in entries.indices {
                if Bool.random(using: &generator) { entries[index]["bytes"] = pick(numbers) }
                if Int.random(in: 0..<4, using: &generator) == 0 { entries[index]["path"] = pick(texts) }
                if Int.random(in: 0..<4, using: &generator) == 0 { entries[index]["kind"] = pick(kinds) }
                if Int.random(in: 0..<6, using: &generator) == 0 { entries[index]["sha256"] = pick(texts) }
            }
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                entries.append(["path": pick(texts), "kind": pick(kinds), "bytes": pick(numbers), "sha256": "00"])
            }
            if Int.random(in: 0..<8, using: &generator) == 0 { manifest["version"] = pick(numbers) }
            if Int.random(in: 0..<8, using: &generator) == 0 { manifest["createdAt"] = pick(texts) }
            manifest["entries"] = entries
            var hostile = members
            hostile[BackupManifest.memberName] = try JSONSerialization.data(withJSONObject: manifest)
            let url = folder.file("fuzz-\(round).zip")
            try Self.archive(hostile, at: url)
            let target = folder.file("fuzz-target-\(round)")
            do {
                _ = try await DataRestore(archive: url, dataDirectory: target).run()
                outcomes.restored += 1
            } catch let error as ServiceError {
                outcomes.refused += 1
                #expect(!error.message.isEmpty)
                #expect(!FileManager.default.fileExists(atPath: target.path), "round \(round) left \(target.path)")
            }
            try? FileManager.default.removeItem(at: url)
        }
        #expect(outcomes.refused > 100, "\(outcomes)")
    }

    @Test("files that are not backups, manifests from elsewhere or from a newer Hearth, and full folders are refused")
    func notBackups() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-archive")
        let (data, archive) = try await Self.backedUp(folder)
        try Data("not a zip at all".utf8).write(to: folder.file("text.zip"))
        try await Self.expectRefused(folder.file("text.zip"), in: folder, saying: "it is not a ZIP archive")
        try await Self.expectRefused(folder.file("absent.zip"), in: folder, saying: "there is no such file")

        try Self.archive(["notes.txt": Data("hello".utf8)], at: folder.file("other.zip"))
        try await Self.expectRefused(folder.file("other.zip"), in: folder, saying: "it has no manifest.json")
        try Self.archive(
            [BackupManifest.memberName: Data("{\"format\":\"something else\"}".utf8)], at: folder.file("foreign.zip"))
        try await Self.expectRefused(
            folder.file("foreign.zip"), in: folder, saying: "its manifest is not one `hearth backup` writes")

        var members = try Self.members(archive)
        var newer = try Self.manifest(try #require(members[BackupManifest.memberName]))
        newer.version = BackupManifest.currentVersion + 1
        members[BackupManifest.memberName] = try Self.encoded(newer)
        try Self.archive(members, at: folder.file("newer.zip"))
        try await Self.expectRefused(folder.file("newer.zip"), in: folder, saying: "written by a newer Hearth")

        // A folder with something in it is never restored into, and keeps what it held.
        let error = await #expect(throws: ServiceError.self) {
            try await DataRestore(archive: archive, dataDirectory: data).run()
        }
        #expect(error?.message.contains("is not empty") == true)
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("assets/one").path))
    }

    @Test("a database that fails SQLite's integrity check is named, and no archive is written")
    func damagedDatabase() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-archive")
        let (data, _) = try await Self.backedUp(folder)
        // Overwrite the middle of the record store with noise, keeping its header.
        let database = data.appendingPathComponent("cloud.sqlite")
        var bytes = try Data(contentsOf: database)
        let start = bytes.count / 3
        for index in start..<min(bytes.count, start + 8_192) {
            bytes[index] = UInt8(truncatingIfNeeded: index &* 31 &+ 7)
        }
        try bytes.write(to: database)
        let output = folder.file("damaged.zip")
        let error = await #expect(throws: ServiceError.self) {
            try await DataBackup(dataDirectory: data).write(to: output)
        }
        #expect(error?.message.contains("cloud.sqlite") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("integrity check") == true, "\(error?.message ?? "")")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter {
            $0.hasPrefix(".")
        }
        #expect(leftovers.isEmpty, "the failed backup left \(leftovers)")
    }
}
