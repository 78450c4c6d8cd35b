public import Foundation

/// An asset a caller may read, opened for sending: its size, and its bytes read a part at a time, so that a
/// download holds at most one part (a mebibyte) in memory however large the file.
///
/// ```swift
/// let download = try await store.openAsset(principal, checksum: checksum)
/// try await download.send { part in try await writer.write(ByteBuffer(bytes: part)) }
/// ```
public struct AssetDownload: Sendable {
    /// The asset's size in bytes.
    public let size: Int64
    private let parts: @Sendable (_ body: (Data) async throws -> Void) async throws -> Void

    /// `parts` hands the asset's bytes to its argument in order.
    public init(size: Int64, parts: @escaping @Sendable (_ body: (Data) async throws -> Void) async throws -> Void) {
        self.size = size
        self.parts = parts
    }

    /// Hands the asset's bytes to `body` in order, a part at a time.
    public func send(_ body: (Data) async throws -> Void) async throws {
        try await parts(body)
    }

    /// The whole asset in memory, for callers that need it whole (small files, tests).
    public func collect() async throws -> Data {
        var data = Data(capacity: Int(size))
        try await send { data.append($0) }
        return data
    }
}
