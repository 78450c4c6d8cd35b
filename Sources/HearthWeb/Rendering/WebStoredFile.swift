import Foundation
import HTTPTypes
public import HearthCloud
import HearthCloudModel
import Hummingbird

/// A file kept in the record store as an asset, handed to the browser a part at a time: a document's copy or
/// a receipt to save, or a vehicle's photo to show.
public struct WebStoredFile: Sendable {
    /// The name the browser saves it as.
    public var fileName: String
    /// Its media type.
    public var contentType: String
    /// Its bytes, opened to be sent.
    public var download: AssetDownload
    /// Shown in the page (a picture) rather than saved.
    public var inline: Bool

    /// The asset `asset` of `userID`'s, opened to be sent under `name` (its media type told by the name's
    /// extension, which the pages set from the file's first bytes).
    /// - Throws: what the record store throws for an asset the user may not read.
    static func open(_ asset: CloudAsset, named name: String, in store: any RecordStore, userID: String, inline: Bool)
        async throws -> WebStoredFile
    {
        let download = try await store.openAsset(CloudPrincipal(userID: userID), checksum: asset.fileChecksum)
        return WebStoredFile(
            fileName: name, contentType: WebDownload.contentType(of: name), download: download, inline: inline)
    }

    /// The answer sending it: saved as an attachment unless it is a picture shown inline, never sniffed as
    /// something else, not kept by shared caches.
    func response() -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.contentDisposition] = WebDownload.disposition(inline ? "inline" : "attachment", fileName)
        headers[.cacheControl] = "private, no-store"
        headers[.xContentTypeOptions] = "nosniff"
        let download = self.download
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody(contentLength: Int(download.size)) { writer in
                try await download.send { part in try await writer.write(ByteBuffer(bytes: part)) }
                try await writer.finish(nil)
            })
    }
}
