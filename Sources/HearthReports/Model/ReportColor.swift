/// An sRGB colour, written in JSON as `"#RRGGBB"`.
public struct ReportColor: Codable, Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Red, 0...255.
    public var red: UInt8
    /// Green, 0...255.
    public var green: UInt8
    /// Blue, 0...255.
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A colour from `"#RRGGBB"` (or `"RRGGBB"`), or `nil` when the text is not one.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `"#RRGGBB"` in upper case.
    public var hex: String {
        let digits = [red, green, blue].map { byte -> String in
            let text = String(byte, radix: 16, uppercase: true)
            return byte < 16 ? "0" + text : text
        }
        return "#" + digits.joined()
    }

    public var description: String { hex }

    /// `#000000`.
    public static let black = ReportColor(red: 0, green: 0, blue: 0)
    /// `#FFFFFF`.
    public static let white = ReportColor(red: 255, green: 255, blue: 255)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let color = ReportColor(hex: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "\"\(text)\" is not a colour; write it as \"#RRGGBB\", such as \"#E89B3C\"")
        }
        self = color
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}
