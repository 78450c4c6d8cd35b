import Crypto
import Foundation
import HearthCloud
import HearthCloudModel
import HearthTestSupport
import Testing

/// Assets stored from files, in parts, and counted against each uploader's storage quota.
@Suite("Record store conformance: asset storage and quotas")
struct AssetStorageConformanceTests {
    /// `count` bytes that differ from those of any other `seed`, in a file, with their SHA-256.
    static func file(_ count: Int, seed: UInt8) throws -> (url: URL, size: Int64, checksum: String, data: Data) {
        var data = Data(count: count)
        for index in 0..<count { data[index] = UInt8(truncatingIfNeeded: index &* 31 &+ Int(seed)) }
        data[0] = seed
        let folder = scratchDirectory("hearth-assets")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("upload")
        try data.write(to: url)
        let checksum = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        return (url, Int64(count), checksum, data)
    }

    static func parts(_ store: SQLRecordStore, _ checksum: String) async throws -> Int {
        try await store.database.transaction(readOnly: true) { tx in
            Int(
                try await tx.query("SELECT COUNT(*) AS n FROM asset_parts WHERE checksum = ?", [.text(checksum)]).first?
                    .int("n") ?? 0)
        }
    }

    @Test(
        "a file is stored a mebibyte per part and read back whole; storing it again adds nothing",
        arguments: StoreKind.allCases)
    func partsRoundTrip(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let owner = try await makeUser(store, "owner")
            let upload = try Self.file(2_600_000, seed: 1)
            let asset = try await store.storeAsset(
                owner, file: upload.url, size: upload.size, checksum: upload.checksum)
            #expect(asset.fileChecksum == upload.checksum)
            #expect(asset.size == upload.size)
            #expect(try await Self.parts(store, upload.checksum) == 3)
            #expect(try await store.loadAsset(owner, checksum: upload.checksum) == upload.data)
            #expect(
                try await store.storeAsset(owner, file: upload.url, size: upload.size, checksum: upload.checksum)
                    == asset)
            #expect(try await store.remainingStorage(owner) == 1_000_000_000 - upload.size)
            // The same bytes from someone else are linked to them, not stored twice, and count for them too.
            let other = try await makeUser(store, "other")
            _ = try await store.storeAsset(other, file: upload.url, size: upload.size, checksum: upload.checksum)
            #expect(try await Self.parts(store, upload.checksum) == 3)
            #expect(try await store.loadAsset(other, checksum: upload.checksum) == upload.data)
            #expect(try await store.remainingStorage(other) == 1_000_000_000 - upload.size)
        }
    }

    @Test(
        "an upload past the quota is refused with QUOTA_EXCEEDED and leaves nothing; compaction gives the bytes back",
        arguments: StoreKind.allCases)
    func quota(_ kind: StoreKind) async throws {
        let time = TestTime()
        var configuration = CloudConfiguration(bcryptCost: 4)
        configuration.storageQuotaBytes = 3_000_000
        try await withStore(kind, configuration: configuration, time: time) { store in
            let owner = try await makeUser(store, "owner")
            let first = try Self.file(2_500_000, seed: 2)
            _ = try await store.storeAsset(owner, file: first.url, size: first.size, checksum: first.checksum)
            #expect(try await store.remainingStorage(owner) == 500_000)
            let second = try Self.file(600_000, seed: 3)
            let refused = await cloudError {
                _ = try await store.storeAsset(owner, file: second.url, size: second.size, checksum: second.checksum)
            }
            #expect(refused?.serverErrorCode == .quotaExceeded)
            #expect(
                refused?.reason.contains("your storage quota of 3000000 bytes has 500000 left") == true,
                "\(refused?.reason ?? "")")
            #expect(try await Self.parts(store, second.checksum) == 0)
            #expect(try await store.remainingStorage(owner) == 500_000)
            // Records count against the same quota.
            let record = await cloudError {
                try await save(store, owner, [.note("big", title: String(repeating: "x", count: 600_000))])
            }
            #expect(record?.serverErrorCode == .quotaExceeded)
            // The bytes data-only uploads took come back once compaction removes the unreferenced asset.
            time.advance(by: 31 * 86_400)
            let report = try await store.compact(now: time.now)
            #expect(report.assetsRemoved == 1)
            #expect(try await Self.parts(store, first.checksum) == 0)
            #expect(try await store.remainingStorage(owner) == 3_000_000)
            _ = try await store.storeAsset(owner, file: second.url, size: second.size, checksum: second.checksum)
        }
    }

    @Test(
        "parts left by an upload that never finished are removed by compaction after an hour",
        arguments: StoreKind.allCases)
    func strayParts(_ kind: StoreKind) async throws {
        let time = TestTime()
        try await withStore(kind, time: time) { store in
            let stray = String(repeating: "a", count: 64)
            try await store.database.transaction(readOnly: false) { tx in
                try await tx.execute(
                    "INSERT INTO asset_parts (checksum, part, data, created_at) VALUES (?, 0, ?, ?)",
                    [
                        .text(stray), .blob(Data([1, 2, 3])), .int(Int64(time.now.timeIntervalSince1970 * 1000)),
                    ])
            }
            _ = try await store.compact(now: time.now)
            #expect(try await Self.parts(store, stray) == 1)
            time.advance(by: 3_601)
            _ = try await store.compact(now: time.now)
            #expect(try await Self.parts(store, stray) == 0)
        }
    }
}
