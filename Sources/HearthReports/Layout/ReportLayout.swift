import HearthCore

/// Lays a ``ReportDocument`` out onto pages: wraps text by measured width, splits long words, breaks tables
/// across pages with their header repeated, keeps headings with what follows, and draws the page header
/// and footer. Pure given its inputs, so two runs give the same pages: the first only counts them.
final class ReportLayout {
    private let document: ReportDocument
    private let theme: ReportTheme
    private let faces: FaceTable
    private let generated: String
    private let canvas: any PageCanvas
    private let totalPages: Int

    private let pageWidth: Double
    private let pageHeight: Double
    private let margins: PageMargins
    private let contentLeft: Double
    private let contentWidth: Double
    private let contentTop: Double
    private let contentBottom: Double
    private let bandLine: Double

    private var page = 0
    private var y = 0.0
    private var pageHasContent = false

    /// Room a header or footer band takes from the content area besides its line of text.
    private static let bandGap = 9.0

    init(document: ReportDocument, faces: FaceTable, generated: String, canvas: any PageCanvas, totalPages: Int) throws {
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
                "The margins leave less than one inch for content on a \(Int(pageWidth))×\(Int(pageHeight)) page; make them smaller.")
        }
    }

    /// Lays out every block and returns the number of pages.
    func run() throws -> Int {
        try newPage()
        for (index, block) in document.blocks.enumerated() {
            let next = index + 1 < document.blocks.count ? document.blocks[index + 1] : nil
            try layout(block, next: next)
        }
        try finishPage()
        return page
    }

    // MARK: Pages

    private func newPage() throws {
        if page > 0 { try finishPage() }
        page += 1
        try canvas.beginPage(number: page)
        if let header = document.header, !header.isEmpty { try drawBand(header, top: margins.top, isHeader: true) }
        y = contentTop
        pageHasContent = false
    }

    private func finishPage() throws {
        if let footer = document.footer, !footer.isEmpty {
            try drawBand(footer, top: pageHeight - margins.bottom - bandLine, isHeader: false)
        }
        try canvas.endPage()
    }

    private func drawBand(_ band: PageBand, top: Double, isHeader: Bool) throws {
        let slots = [(band.left, ReportTable.Alignment.left), (band.center, .center), (band.right, .right)]
        let slotWidth = band.center.isEmpty ? contentWidth * 0.49 : contentWidth * 0.32
        for (index, (template, alignment)) in slots.enumerated() where !template.isEmpty {
            let text = theme.labelCasing.apply(PageBand.fill(
                template, page: page, pages: totalPages, title: document.metadata.title, generated: generated))
            let bold = isHeader && index == 0
            let face = try faces.face(theme.bodyFont, bold: bold, italic: false, for: text)
            let color = bold ? theme.textColor : theme.mutedColor
            guard let line = LineBreaker.wrap([StyledText(text: text, face: face, size: theme.smallSize, color: color)],
                                              width: slotWidth).first else { continue }
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
            canvas.strokeLine(x1: contentLeft, y1: ruleY, x2: contentLeft + contentWidth, y2: ruleY,
                              width: theme.ruleWidth, color: theme.accentColor)
        } else {
            let ruleY = top - 4
            canvas.strokeLine(x1: contentLeft, y1: ruleY, x2: contentLeft + contentWidth, y2: ruleY,
                              width: min(theme.borderWidth, 0.75), color: theme.borderColor)
        }
    }

    private func draw(_ line: TextLine, x: Double, top: Double) {
        let baseline = top + line.baseline(theme.lineHeight)
        for fragment in line.fragments {
            var text = fragment.text
            while text.last == " " { text.removeLast() }
            guard !text.isEmpty else { continue }
            canvas.text(text, face: fragment.face, size: fragment.size, x: x + fragment.x, baseline: baseline, color: fragment.color)
        }
    }

    /// Starts a new page when `height` does not fit below `y`, unless the page is still empty.
    private func ensure(_ height: Double) throws {
        if y + height > contentBottom + 0.001, pageHasContent { try newPage() }
    }

    // MARK: Blocks

    private func layout(_ block: ReportBlock, next: ReportBlock?) throws {
        switch block {
        case .heading(let heading): try layoutHeading(heading, next: next)
        case .paragraph(let paragraph): try layoutParagraph(paragraph)
        case .keyValues(let list): try layoutKeyValues(list)
        case .table(let table): try layoutTable(table)
        case .divider:
            try ensure(theme.ruleWidth + theme.bodySize)
            let ruleY = y + theme.bodySize / 2
            canvas.strokeLine(x1: contentLeft, y1: ruleY, x2: contentLeft + contentWidth, y2: ruleY,
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
        }
    }

    private func headingLines(_ heading: ReportHeading) throws -> (lines: [TextLine], size: Double) {
        let size = theme.headingSize(level: heading.level)
        let text = theme.headingCasing.apply(heading.text)
        let face = try faces.face(theme.headingFont, bold: true, italic: false, for: text)
        let color = heading.level == 1 ? theme.textColor : theme.subheadingColor
        return (LineBreaker.wrap([StyledText(text: text, face: face, size: size, color: color)], width: contentWidth), size)
    }

    private func layoutHeading(_ heading: ReportHeading, next: ReportBlock?) throws {
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
            canvas.strokeLine(x1: contentLeft, y1: ruleY, x2: contentLeft + contentWidth, y2: ruleY,
                              width: theme.ruleWidth, color: theme.accentColor)
        }
        y += rule + after
        pageHasContent = true
    }

    /// The height of the first piece of a block that must share a page with a heading before it.
    private func minimumHeight(of block: ReportBlock) throws -> Double {
        switch block {
        case .paragraph(let paragraph):
            return try paragraphLines(paragraph).first?.height(theme.lineHeight) ?? 0
        case .keyValues(let list):
            guard let item = list.items.first else { return 0 }
            return try keyValueGrid(list).rowHeight(try keyValueRow(item, grid: keyValueGrid(list)))
        case .table(let table):
            let grid = try tableGrid(table)
            let firstRow = try table.rows.first.map { try tableRow($0, grid: grid, bold: false) } ?? []
            return captionHeight(table) + grid.rowHeight(grid.header ?? []) + (firstRow.isEmpty ? 0 : grid.rowHeight(firstRow))
        case .heading(let heading):
            let (lines, size) = try headingLines(heading)
            return lines.reduce(0) { $0 + $1.height(theme.lineHeight) } + size * 0.75
        case .divider, .spacer, .pageBreak:
            return 0
        }
    }

    private func paragraphLines(_ paragraph: ReportParagraph) throws -> [TextLine] {
        let runs = try paragraph.runs.map { run -> StyledText in
            let family = run.monospace ? theme.monospaceFont : theme.bodyFont
            let face = try faces.face(family, bold: run.bold, italic: run.italic, for: run.text)
            return StyledText(text: run.text, face: face, size: theme.bodySize, color: run.color ?? theme.textColor)
        }
        guard !runs.isEmpty else { return [] }
        return LineBreaker.wrap(runs, width: contentWidth)
    }

    private func layoutParagraph(_ paragraph: ReportParagraph) throws {
        for line in try paragraphLines(paragraph) {
            let height = line.height(theme.lineHeight)
            try ensure(height)
            draw(line, x: contentLeft, top: y)
            y += height
            pageHasContent = true
        }
        y += theme.bodySize * 0.6
    }

    // MARK: Grids (tables and key–value lists)

    /// Column geometry and style shared by the rows of a table or key–value list.
    struct Grid {
        var columnX: [Double]
        var columnWidth: [Double]
        var alignments: [ReportTable.Alignment]
        var header: [[TextLine]]?
        var size: Double
        var lineBox: Double
        var padX: Double
        var padY: Double
        /// A frame around each page's part (tables) or rules above and below it (key–value lists).
        var boxed: Bool

        func rowHeight(_ cells: [[TextLine]]) -> Double {
            Double(cells.map(\.count).max() ?? 1) * lineBox + 2 * padY
        }
    }

    private func cellLines(_ text: String, bold: Bool, color: ReportColor, size: Double, width: Double) throws -> [TextLine] {
        let face = try faces.face(theme.bodyFont, bold: bold, italic: false, for: text)
        return LineBreaker.wrap([StyledText(text: text, face: face, size: size, color: color)], width: width)
    }

    private func tableGrid(_ table: ReportTable) throws -> Grid {
        let size = theme.bodySize * 0.92
        let padX = 5.0
        let total = table.columns.reduce(0) { $0 + $1.width }
        var x = contentLeft
        var columnX: [Double] = []
        var columnWidth: [Double] = []
        for column in table.columns {
            let width = contentWidth * column.width / total
            columnX.append(x)
            columnWidth.append(width)
            x += width
        }
        var grid = Grid(columnX: columnX, columnWidth: columnWidth, alignments: table.columns.map(\.alignment), header: nil,
                        size: size, lineBox: size * theme.lineHeight, padX: padX, padY: size * 0.4, boxed: true)
        grid.header = try table.columns.enumerated().map { index, column in
            try cellLines(theme.labelCasing.apply(column.title), bold: true, color: theme.headerTextColor, size: size,
                          width: max(columnWidth[index] - 2 * padX, 1))
        }
        return grid
    }

    private func tableRow(_ cells: [String], grid: Grid, bold: Bool) throws -> [[TextLine]] {
        try cells.enumerated().map { index, text in
            try cellLines(text, bold: bold, color: theme.textColor, size: grid.size, width: max(grid.columnWidth[index] - 2 * grid.padX, 1))
        }
    }

    private func captionHeight(_ table: ReportTable) -> Double {
        table.caption.map { _ in theme.smallSize * theme.lineHeight + 2 } ?? 0
    }

    private func layoutTable(_ table: ReportTable) throws {
        let grid = try tableGrid(table)
        let header = grid.header ?? []
        // The caption, the header and the first row start on the same page.
        let firstRow = try table.rows.first.map { try tableRow($0, grid: grid, bold: false) }
        try ensure(captionHeight(table) + grid.rowHeight(header) + (firstRow.map(grid.rowHeight) ?? 0))
        if let caption = table.caption {
            let face = try faces.face(theme.bodyFont, bold: false, italic: true, for: caption)
            for line in LineBreaker.wrap([StyledText(text: caption, face: face, size: theme.smallSize, color: theme.mutedColor)], width: contentWidth) {
                draw(line, x: contentLeft, top: y)
                y += line.height(theme.lineHeight)
            }
            y += 2
        }
        var segment = beginSegment(grid)
        for (index, row) in table.rows.enumerated() {
            let cells = index == 0 && firstRow != nil ? firstRow! : try tableRow(row, grid: grid, bold: false)
            let fill = table.zebra && index % 2 == 1 ? theme.zebraFillColor : nil
            segment = try layoutRow(cells, grid: grid, fill: fill, topRule: nil, segment: segment)
        }
        if let totals = table.totals {
            let cells = try tableRow(totals, grid: grid, bold: true)
            segment = try layoutRow(cells, grid: grid, fill: theme.totalsFillColor, topRule: theme.borderWidth, segment: segment)
        }
        endSegment(grid, segment)
        y += theme.bodySize * 0.9
    }

    private func keyValueGrid(_ list: ReportKeyValues) throws -> Grid {
        let size = theme.bodySize
        let padX = 4.0
        var widest = 0.0
        for item in list.items {
            let label = theme.labelCasing.apply(item.key)
            let face = try faces.face(theme.bodyFont, bold: true, italic: false, for: label)
            widest = max(widest, face.width(label) * size / 1000)
        }
        let labelWidth = min(widest + 2 * padX + 8, contentWidth * 0.4)
        return Grid(columnX: [contentLeft, contentLeft + labelWidth], columnWidth: [labelWidth, contentWidth - labelWidth],
                    alignments: [.left, .left], header: nil, size: size, lineBox: size * theme.lineHeight,
                    padX: padX, padY: size * 0.3, boxed: false)
    }

    private func keyValueRow(_ item: ReportKeyValues.Item, grid: Grid) throws -> [[TextLine]] {
        [
            try cellLines(theme.labelCasing.apply(item.key), bold: true, color: theme.mutedColor, size: grid.size,
                          width: grid.columnWidth[0] - 2 * grid.padX),
            try cellLines(item.value, bold: false, color: theme.textColor, size: grid.size, width: grid.columnWidth[1] - 2 * grid.padX),
        ]
    }

    private func layoutKeyValues(_ list: ReportKeyValues) throws {
        guard !list.items.isEmpty else { return }
        let grid = try keyValueGrid(list)
        let first = try keyValueRow(list.items[0], grid: grid)
        try ensure(grid.rowHeight(first))
        var segment = beginSegment(grid)
        for (index, item) in list.items.enumerated() {
            let cells = index == 0 ? first : try keyValueRow(item, grid: grid)
            segment = try layoutRow(cells, grid: grid, fill: nil, topRule: nil, segment: segment)
        }
        endSegment(grid, segment)
        y += theme.bodySize * 0.9
    }

    /// Where the part of a grid on the current page starts, and how many rows it holds so far.
    struct Segment {
        var top: Double
        var headerBottom: Double
        var rows: Int
    }

    private func beginSegment(_ grid: Grid) -> Segment {
        let top = y
        if let header = grid.header {
            let height = grid.rowHeight(header)
            canvas.fillRect(x: contentLeft, y: y, width: contentWidth, height: height, color: theme.headerFillColor)
            drawCells(header, grid: grid, from: 0, count: header.map(\.count).max() ?? 1)
            y += height
        }
        pageHasContent = true
        return Segment(top: top, headerBottom: y, rows: 0)
    }

    private func endSegment(_ grid: Grid, _ segment: Segment) {
        let lineWidth = theme.borderWidth
        if grid.boxed {
            for x in grid.columnX.dropFirst() {
                canvas.strokeLine(x1: x, y1: segment.top, x2: x, y2: y, width: min(lineWidth, 0.5), color: theme.borderColor)
            }
            if grid.header != nil {
                canvas.strokeLine(x1: contentLeft, y1: segment.headerBottom, x2: contentLeft + contentWidth, y2: segment.headerBottom,
                                  width: lineWidth, color: theme.borderColor)
            }
            canvas.strokeRect(x: contentLeft, y: segment.top, width: contentWidth, height: y - segment.top,
                              lineWidth: lineWidth, color: theme.borderColor)
        } else {
            for ruleY in [segment.top, y] {
                canvas.strokeLine(x1: contentLeft, y1: ruleY, x2: contentLeft + contentWidth, y2: ruleY,
                                  width: lineWidth, color: theme.borderColor)
            }
        }
    }

    /// Lays out one row, moving to a new page (with the header again) when it does not fit, and splitting a
    /// row taller than a whole page between pages so nothing is lost.
    private func layoutRow(_ cells: [[TextLine]], grid: Grid, fill: ReportColor?, topRule: Double?, segment: Segment) throws -> Segment {
        var segment = segment
        let lineCount = cells.map(\.count).max() ?? 1
        var start = 0
        while start < lineCount {
            let available = contentBottom - y
            let needed = Double(lineCount - start) * grid.lineBox + 2 * grid.padY
            var count = lineCount - start
            if needed > available + 0.001 {
                if segment.rows > 0 {
                    endSegment(grid, segment)
                    try newPage()
                    segment = beginSegment(grid)
                    continue
                }
                count = min(count, max(1, Int((available - 2 * grid.padY) / grid.lineBox)))
            }
            let height = Double(count) * grid.lineBox + 2 * grid.padY
            if let fill { canvas.fillRect(x: contentLeft, y: y, width: contentWidth, height: height, color: fill) }
            if segment.rows > 0 || topRule != nil {
                canvas.strokeLine(x1: contentLeft, y1: y, x2: contentLeft + contentWidth, y2: y,
                                  width: topRule ?? min(theme.borderWidth, 0.5) * 0.6, color: theme.borderColor)
            }
            drawCells(cells, grid: grid, from: start, count: count)
            y += height
            segment.rows += 1
            start += count
            if start < lineCount {
                endSegment(grid, segment)
                try newPage()
                segment = beginSegment(grid)
            }
        }
        return segment
    }

    private func drawCells(_ cells: [[TextLine]], grid: Grid, from start: Int, count: Int) {
        for (column, lines) in cells.enumerated() where start < lines.count {
            var top = y + grid.padY
            for line in lines[start..<min(lines.count, start + count)] {
                let inner = grid.columnWidth[column] - 2 * grid.padX
                let x: Double
                switch grid.alignments[column] {
                case .left: x = grid.columnX[column] + grid.padX
                case .center: x = grid.columnX[column] + grid.padX + (inner - line.width) / 2
                case .right: x = grid.columnX[column] + grid.padX + inner - line.width
                }
                draw(line, x: x, top: top)
                top += grid.lineBox
            }
        }
    }
}
