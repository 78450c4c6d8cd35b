/// Images and charts: boxes of a known aspect or height, moved to a new page when they do not fit.
extension ReportLayout {
    func imageCaptionLines(_ image: ReportImage) throws -> [TextLine] {
        guard let caption = image.caption, !caption.isEmpty else { return [] }
        let face = try faces.face(theme.bodyFont, bold: false, italic: true, for: caption)
        return LineBreaker.wrap(
            [StyledText(text: caption, face: face, size: theme.smallSize, color: theme.mutedColor)], width: contentWidth
        )
    }

    func imageCaptionHeight(_ image: ReportImage) throws -> Double {
        let lines = try imageCaptionLines(image)
        return lines.isEmpty ? 0 : lines.reduce(3) { $0 + $1.height(theme.lineHeight) }
    }

    /// Draws an image at its natural size (96 pixels per inch) or the width asked for, no wider than the
    /// column; when it does not fit the rest of the page it shrinks to fit, unless that would make it much
    /// smaller than on a page of its own, in which case it starts a new page.
    func layoutImage(_ image: ReportImage, decoded: DecodedImage) throws {
        let captionLines = try imageCaptionLines(image)
        let captionHeight = try imageCaptionHeight(image)
        let aspect = Double(decoded.height) / Double(decoded.width)
        var width = min(image.width ?? Double(decoded.width) * 0.75, contentWidth)
        var height = width * aspect
        let fullPage = contentBottom - contentTop - captionHeight
        if height > fullPage {
            height = fullPage
            width = height / aspect
        }
        let room = contentBottom - y - captionHeight
        if height > room {
            if pageHasContent, room < max(72, height * 0.6) {
                try newPage()
            } else {
                height = max(room, 1)
                width = height / aspect
            }
        }
        try canvas.drawImage(decoded, id: blockIndex, x: contentLeft, y: y, width: width, height: height)
        canvas.strokeRect(
            x: contentLeft, y: y, width: width, height: height, lineWidth: min(theme.borderWidth, 1),
            color: theme.borderColor)
        y += height
        pageHasContent = true
        if !captionLines.isEmpty {
            y += 3
            for line in captionLines {
                draw(line, x: contentLeft, top: y)
                y += line.height(theme.lineHeight)
            }
        }
        y += theme.bodySize * 0.9
    }

    /// Draws a chart across the column, on a new page when its height does not fit.
    func layoutChart(_ chart: ReportChart) throws {
        var chart = chart
        // A chart taller than the page's content area is drawn as tall as the page allows.
        chart.height = min(chart.height, contentBottom - contentTop)
        try ensure(chart.height)
        let family = theme.bodyFont
        let faces = self.faces
        let scene = ChartBuilder(chart: chart, theme: theme, width: contentWidth) { text, size, bold in
            guard let face = try? faces.face(family, bold: bold, italic: false, for: text) else {
                return Double(text.count) * size * 0.6
            }
            return face.width(text) * size / 1000
        }.build()
        let left = contentLeft
        let top = y
        for item in scene.items {
            switch item {
            case .polyline(let points, let color, let width):
                canvas.strokePolyline(points.map { (x: left + $0.x, y: top + $0.y) }, width: width, color: color)
            case .rect(let x, let y, let width, let height, let color):
                canvas.fillRect(x: left + x, y: top + y, width: width, height: height, color: color)
            case .text(let text, let x, let baseline, let size, let color, let anchor, let bold):
                let face = try faces.face(family, bold: bold, italic: false, for: text)
                let textWidth = face.width(text) * size / 1000
                let start: Double
                switch anchor {
                case .start: start = x
                case .middle: start = x - textWidth / 2
                case .end: start = x - textWidth
                }
                canvas.text(text, face: face, size: size, x: left + start, baseline: top + baseline, color: color)
            }
        }
        y += chart.height + theme.bodySize * 0.9
        pageHasContent = true
    }
}
