/// One of the twelve text faces of the standard 14 PDF fonts, which every PDF reader has built in.
enum StandardFont: CaseIterable, Sendable {
    case helvetica, helveticaBold, helveticaOblique, helveticaBoldOblique
    case timesRoman, timesBold, timesItalic, timesBoldItalic
    case courier, courierBold, courierOblique, courierBoldOblique

    /// The face of a standard family.
    init(family: FontFamily, bold: Bool, italic: Bool) {
        switch (family, bold, italic) {
        case (.times, false, false): self = .timesRoman
        case (.times, true, false): self = .timesBold
        case (.times, false, true): self = .timesItalic
        case (.times, true, true): self = .timesBoldItalic
        case (.courier, false, false): self = .courier
        case (.courier, true, false): self = .courierBold
        case (.courier, false, true): self = .courierOblique
        case (.courier, true, true): self = .courierBoldOblique
        case (_, false, false): self = .helvetica
        case (_, true, false): self = .helveticaBold
        case (_, false, true): self = .helveticaOblique
        case (_, true, true): self = .helveticaBoldOblique
        }
    }

    /// The PostScript name a PDF uses for the face.
    var postScriptName: String {
        switch self {
        case .helvetica: "Helvetica"
        case .helveticaBold: "Helvetica-Bold"
        case .helveticaOblique: "Helvetica-Oblique"
        case .helveticaBoldOblique: "Helvetica-BoldOblique"
        case .timesRoman: "Times-Roman"
        case .timesBold: "Times-Bold"
        case .timesItalic: "Times-Italic"
        case .timesBoldItalic: "Times-BoldItalic"
        case .courier: "Courier"
        case .courierBold: "Courier-Bold"
        case .courierOblique: "Courier-Oblique"
        case .courierBoldOblique: "Courier-BoldOblique"
        }
    }

    /// Ascender and descender from the AFM files, in 1/1000 em.
    var ascentDescent: (ascent: Double, descent: Double) {
        switch self {
        case .helvetica, .helveticaBold, .helveticaOblique, .helveticaBoldOblique: (718, -207)
        case .timesRoman: (683, -217)
        case .timesBold: (676, -205)
        case .timesItalic: (683, -205)
        case .timesBoldItalic: (699, -205)
        case .courier, .courierOblique: (629, -157)
        case .courierBold, .courierBoldOblique: (626, -142)
        }
    }
}
