public import Foundation

/// The kinds of file an entry may have attached, told apart by their first bytes, never by their name.
public enum AttachmentMediaType: String, Sendable, Codable, Hashable, CaseIterable {
    case pdf = "application/pdf"
    case jpeg = "image/jpeg"
    case png = "image/png"

    /// The largest file that can be attached (20 MB).
    public static let maxBytes: Int64 = 20_000_000

    /// The type whose signature `head` (the file's first bytes) starts with, or nil.
    public static func sniff(_ head: Data) -> AttachmentMediaType? {
        let bytes = [UInt8](head.prefix(8))
        if bytes.starts(with: Array("%PDF-".utf8)) { return .pdf }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        return nil
    }

    /// Whether a report can draw it as a picture.
    public var isImage: Bool { self != .pdf }

    /// The extension the stored copy gets.
    public var fileExtension: String {
        switch self {
        case .pdf: "pdf"
        case .jpeg: "jpg"
        case .png: "png"
        }
    }
}
