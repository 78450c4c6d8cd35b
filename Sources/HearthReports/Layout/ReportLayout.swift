import HearthCore

/// Lays a ``ReportDocument`` out onto pages: wraps text by measured width, splits long words, breaks tables
/// across pages with their header repeated, keeps headings with what follows, and draws the page header
/// and footer. Pure given its inputs, so two runs give the same pages: the first only counts them.
final class ReportLayout {
    let document: ReportDocument
    let theme: ReportTheme
    let faces: FaceTable
    let generated: String
    let canvas: any PageCanvas
    let totalPages: Int
    /// The decoded images, by the index of their block.
    let images: [Int: DecodedImage]
    /// The index of the block being laid out.
    var blockIndex = 0

    let pageWidth: Double
    let pageHeight: Double
    let margins: PageMargins
    let contentLeft: Double
    let contentWidth: Double
    let contentTop: Double
    let contentBottom: Double
    let bandLine: Double

    var page = 0
    var y = 0.0
    var pageHasContent = false

    /// Room a header or footer band takes from the content area besides its line of text.
    static let bandGap = 9.0

    init(
        document: ReportDocument, faces: FaceTable, generated: String, canvas: any PageCanvas, totalPages: Int,
        images: [Int: DecodedImage] = [:]
    ) throws {
        self.images = images
        self.document = document
        self.theme = document.theme
        self.faces = faces
        self.generated = generated
        self.canvas = canvas
        self.totalPages = totalPages
        let size = document.effectivePageSize
        pageWidth = size.width
        pageHeight = size.height
        margins = document.effectiveMargins
        contentLeft = margins.left
        contentWidth = pageWidth - margins.left - margins.right
        bandLine = theme.smallSize * theme.lineHeight
        let headerHeight = (document.header.map { !$0.isEmpty } ?? false) ? bandLine + Self.bandGap : 0
        let footerHeight = (document.footer.map { !$0.isEmpty } ?? false) ? bandLine + Self.bandGap : 0
        contentTop = margins.top + headerHeight
        contentBottom = pageHeight - margins.bottom - footerHeight
        guard contentWidth >= 72, contentBottom - contentTop >= 72 else {
            throw ServiceError.validationFailed(
                "The margins leave less than one inch for content on a \(Int(pageWidth))×\(Int(pageHeight)) page; make them smaller."
            )
        }
    }

    /// Lays out every block and returns the number of pages.
    func run() throws -> Int {
        try newPage()
        for (index, block) in document.blocks.enumerated() {
            let next = index + 1 < document.blocks.count ? document.blocks[index + 1] : nil
            blockIndex = index
            try layout(block, next: next)
        }
        try finishPage()
        return page
    }

    // MARK: Pages

    func newPage() throws {
        if page > 0 { try finishPage() }
        page += 1
        try canvas.beginPage(number: page)
        if let header = document.header, !header.isEmpty { try drawBand(header, top: margins.top, isHeader: true) }
        y = contentTop
        pageHasContent = false
    }

    func finishPage() throws {
        if let footer = document.footer, !footer.isEmpty {
            try drawBand(footer, top: pageHeight - margins.bottom - bandLine, isHeader: false)
        }
        try canvas.endPage()
    }

    func drawBand(_ band: PageBand, top: Double, isHeader: Bool) throws {
        let slots = [(band.left, ReportTable.Alignment.left), (band.center, .center), (band.right, .right)]
        let slotWidth = band.center.isEmpty ? contentWidth * 0.49 : contentWidth * 0.32
        for (index, (template, alignment)) in slots.enumerated() where !template.isEmpty {
            let text = theme.labelCasing.apply(
                PageBand.fill(
                    template, page: page, pages: totalPages, title: document.metadata.title, generated: generated))
            let bold = isHeader && index == 0
            let face = try faces.face(theme.bodyFont, bold: bold, italic: false, for: text)
            let color = bold ? theme.textColor : theme.mutedColor
            guard
                let line = LineBreaker.wrap(
                    [StyledText(text: text, face: face, size: theme.smallSize, color: color)],
                    width: slotWidth
                ).first
            else { continue }
            let x: Double
            switch alignment {
            case .left: x = contentLeft
            case .center: x = contentLeft + (contentWidth - line.width) / 2
            case .right: x = contentLeft + contentWidth - line.width
            }
            draw(line, x: x, top: top)
        }
        if isHeader {
            let ruleY = top + bandLine + 3
            canvas.strokeLine(
                x1: contentLeft, y1: ruleY, x2: contentLeft + contentWidth, y2: ruleY,
                width: theme.ruleWidth, color: theme.accentColor)
        } else {
            let ruleY = top - 4
            canvas.strokeLine(
                x1: contentLeft, y1: ruleY, x2: contentLeft + contentWidth, y2: ruleY,
                width: min(theme.borderWidth, 0.75), color: theme.borderColor)
        }
    }

    func draw(_ line: TextLine, x: Double, top: Double) {
        let baseline = top + line.baseline(theme.lineHeight)
        for fragment in line.fragments {
            var text = fragment.text
            while text.last == " " { text.removeLast() }
            guard !text.isEmpty else { continue }
            canvas.text(
                text, face: fragment.face, size: fragment.size, x: x + fragment.x, baseline: baseline,
                color: fragment.color)
        }
    }

    /// Starts a new page when `height` does not fit below `y`, unless the page is still empty.
    func ensure(_ height: Double) throws {
        if y + height > contentBottom + 0.001, pageHasContent { try newPage() }
    }

    // MARK: Blocks

    func layout(_ block: ReportBlock, next: ReportBlock?) throws {
        switch block {
        case .heading(let heading): try layoutHeading(heading, next: next)
        case .paragraph(let paragraph): try layoutParagraph(paragraph)
        case .keyValues(let list): try layoutKeyValues(list)
        case .table(let table): try layoutTable(table)
        case .divider:
            try ensure(theme.ruleWidth + theme.bodySize)
            let ruleY = y + theme.bodySize / 2
            canvas.strokeLine(
                x1: contentLeft, y1: ruleY, x2: contentLeft + contentWidth, y2: ruleY,
                width: theme.ruleWidth, color: theme.borderColor)
            y += theme.ruleWidth + theme.bodySize
            pageHasContent = true
        case .spacer(let height):
            if y + height > contentBottom {
                try newPage()
            } else {
                y += height
                pageHasContent = true
            }
        case .pageBreak:
            if pageHasContent { try newPage() }
        case .image(let image):
            guard let decoded = images[blockIndex] else { return }
            try layoutImage(image, decoded: decoded)
        case .chart(let chart):
            try layoutChart(chart)
        }
    }

    func headingLines(_ heading: ReportHeading) throws -> (lines: [TextLine], size: Double) {
        let size = theme.headingSize(level: heading.level)
        let text = theme.headingCasing.apply(heading.text)
        let face = try faces.face(theme.headingFont, bold: true, italic: false, for: text)
        let color = heading.level == 1 ? theme.textColor : theme.subheadingColor
        return (
            LineBreaker.wrap([StyledText(text: text, face: face, size: size, color: color)], width: contentWidth), size
        )
    }

    func layoutHeading(_ heading: ReportHeading, next: ReportBlock?) throws {
        let (lines, size) = try headingLines(heading)
        let rule = heading.level == 1 ? theme.ruleWidth + 5 : 0
        let after = size * 0.4
        let height = lines.reduce(0) { $0 + $1.height(theme.lineHeight) } + rule + after
        var before = pageHasContent ? size * 0.75 : 0
        // Keep with next: the heading moves to a new page unless the start of what follows fits with it.
        let following = try next.map(minimumHeight) ?? 0
        if pageHasContent, y + before + height + following > contentBottom {
            try newPage()
            before = 0
        }
        y += before
        for line in lines {
            draw(line, x: contentLeft, top: y)
            y += line.height(theme.lineHeight)
        }
        if heading.level == 1 {
            let ruleY = y + 2 + theme.ruleWidth / 2
            canvas.strokeLine(
                x1: contentLeft, y1: ruleY, x2: contentLeft + contentWidth, y2: ruleY,
                width: theme.ruleWidth, color: theme.accentColor)
        }
        y += rule + after
        pageHasContent = true
    }

    /// The height of the first piece of a block that must share a page with a heading before it.
    func minimumHeight(of block: ReportBlock) throws -> Double {
        switch block {
        case .paragraph(let paragraph):
            return try paragraphLines(paragraph).first?.height(theme.lineHeight) ?? 0
        case .keyValues(let list):
            guard let item = list.items.first else { return 0 }
            return try keyValueGrid(list).rowHeight(try keyValueRow(item, grid: keyValueGrid(list)))
        case .table(let table):
            let grid = try tableGrid(table)
            let firstRow = try table.rows.first.map { try tableRow($0, grid: grid, bold: false) } ?? []
            return captionHeight(table) + grid.rowHeight(grid.header ?? [])
                + (firstRow.isEmpty ? 0 : grid.rowHeight(firstRow))
        case .heading(let heading):
            let (lines, size) = try headingLines(heading)
            return lines.reduce(0) { $0 + $1.height(theme.lineHeight) } + size * 0.75
        case .divider, .spacer, .pageBreak:
            return 0
        case .image(let image):
            return try min(imageCaptionHeight(image) + 72, contentBottom - contentTop)
        case .chart(let chart):
            return chart.height
        }
    }

    func paragraphLines(_ paragraph: ReportParagraph) throws -> [TextLine] {
        let runs = try paragraph.runs.map { run -> StyledText in
            let family = run.monospace ? theme.monospaceFont : theme.bodyFont
            let face = try faces.face(family, bold: run.bold, italic: run.italic, for: run.text)
            return StyledText(text: run.text, face: face, size: theme.bodySize, color: run.color ?? theme.textColor)
        }
        guard !runs.isEmpty else { return [] }
        return LineBreaker.wrap(runs, width: contentWidth)
    }

    func layoutParagraph(_ paragraph: ReportParagraph) throws {
        for line in try paragraphLines(paragraph) {
            let height = line.height(theme.lineHeight)
            try ensure(height)
            draw(line, x: contentLeft, top: y)
            y += height
            pageHasContent = true
        }
        y += theme.bodySize * 0.6
    }
}
