public import Foundation

/// How a person is pictured: a photo, an emoji, or initials on one of the app's colours.
public enum Avatar: Sendable, Equatable, Hashable {
    case photo(Data)
    case emoji(String)
    case initials(String, colorIndex: Int)

    /// Initials from the first letters of the first two words of `name`, such as `"AL"` for Ada Lovelace.
    public static func initials(for name: String, colorIndex: Int = 0) -> Avatar {
        let letters = name.split(whereSeparator: \.isWhitespace).prefix(2).compactMap(\.first)
        return .initials(String(letters).uppercased(), colorIndex: colorIndex)
    }
}

extension Avatar: Codable {
    private enum CodingKeys: String, CodingKey { case type, data, emoji, initials, colorIndex }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "photo": self = .photo(try container.decode(Data.self, forKey: .data))
        case "emoji": self = .emoji(try container.decode(String.self, forKey: .emoji))
        case "initials":
            self = .initials(
                try container.decode(String.self, forKey: .initials),
                colorIndex: try container.decodeIfPresent(Int.self, forKey: .colorIndex) ?? 0)
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container,
                debugDescription: "\"\(other)\" is not an avatar type; use photo, emoji or initials")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .photo(let data):
            try container.encode("photo", forKey: .type)
            try container.encode(data, forKey: .data)
        case .emoji(let emoji):
            try container.encode("emoji", forKey: .type)
            try container.encode(emoji, forKey: .emoji)
        case .initials(let initials, let colorIndex):
            try container.encode("initials", forKey: .type)
            try container.encode(initials, forKey: .initials)
            try container.encode(colorIndex, forKey: .colorIndex)
        }
    }
}
