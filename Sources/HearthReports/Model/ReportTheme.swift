/// How a document looks: fonts, sizes, colours, border widths and label casing, plus the default page
/// size and margins.
///
/// Two themes come with Hearth: ``clinical`` (clean, A4, for health records) and ``brutalist`` (the
/// Checkpoint look: monospace, upper-case labels, 2 pt borders, amber accents, US Letter). In JSON a theme is
/// either a name, `"theme": "brutalist"`, or an object that starts from a base and overrides some fields:
///
/// ```json
/// "theme": {"base": "clinical", "accentColor": "#8A2BE2", "bodySize": 11}
/// ```
public struct ReportTheme: Codable, Sendable, Equatable {
    /// How labels (key–value keys, table headers) or headings are cased.
    public enum Casing: String, Codable, Sendable, Equatable {
        /// As written in the document.
        case asWritten
        /// UPPER CASE.
        case upper

        func apply(_ text: String) -> String { self == .upper ? text.uppercased() : text }
    }

    /// The theme's name, such as `"clinical"`.
    public var name: String
    /// The page size documents use unless they set their own.
    public var pageSize: PageSize
    /// The page margins documents use unless they set their own.
    public var margins: PageMargins
    /// The font of body text, key–value lists and tables.
    public var bodyFont: FontFamily
    /// The font of headings.
    public var headingFont: FontFamily
    /// The font of monospace runs.
    public var monospaceFont: FontFamily
    /// Body text size in points.
    public var bodySize: Double
    /// Size of the page header and footer, captions and table text, in points.
    public var smallSize: Double
    /// Sizes of headings of level 1, 2 and 3, in points.
    public var headingSizes: [Double]
    /// Line height as a multiple of the font size.
    public var lineHeight: Double
    /// Body text colour.
    public var textColor: ReportColor
    /// Colour of secondary text: page header and footer, captions.
    public var mutedColor: ReportColor
    /// Accent colour: heading rules, the header band.
    public var accentColor: ReportColor
    /// Colour of level 2 and 3 headings.
    public var subheadingColor: ReportColor
    /// Colour of table and box borders and dividers.
    public var borderColor: ReportColor
    /// Fill of table header rows.
    public var headerFillColor: ReportColor
    /// Text colour of table header rows.
    public var headerTextColor: ReportColor
    /// Fill of every other table row.
    public var zebraFillColor: ReportColor
    /// Fill of table totals rows.
    public var totalsFillColor: ReportColor
    /// Width of table borders and boxes, in points.
    public var borderWidth: Double
    /// Width of dividers and heading rules, in points.
    public var ruleWidth: Double
    /// Casing of labels: key–value keys and table header titles.
    public var labelCasing: Casing
    /// Casing of headings.
    public var headingCasing: Casing

    public init(
        name: String, pageSize: PageSize, margins: PageMargins,
        bodyFont: FontFamily, headingFont: FontFamily, monospaceFont: FontFamily,
        bodySize: Double, smallSize: Double, headingSizes: [Double], lineHeight: Double,
        textColor: ReportColor, mutedColor: ReportColor, accentColor: ReportColor, subheadingColor: ReportColor,
        borderColor: ReportColor,
        headerFillColor: ReportColor, headerTextColor: ReportColor, zebraFillColor: ReportColor,
        totalsFillColor: ReportColor, borderWidth: Double, ruleWidth: Double,
        labelCasing: Casing, headingCasing: Casing
    ) {
        self.name = name
        self.pageSize = pageSize
        self.margins = margins
        self.bodyFont = bodyFont
        self.headingFont = headingFont
        self.monospaceFont = monospaceFont
        self.bodySize = bodySize
        self.smallSize = smallSize
        self.headingSizes = headingSizes
        self.lineHeight = lineHeight
        self.textColor = textColor
        self.mutedColor = mutedColor
        self.accentColor = accentColor
        self.subheadingColor = subheadingColor
        self.borderColor = borderColor
        self.headerFillColor = headerFillColor
        self.headerTextColor = headerTextColor
        self.zebraFillColor = zebraFillColor
        self.totalsFillColor = totalsFillColor
        self.borderWidth = borderWidth
        self.ruleWidth = ruleWidth
        self.labelCasing = labelCasing
        self.headingCasing = headingCasing
    }

    /// Clean and quiet, for health records: A4, DejaVu Sans, thin grey borders, a teal accent.
    public static let clinical = ReportTheme(
        name: "clinical", pageSize: .a4, margins: PageMargins(top: 56, right: 50, bottom: 56, left: 50),
        bodyFont: .dejaVuSans, headingFont: .dejaVuSans, monospaceFont: .dejaVuSansMono,
        bodySize: 10, smallSize: 8.5, headingSizes: [18, 13.5, 11], lineHeight: 1.35,
        textColor: ReportColor(red: 0x1F, green: 0x29, blue: 0x33),
        mutedColor: ReportColor(red: 0x6B, green: 0x77, blue: 0x85),
        accentColor: ReportColor(red: 0x1F, green: 0x7A, blue: 0x8C),
        subheadingColor: ReportColor(red: 0x1F, green: 0x7A, blue: 0x8C),
        borderColor: ReportColor(red: 0xC5, green: 0xCF, blue: 0xD8),
        headerFillColor: ReportColor(red: 0xE6, green: 0xF0, blue: 0xF3),
        headerTextColor: ReportColor(red: 0x1F, green: 0x29, blue: 0x33),
        zebraFillColor: ReportColor(red: 0xF6, green: 0xF9, blue: 0xFA),
        totalsFillColor: ReportColor(red: 0xE6, green: 0xF0, blue: 0xF3),
        borderWidth: 0.5, ruleWidth: 0.75, labelCasing: .asWritten, headingCasing: .asWritten
    )

    /// The Checkpoint look for vehicle histories: US Letter, monospace, upper-case labels, 2 pt black
    /// borders and amber #E89B3C accents.
    public static let brutalist = ReportTheme(
        name: "brutalist", pageSize: .letter, margins: PageMargins(all: 48),
        bodyFont: .dejaVuSansMono, headingFont: .dejaVuSansMono, monospaceFont: .dejaVuSansMono,
        bodySize: 9, smallSize: 7.5, headingSizes: [20, 13, 10.5], lineHeight: 1.4,
        textColor: .black,
        mutedColor: ReportColor(red: 0x55, green: 0x55, blue: 0x55),
        accentColor: ReportColor(red: 0xE8, green: 0x9B, blue: 0x3C),
        subheadingColor: .black,
        borderColor: .black,
        headerFillColor: ReportColor(red: 0xE8, green: 0x9B, blue: 0x3C),
        headerTextColor: .black,
        zebraFillColor: ReportColor(red: 0xF2, green: 0xF2, blue: 0xF2),
        totalsFillColor: ReportColor(red: 0xFF, green: 0xF1, blue: 0xDF),
        borderWidth: 2, ruleWidth: 2, labelCasing: .upper, headingCasing: .upper
    )

    /// The themes that can be named in JSON.
    public static let named: [String: ReportTheme] = ["clinical": .clinical, "brutalist": .brutalist]

    /// The size of a heading of `level` (1...3).
    func headingSize(level: Int) -> Double {
        headingSizes[min(max(level, 1), headingSizes.count) - 1]
    }

    enum CodingKeys: String, CodingKey {
        case base, name, pageSize, margins, bodyFont, headingFont, monospaceFont, bodySize, smallSize, headingSizes,
            lineHeight, textColor, mutedColor, accentColor, subheadingColor, borderColor, headerFillColor,
            headerTextColor,
            zebraFillColor, totalsFillColor, borderWidth, ruleWidth, labelCasing, headingCasing
    }

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
            guard let theme = Self.named[name] else {
                throw DecodingError.dataCorruptedError(
                    in: single,
                    debugDescription:
                        "unknown theme \"\(name)\"; use \(Self.named.keys.sorted().map { "\"\($0)\"" }.joined(separator: " or ")) or an object with a \"base\""
                )
            }
            self = theme
            return
        }
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let baseName = try c.decodeIfPresent(String.self, forKey: .base) ?? "clinical"
        guard let base = Self.named[baseName] else {
            throw DecodingError.dataCorruptedError(
                forKey: .base, in: c,
                debugDescription: "unknown base theme \"\(baseName)\"; use \"clinical\" or \"brutalist\"")
        }
        func value<T: Decodable>(_ key: CodingKeys, _ fallback: T) throws -> T {
            try c.decodeIfPresent(T.self, forKey: key) ?? fallback
        }
        func size(_ key: CodingKeys, _ fallback: Double) throws -> Double {
            let size = try value(key, fallback)
            guard size >= 2, size <= 200 else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: c, debugDescription: "a size must be 2...200 points, not \(size)")
            }
            return size
        }
        func width(_ key: CodingKeys, _ fallback: Double) throws -> Double {
            let width = try value(key, fallback)
            guard width >= 0, width <= 20 else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: c, debugDescription: "a line width must be 0...20 points, not \(width)")
            }
            return width
        }
        name = try value(.name, base.name)
        pageSize = try value(.pageSize, base.pageSize)
        margins = try value(.margins, base.margins)
        bodyFont = try value(.bodyFont, base.bodyFont)
        headingFont = try value(.headingFont, base.headingFont)
        monospaceFont = try value(.monospaceFont, base.monospaceFont)
        bodySize = try size(.bodySize, base.bodySize)
        smallSize = try size(.smallSize, base.smallSize)
        headingSizes = try value(.headingSizes, base.headingSizes)
        guard headingSizes.count == 3, headingSizes.allSatisfy({ (2...200).contains($0) }) else {
            throw DecodingError.dataCorruptedError(
                forKey: .headingSizes, in: c,
                debugDescription: "give three sizes of 2...200 points, for heading levels 1, 2 and 3")
        }
        lineHeight = try value(.lineHeight, base.lineHeight)
        guard (0.8...4).contains(lineHeight) else {
            throw DecodingError.dataCorruptedError(
                forKey: .lineHeight, in: c,
                debugDescription: "a line height is a multiple of the font size in 0.8...4, not \(lineHeight)")
        }
        textColor = try value(.textColor, base.textColor)
        mutedColor = try value(.mutedColor, base.mutedColor)
        accentColor = try value(.accentColor, base.accentColor)
        subheadingColor = try value(.subheadingColor, base.subheadingColor)
        borderColor = try value(.borderColor, base.borderColor)
        headerFillColor = try value(.headerFillColor, base.headerFillColor)
        headerTextColor = try value(.headerTextColor, base.headerTextColor)
        zebraFillColor = try value(.zebraFillColor, base.zebraFillColor)
        totalsFillColor = try value(.totalsFillColor, base.totalsFillColor)
        borderWidth = try width(.borderWidth, base.borderWidth)
        ruleWidth = try width(.ruleWidth, base.ruleWidth)
        labelCasing = try value(.labelCasing, base.labelCasing)
        headingCasing = try value(.headingCasing, base.headingCasing)
    }

    public func encode(to encoder: any Encoder) throws {
        if let (_, named) = Self.named.first(where: { $0.value == self }) {
            var single = encoder.singleValueContainer()
            try single.encode(named.name)
            return
        }
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(pageSize, forKey: .pageSize)
        try c.encode(margins, forKey: .margins)
        try c.encode(bodyFont, forKey: .bodyFont)
        try c.encode(headingFont, forKey: .headingFont)
        try c.encode(monospaceFont, forKey: .monospaceFont)
        try c.encode(bodySize, forKey: .bodySize)
        try c.encode(smallSize, forKey: .smallSize)
        try c.encode(headingSizes, forKey: .headingSizes)
        try c.encode(lineHeight, forKey: .lineHeight)
        try c.encode(textColor, forKey: .textColor)
        try c.encode(mutedColor, forKey: .mutedColor)
        try c.encode(accentColor, forKey: .accentColor)
        try c.encode(subheadingColor, forKey: .subheadingColor)
        try c.encode(borderColor, forKey: .borderColor)
        try c.encode(headerFillColor, forKey: .headerFillColor)
        try c.encode(headerTextColor, forKey: .headerTextColor)
        try c.encode(zebraFillColor, forKey: .zebraFillColor)
        try c.encode(totalsFillColor, forKey: .totalsFillColor)
        try c.encode(borderWidth, forKey: .borderWidth)
        try c.encode(ruleWidth, forKey: .ruleWidth)
        try c.encode(labelCasing, forKey: .labelCasing)
        try c.encode(headingCasing, forKey: .headingCasing)
    }
}

/// A font family with regular, bold, italic and bold-italic faces.
///
/// The standard PDF fonts (`helvetica`, `times`, `courier`) need no font file but cover only Western
/// European text (Windows-1252); text outside it is set in the matching DejaVu family instead. The DejaVu
/// families are embedded as subsets and cover Latin, Greek and Cyrillic.
public enum FontFamily: String, Codable, Sendable, Equatable, CaseIterable {
    case helvetica
    case times
    case courier
    case dejaVuSans = "dejavu-sans"
    case dejaVuSansMono = "dejavu-sans-mono"
    case dejaVuSerif = "dejavu-serif"

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let family = FontFamily(rawValue: name) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription:
                    "unknown font \"\(name)\"; use one of \(Self.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self = family
    }

    /// Whether the family is embedded from a TrueType file.
    var isEmbedded: Bool {
        switch self {
        case .helvetica, .times, .courier: false
        case .dejaVuSans, .dejaVuSansMono, .dejaVuSerif: true
        }
    }

    /// The embedded family that stands in for a standard one when text falls outside Windows-1252.
    var unicodeFallback: FontFamily {
        switch self {
        case .helvetica: .dejaVuSans
        case .times: .dejaVuSerif
        case .courier: .dejaVuSansMono
        default: self
        }
    }

    /// The generic CSS family used by the HTML renderer after the named one.
    var cssStack: String {
        switch self {
        case .helvetica: "Helvetica, Arial, \"DejaVu Sans\", sans-serif"
        case .times: "\"Times New Roman\", Times, \"DejaVu Serif\", serif"
        case .courier: "\"Courier New\", Courier, \"DejaVu Sans Mono\", monospace"
        case .dejaVuSans: "\"DejaVu Sans\", Verdana, sans-serif"
        case .dejaVuSansMono: "\"DejaVu Sans Mono\", Menlo, Consolas, monospace"
        case .dejaVuSerif: "\"DejaVu Serif\", Georgia, serif"
        }
    }
}
