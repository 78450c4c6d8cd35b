/// Draws pages as PDF content streams and writes each page to the output as soon as it is finished, so
/// only one page is held in memory. Records which glyphs each font uses, for subsetting at the end.
final class PDFPageCanvas: PageCanvas {
    private let writer: PDFDocumentWriter
    private let pageHeight: Double
    private var content: [UInt8] = []
    private var fillColor: ReportColor?
    private var strokeColor: ReportColor?
    private var lineWidth: Double?
    private var font: (index: Int, size: Double)?

    init(writer: PDFDocumentWriter, pageHeight: Double) {
        self.writer = writer
        self.pageHeight = pageHeight
        content.reserveCapacity(32 * 1024)
    }

    func beginPage(number: Int) {
        content.removeAll(keepingCapacity: true)
        fillColor = nil
        strokeColor = nil
        lineWidth = nil
        font = nil
    }

    func endPage() throws {
        try writer.writePage(content: content)
    }

    private func op(_ text: StaticString) {
        text.withUTF8Buffer { content.append(contentsOf: $0) }
    }

    private func number(_ value: Double) {
        PDFSyntax.appendNumber(value, to: &content)
        content.append(UInt8(ascii: " "))
    }

    private func color(_ color: ReportColor) {
        number(Double(color.red) / 255)
        number(Double(color.green) / 255)
        number(Double(color.blue) / 255)
    }

    private func setFill(_ color: ReportColor) {
        guard fillColor != color else { return }
        fillColor = color
        self.color(color)
        op("rg\n")
    }

    private func setStroke(_ color: ReportColor, width: Double) {
        if strokeColor != color {
            strokeColor = color
            self.color(color)
            op("RG\n")
        }
        if lineWidth != width {
            lineWidth = width
            number(width)
            op("w\n")
        }
    }

    func fillRect(x: Double, y: Double, width: Double, height: Double, color: ReportColor) {
        setFill(color)
        number(x)
        number(pageHeight - y - height)
        number(width)
        number(height)
        op("re f\n")
    }

    func strokeLine(x1: Double, y1: Double, x2: Double, y2: Double, width: Double, color: ReportColor) {
        guard width > 0 else { return }
        setStroke(color, width: width)
        number(x1)
        number(pageHeight - y1)
        op("m ")
        number(x2)
        number(pageHeight - y2)
        op("l S\n")
    }

    func strokeRect(x: Double, y: Double, width: Double, height: Double, lineWidth: Double, color: ReportColor) {
        guard lineWidth > 0 else { return }
        setStroke(color, width: lineWidth)
        number(x)
        number(pageHeight - y - height)
        number(width)
        number(height)
        op("re S\n")
    }

    func strokePolyline(_ points: [(x: Double, y: Double)], width: Double, color: ReportColor) {
        guard points.count > 1, width > 0 else { return }
        // Round joins and caps only for this path: the saved state is restored after it, so the cached
        // colour and width stay true.
        op("q 1 j 1 J ")
        self.color(color)
        op("RG ")
        number(width)
        op("w\n")
        for (index, point) in points.enumerated() {
            number(point.x)
            number(pageHeight - point.y)
            op(index == 0 ? "m\n" : "l\n")
        }
        op("S Q\n")
    }

    func drawImage(_ image: DecodedImage, id: Int, x: Double, y: Double, width: Double, height: Double) throws {
        let name = try writer.imageName(for: image, id: id)
        op("q ")
        number(width)
        op("0 0 ")
        number(height)
        number(x)
        number(pageHeight - y - height)
        op("cm /")
        content.append(contentsOf: Array(name.utf8))
        op(" Do Q\n")
    }

    func text(_ text: String, face: FontFace, size: Double, x: Double, baseline: Double, color: ReportColor) {
        setFill(color)
        op("BT\n")
        if font?.index != face.index || font?.size != size {
            font = (face.index, size)
            content.append(UInt8(ascii: "/"))
            content.append(UInt8(ascii: "F"))
            PDFSyntax.appendInteger(face.index + 1, to: &content)
            content.append(UInt8(ascii: " "))
            number(size)
            op("Tf\n")
        }
        if case .trueType(_, slanted: true) = face.kind { op("1 0 0.2 1 ") } else { op("1 0 0 1 ") }
        number(x)
        number(pageHeight - baseline)
        op("Tm\n")
        writer.encode(text, face: face, into: &content)
        op(" Tj\nET\n")
    }
}
