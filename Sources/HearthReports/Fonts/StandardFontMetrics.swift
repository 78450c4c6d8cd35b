/// Glyph widths of the standard fonts (from Adobe's AFM files) and their WinAnsiEncoding.
enum StandardFontMetrics {
    /// The WinAnsiEncoding (Windows-1252) code of a Unicode scalar, or `nil` when the encoding lacks it.
    @inline(__always)
    static func winAnsiCode(_ scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return UInt8(value) }
        if value >= 0xA0 && value <= 0xFF { return UInt8(value) }
        return winAnsiHighCodes[value]
    }
}
