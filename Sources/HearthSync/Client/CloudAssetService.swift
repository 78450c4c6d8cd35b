public import Foundation
public import HearthCloudModel

/// The assets API as a device's file transfers need it: upload a file, download one by its checksum.
/// ``CloudClient`` is one; a test can hand in the server's own store.
public protocol CloudAssetService: Sendable {
    /// Uploads `data`; put the answer in an asset field.
    func uploadAsset(_ data: Data) async throws -> CloudAsset
    /// The bytes of the asset whose SHA-256 is `checksum`.
    func downloadAsset(checksum: String) async throws -> Data
}

extension CloudClient: CloudAssetService {}
