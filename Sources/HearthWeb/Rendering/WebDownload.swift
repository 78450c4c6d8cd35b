public import Foundation
import HTTPTypes
import Hummingbird

/// A file a page hands over for saving (a report, an export), with the name it is saved under.
public struct WebDownload: Sendable, Equatable {
    /// The file's bytes.
    public var data: Data
    /// The name the browser saves it as, such as `Daily_Service_History.pdf`.
    public var fileName: String
    /// Its media type, such as `application/pdf`.
    public var contentType: String

    public init(data: Data, fileName: String, contentType: String) {
        self.data = data
        self.fileName = fileName
        self.contentType = contentType
    }

    /// The file `write` makes in a folder of its own (0700), read whole; the folder is removed after.
    static func made(_ write: (URL) async throws -> URL) async throws -> WebDownload {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hearth-web-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try await write(folder)
        let data = try Data(contentsOf: file)
        return WebDownload(
            data: data, fileName: file.lastPathComponent,
            contentType: WebDownload.contentType(of: file.lastPathComponent))
    }

    /// The media type a file name's extension stands for among those the pages hand over.
    static func contentType(of fileName: String) -> String {
        let ext = fileName.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return switch ext {
        case "pdf": "application/pdf"
        case "html": "text/html; charset=utf-8"
        case "json": "application/json"
        case "csv": "text/csv; charset=utf-8"
        case "ics": "text/calendar; charset=utf-8"
        case "png", "gif", "bmp", "tiff", "webp": "image/" + ext
        case "jpeg", "jpg": "image/jpeg"
        default: "application/octet-stream"
        }
    }

    /// The answer that saves it: always an attachment (an HTML report is never shown on the site's own origin),
    /// its name both as plain ASCII and RFC 6266's UTF-8 form, and not kept by caches.
    func response() -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.contentDisposition] = Self.disposition("attachment", fileName)
        headers[.cacheControl] = "no-store"
        headers[.contentLength] = String(data.count)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A `Content-Disposition` of `type` (attachment, inline) naming `fileName` both as plain ASCII and in
    /// RFC 6266's UTF-8 form.
    static func disposition(_ type: String, _ fileName: String) -> String {
        let ascii = String(
            fileName.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && scalar.value >= 0x20 && !"\"\\;%".unicodeScalars.contains(scalar)
                    ? Character(scalar) : "_"
            })
        let encoded =
            fileName.addingPercentEncoding(
                withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "._-")))
            ?? ascii
        return "\(type); filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
    }
}
