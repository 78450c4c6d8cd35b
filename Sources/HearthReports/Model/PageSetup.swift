import Foundation

/// A page size in PostScript points (1/72 inch): US Letter, A4, or any custom size.
///
/// In JSON: `"letter"`, `"a4"`, or `{"width": 420, "height": 595}`.
public struct PageSize: Codable, Sendable, Equatable, Hashable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// US Letter, 612 × 792 points (8.5 × 11 in).
    public static let letter = PageSize(width: 612, height: 792)
    /// ISO A4, 595 × 842 points (210 × 297 mm).
    public static let a4 = PageSize(width: 595, height: 842)

    /// The smallest page the layout accepts on either side, in points.
    static let minimumSide = 144.0
    /// The largest page PDF readers accept on either side, in points.
    static let maximumSide = 14_400.0

    enum CodingKeys: String, CodingKey { case width, height }

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
            switch name.lowercased() {
            case "letter", "us-letter", "usletter": self = .letter
            case "a4": self = .a4
            default:
                throw DecodingError.dataCorruptedError(
                    in: single, debugDescription: "unknown page size \"\(name)\"; use \"letter\", \"a4\" or {\"width\": …, \"height\": …} in points")
            }
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        width = try container.decode(Double.self, forKey: .width)
        height = try container.decode(Double.self, forKey: .height)
        for (key, value) in [(CodingKeys.width, width), (.height, height)]
        where !(Self.minimumSide...Self.maximumSide).contains(value) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "\(value) points is outside \(Int(Self.minimumSide))...\(Int(Self.maximumSide))")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .letter: try single.encode("letter")
        case .a4: try single.encode("a4")
        default:
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(width, forKey: .width)
            try container.encode(height, forKey: .height)
        }
    }
}

/// Page margins in points.
///
/// In JSON: `{"top": 54, "right": 54, "bottom": 54, "left": 54}` or one number for all four sides.
public struct PageMargins: Codable, Sendable, Equatable, Hashable {
    /// Space above the page header, in points.
    public var top: Double
    /// Space right of the content, in points.
    public var right: Double
    /// Space below the page footer, in points.
    public var bottom: Double
    /// Space left of the content, in points.
    public var left: Double

    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// The same margin on all four sides.
    public init(all: Double) { self.init(top: all, right: all, bottom: all, left: all) }

    enum CodingKeys: String, CodingKey { case top, right, bottom, left }

    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let all = try? single.decode(Double.self) {
            guard all >= 0 else {
                throw DecodingError.dataCorruptedError(in: single, debugDescription: "a margin cannot be negative")
            }
            self.init(all: all)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var sides: [Double] = []
        for key in [CodingKeys.top, .right, .bottom, .left] {
            let value = try container.decode(Double.self, forKey: key)
            guard value >= 0 else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "a margin cannot be negative")
            }
            sides.append(value)
        }
        self.init(top: sides[0], right: sides[1], bottom: sides[2], left: sides[3])
    }
}

/// A line of text at the top or bottom of every page, in three slots.
///
/// Each slot may use the placeholders `{page}`, `{pages}`, `{title}` and `{generated}` (the generation time),
/// so `"Page {page} of {pages}"` becomes "Page 3 of 12".
public struct PageBand: Codable, Sendable, Equatable, Hashable {
    /// Text at the left edge.
    public var left: String
    /// Text centred on the page.
    public var center: String
    /// Text at the right edge.
    public var right: String

    public init(left: String = "", center: String = "", right: String = "") {
        self.left = left
        self.center = center
        self.right = right
    }

    /// The document title on the left.
    public static let standardHeader = PageBand(left: "{title}")
    /// The generation time on the left and "Page X of Y" on the right.
    public static let standardFooter = PageBand(left: "Generated {generated}", right: "Page {page} of {pages}")

    enum CodingKeys: String, CodingKey { case left, center, right }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        left = try container.decodeIfPresent(String.self, forKey: .left) ?? ""
        center = try container.decodeIfPresent(String.self, forKey: .center) ?? ""
        right = try container.decodeIfPresent(String.self, forKey: .right) ?? ""
    }

    /// Whether all three slots are empty.
    var isEmpty: Bool { left.isEmpty && center.isEmpty && right.isEmpty }

    /// The slot text with its placeholders filled in, in one pass so filled-in text is never expanded again.
    static func fill(_ text: String, page: Int, pages: Int, title: String, generated: String) -> String {
        guard text.contains("{") else { return text }
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let tail = rest[open...]
            let replacements: [(String, String)] = [
                ("{page}", String(page)), ("{pages}", String(pages)), ("{title}", title), ("{generated}", generated),
            ]
            if let (token, value) = replacements.first(where: { tail.hasPrefix($0.0) }) {
                result += value
                rest = tail.dropFirst(token.count)
            } else {
                result += "{"
                rest = tail.dropFirst()
            }
        }
        result += rest
        return result
    }
}
