/// A chart laid out as simple shapes in its own box (points, origin top-left), which the PDF canvas and the
/// SVG writer both draw, so the two renderers show the same chart.
struct ChartScene {
    enum Anchor { case start, middle, end }

    enum Item {
        /// An open line through the points.
        case polyline([(x: Double, y: Double)], color: ReportColor, width: Double)
        /// A filled rectangle.
        case rect(x: Double, y: Double, width: Double, height: Double, color: ReportColor)
        /// Text on a baseline, anchored at `x` by its start, middle or end.
        case text(String, x: Double, baseline: Double, size: Double, color: ReportColor, anchor: Anchor, bold: Bool)
    }

    var width: Double
    var height: Double
    var items: [Item] = []
}
