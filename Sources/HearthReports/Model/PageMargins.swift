import Foundation

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
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "a margin cannot be negative")
            }
            sides.append(value)
        }
        self.init(top: sides[0], right: sides[1], bottom: sides[2], left: sides[3])
    }
}
