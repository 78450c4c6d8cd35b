import Foundation

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
