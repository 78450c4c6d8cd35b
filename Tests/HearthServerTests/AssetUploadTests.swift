import Foundation
import HTTPTypes
import HearthCloud
import HearthCloudModel
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import HearthServer

@Suite("Asset uploads: streamed to disk, held to the per-asset limit and the storage quota", .timeLimit(.minutes(10)))
struct AssetUploadTests {
    /// `count` bytes, different for each `seed`.
    static func bytes(_ count: Int, seed: UInt8) -> ByteBuffer {
        var buffer = ByteBuffer(repeating: seed, count: count)
        buffer.setBytes(Array("seed \(seed) ".utf8), at: 0)
        return buffer
    }

    @Test(
        "an upload of several parts round-trips; past the quota it is refused QUOTA_EXCEEDED, at once when Content-Length says so"
    )
    func uploadsAndQuota() async throws {
        var cloud = CloudConfiguration(bcryptCost: 4)
        cloud.storageQuotaBytes = 5_000_000
        cloud.maxAssetBytes = 4_000_000
        let configuration = testConfiguration(cloud)
        let app = try await buildApplication(configuration)
        try await app.test(.live) { client in
            let (token, _) = try await signUp(client, "uploader")
            let file = Self.bytes(3_500_000, seed: 1)
            let stored = try await postRaw(client, "/cloud/v1/assets/upload", token, file)
            #expect(stored.status == .created, "\(String(buffer: stored.body))")
            let asset = try decode(CloudAsset.self, stored)
            #expect(asset.size == 3_500_000)
            let fetched = try await client.execute(
                uri: "/cloud/v1/assets/\(asset.fileChecksum)", method: .get, headers: authorized(token))
            #expect(fetched.body == file)

            // 1.5 MB are left of the quota: a 2 MB upload is refused while it streams (no Content-Length)...
            let chunked = try await client.execute(
                uri: "/cloud/v1/assets/upload", method: .post, headers: authorized(token),
                body: Self.bytes(2_000_000, seed: 2))
            #expect(chunked.status == .contentTooLarge)
            let error = try errorBody(chunked)
            #expect(error.serverErrorCode == .quotaExceeded)
            #expect(
                error.reason.contains("what is left of your storage quota: 1500000 of 5000000 bytes"), "\(error.reason)"
            )
            // ... and so is one whose Content-Length says it will not fit, before its bytes are read.
            var headers = authorized(token)
            headers[.contentLength] = "1600000"
            let declared = try await client.execute(
                uri: "/cloud/v1/assets/upload", method: .post, headers: headers, body: Self.bytes(1_600_000, seed: 3))
            #expect(declared.status == .contentTooLarge)
            #expect(try errorBody(declared).serverErrorCode == .quotaExceeded)
            // Someone with room in their quota is held to the per-asset limit, and told so.
            let (other, _) = try await signUp(client, "other")
            let large = try await client.execute(
                uri: "/cloud/v1/assets/upload", method: .post, headers: authorized(other),
                body: Self.bytes(4_100_000, seed: 4))
            #expect(large.status == .contentTooLarge)
            #expect(try errorBody(large).reason.contains("larger than the limit of 4000000 bytes per asset"))

            let empty = try await client.execute(
                uri: "/cloud/v1/assets/upload", method: .post, headers: authorized(token), body: ByteBuffer())
            #expect(empty.status == .badRequest)
            #expect(try await client.execute(uri: "/health", method: .get).status == .ok)
        }
        // Nothing of the refused uploads stays: no stored asset but the first, no file left in the upload folder.
        let store = try SQLRecordStore.sqlite(url: configuration.dataDirectory.appendingPathComponent("cloud.sqlite"))
        let assets = try await store.database.transaction(readOnly: true) { tx in
            try await tx.query("SELECT checksum FROM assets", [])
        }
        #expect(assets.count == 1)
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: configuration.dataDirectory.appendingPathComponent("uploads").path)
        #expect(leftovers.isEmpty, "\(leftovers)")
    }
}
