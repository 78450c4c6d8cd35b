public import Foundation
import HearthCore
import Synchronization

/// Where the PDF renderer finds the TrueType fonts it embeds, and a cache of the fonts already read.
///
/// The default directory is Debian's `/usr/share/fonts/truetype/dejavu` (package `fonts-dejavu-core`). Share
/// one instance between renders so each font file is read and parsed once.
///
/// ```swift
/// let fonts = ReportFonts(directory: URL(fileURLWithPath: "/opt/fonts/dejavu"))
/// let renderer = PDFRenderer(fonts: fonts)
/// ```
public final class ReportFonts: Sendable {
    /// The directory holding `DejaVuSans.ttf`, `DejaVuSansMono.ttf` and the other DejaVu files.
    public let directory: URL
    private let cache = Mutex<[String: TrueTypeFont]>([:])

    /// Debian's DejaVu directory, `/usr/share/fonts/truetype/dejavu`.
    public static let defaultDirectory = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu", isDirectory: true)

    public init(directory: URL = ReportFonts.defaultDirectory) {
        self.directory = directory
    }

    /// Whether a font file is present in ``directory``.
    func hasFile(_ fileName: String) -> Bool {
        FileManager.default.isReadableFile(atPath: directory.appendingPathComponent(fileName).path)
    }

    /// The parsed font in `fileName`, read once and cached.
    /// - Throws: ``ServiceError`` `notFound` naming the file and directory when it is missing, `corrupted` when
    ///   it is not a TrueType font.
    func trueType(_ fileName: String) throws -> TrueTypeFont {
        if let font = cache.withLock({ $0[fileName] }) { return font }
        let url = directory.appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ServiceError(
                .notFound,
                "The font file \(fileName) was not found in \(directory.path). Install Debian's fonts-dejavu-core "
                    + "(apt-get install fonts-dejavu-core) or point the font directory at a folder that has it.")
        }
        let font = try TrueTypeFont(bytes: [UInt8](data), name: fileName)
        cache.withLock { $0[fileName] = font }
        return font
    }
}

extension FontFamily {
    /// The font file of a face, and the upright file to slant when that one is missing.
    func fileNames(bold: Bool, italic: Bool) -> (face: String, upright: String) {
        let base: String
        let italicSuffix: String
        switch self {
        case .dejaVuSans, .helvetica:
            base = "DejaVuSans"
            italicSuffix = "Oblique"
        case .dejaVuSansMono, .courier:
            base = "DejaVuSansMono"
            italicSuffix = "Oblique"
        case .dejaVuSerif, .times:
            base = "DejaVuSerif"
            italicSuffix = "Italic"
        }
        let upright = base + (bold ? "-Bold" : "") + ".ttf"
        guard italic else { return (upright, upright) }
        return (base + "-" + (bold ? "Bold" : "") + italicSuffix + ".ttf", upright)
    }
}
