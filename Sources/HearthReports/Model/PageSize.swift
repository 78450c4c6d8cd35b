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
                    in: single,
                    debugDescription:
                        "unknown page size \"\(name)\"; use \"letter\", \"a4\" or {\"width\": …, \"height\": …} in points"
                )
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
