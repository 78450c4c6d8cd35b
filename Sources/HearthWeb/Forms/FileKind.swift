import Foundation

/// What an uploaded file is, told by its first bytes (never by its name or the browser's word): a PDF or a
/// picture. Anything else is refused before it is stored.
struct FileKind: Sendable, Equatable {
    /// The extension its copy is kept under ("pdf", "png", "jpeg").
    var fileExtension: String
    /// The media type it is served as.
    var contentType: String

    /// The kind `data` is, or nil when it is neither a PDF nor a picture the pages take.
    static func of(_ data: Data) -> FileKind? {
        if data.starts(with: Array("%PDF-".utf8)) {
            return FileKind(fileExtension: "pdf", contentType: "application/pdf")
        }
        guard let picture = WebSite.imageKind(data) else { return nil }
        return FileKind(fileExtension: picture, contentType: "image/\(picture)")
    }

    /// The kind a kept copy's name says (the pages name copies by what their bytes are).
    static func named(_ fileName: String) -> FileKind {
        let ext = fileName.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "pdf": return FileKind(fileExtension: ext, contentType: "application/pdf")
        case "png", "jpeg", "gif", "bmp", "tiff", "webp":
            return FileKind(fileExtension: ext, contentType: "image/\(ext)")
        case "jpg": return FileKind(fileExtension: ext, contentType: "image/jpeg")
        default: return FileKind(fileExtension: ext, contentType: "application/octet-stream")
        }
    }
}
