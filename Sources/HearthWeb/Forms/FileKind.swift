import Foundation
import HearthCore

/// What an uploaded file is, told by its first bytes (never by its name or the browser's word): a PDF or a
/// picture. Anything else is refused before it is stored.
struct FileKind: Sendable, Equatable {
    /// The extension its copy is kept under ("pdf", "png", "jpeg"), which also says how it is served
    /// (``WebDownload/contentType(of:)``).
    var fileExtension: String

    /// The kind `data` is, or nil when it is neither a PDF nor a picture the pages take.
    static func of(_ data: Data) -> FileKind? {
        if data.starts(with: Array("%PDF-".utf8)) {
            return FileKind(fileExtension: "pdf")
        }
        guard let picture = PictureFormat(sniffing: data) else { return nil }
        return FileKind(fileExtension: picture.rawValue)
    }

    /// What `file` (sent as `fileName`) is, checked before anything is stored: not empty, at most `limit`
    /// bytes, and a picture (or, when `allowsPDF`, a PDF).
    /// - Throws: ``ServiceError`` `validationFailed` naming `what` and the file, and what to choose instead.
    static func checked(_ file: Data, _ fileName: String, what: String, allowsPDF: Bool, limit: Int) throws
        -> FileKind
    {
        let named = fileName.isEmpty ? "the file" : String(fileName.prefix(80))
        guard !file.isEmpty else {
            throw ServiceError.validationFailed("\(what): none was chosen, or \(named) is empty; choose the file")
        }
        guard file.count <= limit else {
            throw ServiceError.validationFailed(
                "\(what): \(named) is larger than the \(limit >> 20) MB it may be; choose a smaller \(allowsPDF ? "scan, or a PDF" : "picture")"
            )
        }
        guard let kind = FileKind.of(file), allowsPDF || kind.fileExtension != "pdf" else {
            throw ServiceError.validationFailed(
                "\(what): \(named) is not \(allowsPDF ? "a PDF or " : "")a PNG, JPEG, GIF, BMP, TIFF or WebP picture; choose \(allowsPDF ? "a scan or a photo" : "a photo")"
            )
        }
        return kind
    }

    /// The name a file of this kind sent as `fileName` is kept under: the browser's name, its extension made
    /// the one its bytes say.
    func keptName(_ fileName: String) -> String {
        let stem = (fileName as NSString).deletingPathExtension
        return "\(stem.isEmpty ? "file" : String(stem.prefix(120))).\(fileExtension)"
    }
}
