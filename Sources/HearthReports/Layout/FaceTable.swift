/// The faces of one render, created on first use so only needed font files are read.
final class FaceTable {
    struct Key: Hashable {
        let family: FontFamily
        let bold: Bool
        let italic: Bool
    }

    private let fonts: ReportFonts
    private var byKey: [Key: FontFace] = [:]
    private(set) var faces: [FontFace] = []

    init(fonts: ReportFonts) { self.fonts = fonts }

    /// The face of a family and style, reading its font file the first time.
    func face(_ family: FontFamily, bold: Bool, italic: Bool) throws -> FontFace {
        let key = Key(family: family, bold: bold, italic: italic)
        if let face = byKey[key] { return face }
        let kind: FontFace.Kind
        if family.isEmbedded {
            let files = family.fileNames(bold: bold, italic: italic)
            if files.face != files.upright, fonts.hasFile(files.face) {
                kind = .trueType(try fonts.trueType(files.face), slanted: false)
            } else {
                kind = .trueType(try fonts.trueType(files.upright), slanted: italic)
            }
        } else {
            let standard = StandardFont(family: family, bold: bold, italic: italic)
            kind = .standard(standard, widths: StandardFontMetrics.widths(for: standard))
        }
        let face = FontFace(kind: kind, index: faces.count)
        faces.append(face)
        byKey[key] = face
        return face
    }

    /// The face for `text`: the family's own, or for a standard family whose encoding lacks some of the text,
    /// the matching embedded DejaVu family.
    func face<S: StringProtocol>(_ family: FontFamily, bold: Bool, italic: Bool, for text: S) throws -> FontFace {
        let face = try face(family, bold: bold, italic: italic)
        if !family.isEmbedded, !face.covers(text) {
            return try self.face(family.unicodeFallback, bold: bold, italic: italic)
        }
        return face
    }
}
