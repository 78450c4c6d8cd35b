import Foundation

/// Lays a ``ReportChart`` out as a ``ChartScene``: title, legend, value axis with rounded ticks and units,
/// a date or category axis, grid lines, and the lines or bars themselves.
struct ChartBuilder {
    /// Width of `text` at `size` points, bold or not.
    typealias Measure = (_ text: String, _ size: Double, _ bold: Bool) -> Double

    let chart: ReportChart
    let theme: ReportTheme
    let width: Double
    let measure: Measure

    /// Series colours after the theme's accent: dark, blue, green, red, purple, grey.
    static let palette: [ReportColor] = [
        ReportColor(red: 0x22, green: 0x22, blue: 0x22), ReportColor(red: 0x2F, green: 0x6E, blue: 0xBA),
        ReportColor(red: 0x3A, green: 0x8F, blue: 0x5C), ReportColor(red: 0xC2, green: 0x41, blue: 0x38),
        ReportColor(red: 0x7A, green: 0x4E, blue: 0xB0), ReportColor(red: 0x88, green: 0x88, blue: 0x88),
    ]

    static let gridColor = ReportColor(red: 0xD9, green: 0xD9, blue: 0xD9)
    /// A band's shade and label colour: a pale green, as reference ranges are commonly drawn.
    static let bandColor = ReportColor(red: 0xE2, green: 0xF1, blue: 0xE4)
    static let bandTextColor = ReportColor(red: 0x3A, green: 0x7A, blue: 0x4C)
    /// Marked points.
    static let markColor = ReportColor(red: 0xC2, green: 0x41, blue: 0x38)

    func color(of index: Int) -> ReportColor {
        if let own = chart.series[index].color { return own }
        return index == 0 ? theme.accentColor : Self.palette[(index - 1) % Self.palette.count]
    }

    func build() -> ChartScene {
        var scene = ChartScene(width: width, height: chart.height)
        let small = theme.smallSize
        let line = small * 1.5
        var top = 0.0

        if let title = chart.title, !title.isEmpty {
            let size = theme.bodySize
            scene.items.append(
                .text(
                    theme.labelCasing.apply(title), x: 0, baseline: size, size: size, color: theme.textColor,
                    anchor: .start, bold: true))
            top += size * 1.7
        }
        if chart.series.count > 1 { top = legend(into: &scene, top: top) }

        // Value axis.
        let values = chart.series.flatMap { $0.points.map(\.value) } + bandValues()
        var low = values.min() ?? 0
        var high = values.max() ?? 1
        if chart.kind == .bar || values.isEmpty {
            low = min(low, 0)
            high = max(high, 0)
            if low == 0, high == 0 { high = 1 }
        }
        let (ticks, step) = ChartTicks.values(low: low, high: high)
        let decimals = ChartTicks.decimals(for: step)
        let labels = ticks.map { ChartTicks.format($0, decimals: decimals, unit: chart.unit) }
        let labelWidth = labels.map { measure($0, small, false) }.max() ?? 0
        let plotLeft = labelWidth + 6
        let bottomRoom = line + (chart.xAxisTitle.map { _ in line } ?? 0) + 4
        let plotTop = top + small * 0.6
        let plotBottom = chart.height - bottomRoom
        var plotRight = width - 2
        guard plotBottom - plotTop > 20, plotRight - plotLeft > 40 else { return scene }
        let minValue = ticks.first ?? 0
        let maxValue = ticks.last ?? 1
        func yOf(_ value: Double) -> Double {
            plotBottom - (value - minValue) / max(maxValue - minValue, 1e-12) * (plotBottom - plotTop)
        }
        if chart.kind == .line, let band = chart.band, !chart.series.allSatisfy({ $0.points.isEmpty }) {
            let top = yOf(band.high ?? maxValue)
            let bottom = yOf(band.low ?? minValue)
            scene.items.append(
                .rect(
                    x: plotLeft, y: top, width: plotRight - plotLeft, height: max(bottom - top, 0.5),
                    color: Self.bandColor))
            if let label = band.label, bottom - top > small * 1.3 {
                scene.items.append(
                    .text(
                        label, x: plotLeft + 4, baseline: top + small * 1.1, size: small * 0.9,
                        color: Self.bandTextColor, anchor: .start, bold: false))
            }
        }
        for (tick, label) in zip(ticks, labels) {
            let y = yOf(tick)
            scene.items.append(.polyline([(plotLeft, y), (plotRight, y)], color: Self.gridColor, width: 0.5))
            scene.items.append(
                .text(
                    label, x: plotLeft - 4, baseline: y + small * 0.35, size: small, color: theme.mutedColor,
                    anchor: .end, bold: false))
        }
        if let title = chart.xAxisTitle, !title.isEmpty {
            scene.items.append(
                .text(
                    title, x: (plotLeft + plotRight) / 2, baseline: chart.height - small * 0.3, size: small,
                    color: theme.mutedColor, anchor: .middle, bold: false))
        }
        let axisWidth = min(max(theme.borderWidth, 0.75), 1.5)
        let baselineY = yOf(min(max(0, minValue), maxValue))
        let labelBaseline = plotBottom + small * 1.35

        switch chart.kind {
        case .line:
            let dated = chart.series.map { series in
                series.points.compactMap { point -> (Date, Double, String?)? in
                    if case .date(let date) = point.x { return (date, point.value, point.mark) }
                    return nil
                }.sorted { $0.0 < $1.0 }
            }
            let dates = dated.flatMap { $0.map(\.0) }
            guard var start = dates.min(), var end = dates.max() else {
                noData(into: &scene, plotLeft: plotLeft, plotRight: plotRight, plotTop: plotTop, plotBottom: plotBottom)
                break
            }
            if end.timeIntervalSince(start) < 86_400 {
                start = start.addingTimeInterval(-43_200)
                end = end.addingTimeInterval(43_200)
            }
            let sample = measure("Mar 30 2025", small, false) + 10
            // Leave room for the last label, centred on its tick.
            plotRight -= sample / 2 - 4
            let span = end.timeIntervalSince(start)
            func xOf(_ date: Date) -> Double {
                plotLeft + date.timeIntervalSince(start) / span * (plotRight - plotLeft)
            }
            for tick in ChartTicks.dates(from: start, to: end, maximum: Int((plotRight - plotLeft) / sample) + 1) {
                let x = xOf(tick.date)
                scene.items.append(
                    .polyline([(x, plotBottom), (x, plotBottom + 3)], color: theme.borderColor, width: axisWidth))
                scene.items.append(
                    .text(
                        tick.label, x: x, baseline: labelBaseline, size: small, color: theme.mutedColor,
                        anchor: .middle, bold: false))
            }
            for (index, points) in dated.enumerated() where !points.isEmpty {
                let color = color(of: index)
                let path = points.map { (x: xOf($0.0), y: yOf($0.1)) }
                if path.count > 1 { scene.items.append(.polyline(path, color: color, width: 1.8)) }
                for (point, mark) in zip(path, points.map(\.2)) {
                    if let mark {
                        // Singled out: larger, in the warning colour, with its mark beside it.
                        scene.items.append(
                            .rect(x: point.x - 3.5, y: point.y - 3.5, width: 7, height: 7, color: Self.markColor))
                        scene.items.append(
                            .text(
                                mark, x: point.x + 5, baseline: point.y - 4, size: small, color: Self.markColor,
                                anchor: .start, bold: true))
                    } else if path.count <= 80 {
                        scene.items.append(
                            .rect(x: point.x - 2.25, y: point.y - 2.25, width: 4.5, height: 4.5, color: color))
                    }
                }
            }
        case .bar:
            let categories = categoryOrder()
            guard !categories.isEmpty else {
                noData(into: &scene, plotLeft: plotLeft, plotRight: plotRight, plotTop: plotTop, plotBottom: plotBottom)
                break
            }
            let wholeValues = values.allSatisfy { $0 == $0.rounded() }
            let band = (plotRight - plotLeft) / Double(categories.count)
            let group = band * 0.72
            let bar = group / Double(max(chart.series.count, 1))
            for (column, category) in categories.enumerated() {
                let left = plotLeft + Double(column) * band + (band - group) / 2
                for (index, series) in chart.series.enumerated() {
                    guard let point = series.points.first(where: { $0.x == .category(category) }), point.value != 0
                    else { continue }
                    let y = yOf(point.value)
                    let x = left + Double(index) * bar
                    scene.items.append(
                        .rect(
                            x: x, y: min(y, baselineY), width: max(bar - 1, 0.5), height: max(abs(baselineY - y), 0.5),
                            color: color(of: index)))
                    let label = ChartTicks.format(point.value, decimals: wholeValues ? 0 : 2, unit: chart.unit)
                    let labelSize = small * 0.9
                    if chart.series.count == 1, measure(label, labelSize, false) <= band * 0.95 {
                        let above = point.value >= 0 ? min(y, baselineY) - 3 : max(y, baselineY) + labelSize + 2
                        scene.items.append(
                            .text(
                                label, x: x + bar / 2, baseline: above, size: labelSize, color: theme.textColor,
                                anchor: .middle, bold: false))
                    }
                }
                scene.items.append(
                    .text(
                        fit(category, width: band - 4, size: small), x: plotLeft + (Double(column) + 0.5) * band,
                        baseline: labelBaseline, size: small, color: theme.textColor, anchor: .middle, bold: false))
            }
        }
        // Axes over the grid and data.
        scene.items.append(
            .polyline([(plotLeft, plotTop), (plotLeft, plotBottom)], color: theme.borderColor, width: axisWidth))
        scene.items.append(
            .polyline([(plotLeft, baselineY), (plotRight, baselineY)], color: theme.borderColor, width: axisWidth))
        return scene
    }

    /// The values the axis must reach for the band to show: its ends, and for a band open on one side a tenth
    /// beyond its one end, so "below 2.6" is a visible stretch even when every value is above it.
    private func bandValues() -> [Double] {
        guard chart.kind == .line, let band = chart.band else { return [] }
        let margin = { (end: Double) in max(abs(end) * 0.1, 1e-6) }
        switch (band.low, band.high) {
        case (let low?, let high?): return [low, high]
        case (let low?, nil): return [low, low + margin(low)]
        case (nil, let high?): return [high, high - margin(high)]
        case (nil, nil): return []
        }
    }

    /// The legend: a swatch and name per series, wrapped into rows; returns the y below it.
    private func legend(into scene: inout ChartScene, top: Double) -> Double {
        let size = theme.smallSize
        var x = 0.0
        var baseline = top + size
        for (index, series) in chart.series.enumerated() {
            let name = fit(series.name, width: width / 2, size: size)
            let itemWidth = 12 + measure(name, size, false)
            if x > 0, x + itemWidth > width {
                x = 0
                baseline += size * 1.5
            }
            scene.items.append(
                .rect(x: x, y: baseline - size * 0.75, width: size * 0.8, height: size * 0.8, color: color(of: index)))
            scene.items.append(
                .text(
                    name, x: x + size * 0.8 + 4, baseline: baseline, size: size, color: theme.textColor, anchor: .start,
                    bold: false))
            x += itemWidth + 14
        }
        return baseline + size * 0.9
    }

    private func noData(
        into scene: inout ChartScene, plotLeft: Double, plotRight: Double, plotTop: Double, plotBottom: Double
    ) {
        scene.items.append(
            .text(
                "No data", x: (plotLeft + plotRight) / 2, baseline: (plotTop + plotBottom) / 2, size: theme.bodySize,
                color: theme.mutedColor, anchor: .middle, bold: false))
    }

    /// A bar chart's categories: the given order, then any others in the order they first appear.
    func categoryOrder() -> [String] {
        var order = chart.categories ?? []
        var seen = Set(order)
        for series in chart.series {
            for point in series.points {
                if case .category(let name) = point.x, seen.insert(name).inserted { order.append(name) }
            }
        }
        return order
    }

    /// `text` shortened with "…" until it fits `width`.
    private func fit(_ text: String, width: Double, size: Double) -> String {
        guard measure(text, size, false) > width else { return text }
        var shortened = text
        while !shortened.isEmpty, measure(shortened + "…", size, false) > width { shortened.removeLast() }
        return shortened.isEmpty ? text.prefix(1) + "…" : shortened + "…"
    }
}
