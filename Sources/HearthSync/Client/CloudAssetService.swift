import Crypto
public import Foundation
public import HearthCloudModel
import HearthCore

/// The assets API as a device's file transfers need it: upload a file, download one by its checksum.
/// ``CloudClient`` is one; a test can hand in the server's own store.
public protocol CloudAssetService: Sendable {
    /// Uploads `data`; put the answer in an asset field.
    func uploadAsset(_ data: Data) async throws -> CloudAsset
    /// The bytes of the asset whose SHA-256 is `checksum`.
    func downloadAsset(checksum: String) async throws -> Data
}

extension CloudClient: CloudAssetService {}

extension CloudAssetService {
    /// The bytes of `asset`, checked against its SHA-256 and size (what the record naming it says).
    /// - Throws: ``HearthCore/ServiceError`` `corrupted` when the server sends other bytes; what the download
    ///   throws.
    public func downloadAsset(_ asset: CloudAsset) async throws -> Data {
        let data = try await downloadAsset(checksum: asset.fileChecksum)
        guard CloudAsset(describing: data) == CloudAsset(fileChecksum: asset.fileChecksum, size: asset.size) else {
            throw ServiceError(.corrupted, "the server sent \(data.count) bytes that are not the file the record names")
        }
        return data
    }
}

extension CloudAsset {
    /// The asset `data` would be: its lowercase hex SHA-256 and size, as the server names what it stores.
    public init(describing data: Data) {
        self.init(
            fileChecksum: SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined(), size: Int64(data.count))
    }
}
