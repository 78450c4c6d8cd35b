/// What the layout draws on. Coordinates are in points from the page's top-left corner; `baseline` is the
/// text baseline's distance from the top.
protocol PageCanvas: AnyObject {
    func beginPage(number: Int) throws
    func endPage() throws
    func fillRect(x: Double, y: Double, width: Double, height: Double, color: ReportColor)
    func strokeLine(x1: Double, y1: Double, x2: Double, y2: Double, width: Double, color: ReportColor)
    func strokeRect(x: Double, y: Double, width: Double, height: Double, lineWidth: Double, color: ReportColor)
    func text(_ text: String, face: FontFace, size: Double, x: Double, baseline: Double, color: ReportColor)
    /// An open path through `points`, with round joins and caps.
    func strokePolyline(_ points: [(x: Double, y: Double)], width: Double, color: ReportColor)
    /// Draws `image` (the block numbered `id`) into the box whose top-left corner is `x`, `y`.
    func drawImage(_ image: DecodedImage, id: Int, x: Double, y: Double, width: Double, height: Double) throws
}
