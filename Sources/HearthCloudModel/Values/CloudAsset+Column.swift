import Foundation

extension CloudAsset {
    /// The asset as an app's local column keeps it: the JSON of its checksum and size (no download address,
    /// which the server fills in on each answer).
    public var columnText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let bare = CloudAsset(fileChecksum: fileChecksum, size: size)
        return (try? String(decoding: encoder.encode(bare), as: UTF8.self)) ?? ""
    }

    /// The asset a local column's ``columnText`` stands for; nil for text that is not one.
    public init?(columnText: String) {
        guard let asset = try? JSONDecoder().decode(CloudAsset.self, from: Data(columnText.utf8)) else { return nil }
        self.init(fileChecksum: asset.fileChecksum, size: asset.size)
    }
}
