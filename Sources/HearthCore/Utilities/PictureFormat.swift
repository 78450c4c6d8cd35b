public import Foundation

/// The picture format a file's first bytes say it is in (never its name): what the pages and the garage take as
/// a photo.
public enum PictureFormat: String, Sendable, CaseIterable {
    case png, jpeg, gif, bmp, tiff, webp

    /// The format `data` starts as; nil for anything else.
    public init?(sniffing data: Data) {
        let head = Array(data.prefix(12))
        func starts(_ bytes: [UInt8]) -> Bool { head.starts(with: bytes) }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("BM".utf8)) {
            self = .bmp
        } else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) {
            self = .tiff
        } else if head.count == 12, starts(Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else {
            return nil
        }
    }

    /// The formats, listed for a message: "PNG, JPEG, GIF, BMP, TIFF or WebP".
    public static let names = "PNG, JPEG, GIF, BMP, TIFF or WebP"
}
