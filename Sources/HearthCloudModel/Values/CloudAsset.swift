import Foundation

/// A file stored by the assets API: content-addressed by the SHA-256 of its bytes.
public struct CloudAsset: Codable, Sendable, Hashable {
    /// The lowercase hex SHA-256 of the file's bytes, as the upload answered.
    public var fileChecksum: String
    /// The file's size in bytes.
    public var size: Int64
    /// Where to download it (a path on the server), filled in by the server in responses.
    public var downloadURL: String?

    public init(fileChecksum: String, size: Int64, downloadURL: String? = nil) {
        self.fileChecksum = fileChecksum
        self.size = size
        self.downloadURL = downloadURL
    }
}
