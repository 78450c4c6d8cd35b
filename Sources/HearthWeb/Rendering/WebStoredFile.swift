import Foundation
import HTTPTypes
public import HearthCloud
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
