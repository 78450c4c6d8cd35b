/// One wrapped line: fragments set side by side from the line's left edge.
struct TextLine {
    struct Fragment {
        var text: String
        var face: FontFace
        var size: Double
        var color: ReportColor
        /// Offset from the line's left edge, in points.
        var x: Double
    }

    var fragments: [Fragment] = []
    /// Width of the inked text (trailing spaces excluded), in points.
    var width: Double = 0
    /// The largest font size on the line.
    var size: Double = 0
    /// The ascent of the line's largest face, in 1/1000 em.
    var ascent: Double = 800
    var descent: Double = -200

    /// Line box height for a line-height factor.
    func height(_ lineHeight: Double) -> Double { size * lineHeight }

    /// Baseline offset from the line box's top.
    func baseline(_ lineHeight: Double) -> Double {
        let box = size * lineHeight
        let glyphs = (ascent - descent) * size / 1000
        return (box - glyphs) / 2 + ascent * size / 1000
    }
}
