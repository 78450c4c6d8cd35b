import HearthCore

/// Tables and key–value lists: grids of wrapped cells that break across pages, headers repeated.
extension ReportLayout {
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

    func cellLines(_ text: String, bold: Bool, color: ReportColor, size: Double, width: Double) throws -> [TextLine] {
        let face = try faces.face(theme.bodyFont, bold: bold, italic: false, for: text)
        return LineBreaker.wrap([StyledText(text: text, face: face, size: size, color: color)], width: width)
    }

    func tableGrid(_ table: ReportTable) throws -> Grid {
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
        var grid = Grid(
            columnX: columnX, columnWidth: columnWidth, alignments: table.columns.map(\.alignment), header: nil,
            size: size, lineBox: size * theme.lineHeight, padX: padX, padY: size * 0.4, boxed: true)
        grid.header = try table.columns.enumerated().map { index, column in
            try cellLines(
                theme.labelCasing.apply(column.title), bold: true, color: theme.headerTextColor, size: size,
                width: max(columnWidth[index] - 2 * padX, 1))
        }
        return grid
    }

    func tableRow(_ cells: [String], grid: Grid, bold: Bool) throws -> [[TextLine]] {
        try cells.enumerated().map { index, text in
            try cellLines(
                text, bold: bold, color: theme.textColor, size: grid.size,
                width: max(grid.columnWidth[index] - 2 * grid.padX, 1))
        }
    }

    func captionHeight(_ table: ReportTable) -> Double {
        table.caption.map { _ in theme.smallSize * theme.lineHeight + 2 } ?? 0
    }

    func layoutTable(_ table: ReportTable) throws {
        let grid = try tableGrid(table)
        let header = grid.header ?? []
        // The caption, the header and the first row start on the same page.
        let firstRow = try table.rows.first.map { try tableRow($0, grid: grid, bold: false) }
        try ensure(captionHeight(table) + grid.rowHeight(header) + (firstRow.map(grid.rowHeight) ?? 0))
        if let caption = table.caption {
            let face = try faces.face(theme.bodyFont, bold: false, italic: true, for: caption)
            for line in LineBreaker.wrap(
                [StyledText(text: caption, face: face, size: theme.smallSize, color: theme.mutedColor)],
                width: contentWidth)
            {
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
            segment = try layoutRow(
                cells, grid: grid, fill: theme.totalsFillColor, topRule: theme.borderWidth, segment: segment)
        }
        endSegment(grid, segment)
        y += theme.bodySize * 0.9
    }

    func keyValueGrid(_ list: ReportKeyValues) throws -> Grid {
        let size = theme.bodySize
        let padX = 4.0
        var widest = 0.0
        for item in list.items {
            let label = theme.labelCasing.apply(item.key)
            let face = try faces.face(theme.bodyFont, bold: true, italic: false, for: label)
            widest = max(widest, face.width(label) * size / 1000)
        }
        let labelWidth = min(widest + 2 * padX + 8, contentWidth * 0.4)
        return Grid(
            columnX: [contentLeft, contentLeft + labelWidth], columnWidth: [labelWidth, contentWidth - labelWidth],
            alignments: [.left, .left], header: nil, size: size, lineBox: size * theme.lineHeight,
            padX: padX, padY: size * 0.3, boxed: false)
    }

    func keyValueRow(_ item: ReportKeyValues.Item, grid: Grid) throws -> [[TextLine]] {
        [
            try cellLines(
                theme.labelCasing.apply(item.key), bold: true, color: theme.mutedColor, size: grid.size,
                width: grid.columnWidth[0] - 2 * grid.padX),
            try cellLines(
                item.value, bold: false, color: theme.textColor, size: grid.size,
                width: grid.columnWidth[1] - 2 * grid.padX),
        ]
    }

    func layoutKeyValues(_ list: ReportKeyValues) throws {
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

    func beginSegment(_ grid: Grid) -> Segment {
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

    func endSegment(_ grid: Grid, _ segment: Segment) {
        let lineWidth = theme.borderWidth
        if grid.boxed {
            for x in grid.columnX.dropFirst() {
                canvas.strokeLine(
                    x1: x, y1: segment.top, x2: x, y2: y, width: min(lineWidth, 0.5), color: theme.borderColor)
            }
            if grid.header != nil {
                canvas.strokeLine(
                    x1: contentLeft, y1: segment.headerBottom, x2: contentLeft + contentWidth, y2: segment.headerBottom,
                    width: lineWidth, color: theme.borderColor)
            }
            canvas.strokeRect(
                x: contentLeft, y: segment.top, width: contentWidth, height: y - segment.top,
                lineWidth: lineWidth, color: theme.borderColor)
        } else {
            for ruleY in [segment.top, y] {
                canvas.strokeLine(
                    x1: contentLeft, y1: ruleY, x2: contentLeft + contentWidth, y2: ruleY,
                    width: lineWidth, color: theme.borderColor)
            }
        }
    }

    /// Lays out one row, moving to a new page (with the header again) when it does not fit, and splitting a
    /// row taller than a whole page between pages so nothing is lost.
    func layoutRow(_ cells: [[TextLine]], grid: Grid, fill: ReportColor?, topRule: Double?, segment: Segment) throws
        -> Segment
    {
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
                canvas.strokeLine(
                    x1: contentLeft, y1: y, x2: contentLeft + contentWidth, y2: y,
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

    func drawCells(_ cells: [[TextLine]], grid: Grid, from start: Int, count: Int) {
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
