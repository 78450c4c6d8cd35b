import Foundation

/// Matching text the way people search: ignoring case, accents and width, in every script, so "cafe"
/// finds "Café", "ПРИВЕТ" finds "привет" and "strasse" finds "Straße".
///
/// ```swift
/// let needle = TextSearch.fold("cafe")
/// TextSearch.contains("Café au lait", folded: needle) // true
/// ```
/// ASCII text is matched byte by byte without allocating; other text is folded through Foundation.
public enum TextSearch {
    /// `text` folded for matching: lower case, without diacritics, full-width forms made plain.
    public static func fold(_ text: String) -> String {
        if isASCII(text) { return String(decoding: text.utf8.map(lowercased), as: UTF8.self) }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }

    /// Whether `text` contains `needle`, which must already be folded with ``fold(_:)``.
    public static func contains(_ text: String, folded needle: String) -> Bool {
        var text = text
        var needle = needle
        return text.withUTF8 { text in needle.withUTF8 { needle in contains(utf8: text, folded: needle) } }
    }

    /// Whether the UTF-8 `text` contains the UTF-8 `needle`, already folded with ``fold(_:)``; ASCII text is
    /// read in place, without a copy.
    public static func contains(utf8 text: UnsafeBufferPointer<UInt8>, folded needle: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        if needle.isEmpty { return true }
        if text.allSatisfy({ $0 < 0x80 }) { return contains(text, needle, foldingASCII: true) }
        var folded = fold(String(decoding: text, as: UTF8.self))
        return folded.withUTF8 { contains($0, needle, foldingASCII: false) }
    }

    private static func contains(
        _ haystack: UnsafeBufferPointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>, foldingASCII: Bool
    ) -> Bool {
        guard pattern.count <= haystack.count else { return false }
        outer: for offset in 0...(haystack.count - pattern.count) {
            for index in 0..<pattern.count {
                let byte = haystack[offset + index]
                if (foldingASCII ? lowercased(byte) : byte) != pattern[index] { continue outer }
            }
            return true
        }
        return false
    }

    private static func isASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in bytes.allSatisfy { $0 < 0x80 } }
            ?? text.utf8.allSatisfy { $0 < 0x80 }
    }

    @inline(__always)
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }
}
