/// A canvas that draws nothing: the first layout pass only counts pages.
final class CountingCanvas: PageCanvas {
    private(set) var pages = 0
    func beginPage(number: Int) { pages = number }
    func endPage() {}
    func fillRect(x: Double, y: Double, width: Double, height: Double, color: ReportColor) {}
    func strokeLine(x1: Double, y1: Double, x2: Double, y2: Double, width: Double, color: ReportColor) {}
    func strokeRect(x: Double, y: Double, width: Double, height: Double, lineWidth: Double, color: ReportColor) {}
    func text(_ text: String, face: FontFace, size: Double, x: Double, baseline: Double, color: ReportColor) {}
    func strokePolyline(_ points: [(x: Double, y: Double)], width: Double, color: ReportColor) {}
    func drawImage(_ image: DecodedImage, id: Int, x: Double, y: Double, width: Double, height: Double) {}
}
