public import Foundation
import HearthCore

/// Renders a ``ReportDocument`` as one self-contained HTML5 file: inline CSS for screen and print, no
/// scripts, no external resources. Every piece of document text is escaped, so a value such as
/// `<script>alert(1)</script>` shows as text.
///
/// ```swift
/// let html = try HTMLRenderer().render(document)
/// try html.write(to: URL(fileURLWithPath: "record.html"), atomically: true, encoding: .utf8)
/// ```
public struct HTMLRenderer: Sendable {
    public init() {}

    /// The HTML of `document`.
    /// - Throws: ``ServiceError`` `validationFailed` naming the fields at fault, or `invalidImage` naming an
    ///   image whose bytes are not a usable JPEG or PNG.
    public func render(_ document: ReportDocument, options: ReportRenderOptions = ReportRenderOptions()) throws
        -> String
    {
        try document.validate()
        let theme = document.theme
        let generated = options.generatedText
        var html = ""
        html.reserveCapacity(16 * 1024)
        html += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        html += "<meta name=\"generator\" content=\"HearthReports\">\n"
        if let author = document.metadata.author {
            html += "<meta name=\"author\" content=\"\(Self.escape(author))\">\n"
        }
        if let subject = document.metadata.subject {
            html += "<meta name=\"description\" content=\"\(Self.escape(subject))\">\n"
        }
        if let keywords = document.metadata.keywords {
            html += "<meta name=\"keywords\" content=\"\(Self.escape(keywords))\">\n"
        }
        html += "<title>\(Self.escape(document.metadata.title))</title>\n"
        html += "<style>\n\(Self.css(for: document))</style>\n</head>\n"
        html += "<body class=\"theme-\(Self.escape(Self.cssIdentifier(theme.name)))\">\n<main class=\"page\">\n"
        if let header = document.header, !header.isEmpty {
            html += band(header, tag: "header", document: document, generated: generated)
        }
        let contentWidth =
            document.effectivePageSize.width - document.effectiveMargins.left - document.effectiveMargins.right
        for block in document.blocks {
            switch block {
            case .image(let image): html += try self.image(image, contentWidth: contentWidth)
            case .chart(let chart): html += self.chart(chart, theme: theme, width: contentWidth)
            default: html += self.block(block, theme: theme)
            }
        }
        if let footer = document.footer, !footer.isEmpty {
            html += band(footer, tag: "footer", document: document, generated: generated)
        }
        html += "</main>\n</body>\n</html>\n"
        return html
    }

    /// Writes the HTML of `document` to `url` atomically.
    /// - Returns: The number of bytes written.
    @discardableResult
    public func render(_ document: ReportDocument, to url: URL, options: ReportRenderOptions = ReportRenderOptions())
        throws -> Int
    {
        let bytes = Data(try render(document, options: options).utf8)
        do {
            try bytes.write(to: url, options: .atomic)
        } catch {
            throw ServiceError.operationFailed(
                "Cannot write \(url.path): \(error.localizedDescription). Check that the folder exists and is writable.",
                underlying: error)
        }
        return bytes.count
    }

    // MARK: Pieces

    private func band(_ band: PageBand, tag: String, document: ReportDocument, generated: String) -> String {
        var html = "<\(tag) class=\"band\">"
        for (slot, text) in [("left", band.left), ("center", band.center), ("right", band.right)] {
            html += "<span class=\"\(slot)\">"
            // There are no pages on screen: "Page X of Y" is left to the print footer (CSS page counters).
            let filled = PageBand.fill(text, page: 1, pages: 1, title: document.metadata.title, generated: generated)
            if !text.contains("{page}") && !text.contains("{pages}") {
                html += Self.escape(document.theme.labelCasing.apply(filled))
            }
            html += "</span>"
        }
        return html + "</\(tag)>\n"
    }

    private func block(_ block: ReportBlock, theme: ReportTheme) -> String {
        switch block {
        case .heading(let heading):
            let level = min(max(heading.level, 1), 3)
            return "<h\(level)>\(Self.escape(heading.text))</h\(level)>\n"
        case .paragraph(let paragraph):
            var html = "<p>"
            for run in paragraph.runs {
                var text = Self.escape(run.text).replacingOccurrences(of: "\n", with: "<br>")
                if run.monospace { text = "<code>\(text)</code>" }
                if run.italic { text = "<em>\(text)</em>" }
                if run.bold { text = "<strong>\(text)</strong>" }
                if let color = run.color { text = "<span style=\"color:\(color.hex)\">\(text)</span>" }
                html += text
            }
            return html + "</p>\n"
        case .keyValues(let list):
            var html = "<dl class=\"kv\">\n"
            for item in list.items {
                html += "<div><dt>\(Self.escape(item.key))</dt><dd>\(Self.escape(item.value))</dd></div>\n"
            }
            return html + "</dl>\n"
        case .table(let table):
            return self.table(table)
        case .divider:
            return "<hr>\n"
        case .spacer(let height):
            return "<div class=\"spacer\" style=\"height:\(PDFSyntax.number(height))pt\"></div>\n"
        case .pageBreak:
            return "<div class=\"page-break\"></div>\n"
        case .image, .chart:
            return ""
        }
    }

    /// A figure with the image inlined as a `data:` URL (checked first, so bad bytes fail like in PDF).
    private func image(_ image: ReportImage, contentWidth: Double) throws -> String {
        let decoded = try DecodedImage.decode(image)
        let width = min(image.width ?? Double(decoded.width) * 0.75, contentWidth)
        var html =
            "<figure class=\"image\"><img src=\"data:\(decoded.format.mimeType);base64,\(image.data.base64EncodedString())\""
        html += " alt=\"\(Self.escape(image.caption ?? image.name))\" width=\"\(Int(width.rounded()))\""
        html += " style=\"width:\(PDFSyntax.number(width))pt\">"
        if let caption = image.caption, !caption.isEmpty { html += "<figcaption>\(Self.escape(caption))</figcaption>" }
        return html + "</figure>\n"
    }

    /// `chart` alone as inline SVG in a `<figure class="chart">`, drawn as a rendered document draws it: for a
    /// web page that shows a chart outside a report.
    /// - Parameter width: the chart's width in points (a US Letter page's text is 468 wide).
    /// - Throws: ``ServiceError`` `validationFailed` naming what keeps the chart from being drawn.
    public func chartSVG(_ chart: ReportChart, theme: ReportTheme = .clinical, width: Double = 468) throws -> String {
        let problems =
            chart.problems()
            + ((120...4000).contains(width) ? [] : ["a chart's width must be 120...4000 points, not \(width)"])
        guard problems.isEmpty else { throw ServiceError.validationFailed(problems) }
        return self.chart(chart, theme: theme, width: width)
    }

    /// The chart as inline SVG, laid out by the same ``ChartBuilder`` as in PDF.
    private func chart(_ chart: ReportChart, theme: ReportTheme, width: Double) -> String {
        // Text is measured as a monospace face would set it (0.6 em a character): exact for DejaVu Sans Mono,
        // a little generous for proportional fonts.
        let scene = ChartBuilder(chart: chart, theme: theme, width: width) { text, size, _ in
            Double(text.count) * size * 0.6
        }.build()
        func n(_ value: Double) -> String { PDFSyntax.number(value) }
        let label = chart.title ?? (chart.kind == .line ? "Line chart" : "Bar chart")
        var svg =
            "<figure class=\"chart\"><svg viewBox=\"0 0 \(n(scene.width)) \(n(scene.height))\" width=\"\(n(scene.width))pt\" height=\"\(n(scene.height))pt\""
        svg +=
            " role=\"img\" aria-label=\"\(Self.escape(label))\" font-family=\"\(Self.escape(theme.bodyFont.cssStack))\">\n"
        for item in scene.items {
            switch item {
            case .polyline(let points, let color, let width):
                let list = points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
                svg +=
                    "<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(color.hex)\" stroke-width=\"\(n(width))\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n"
            case .rect(let x, let y, let width, let height, let color):
                svg +=
                    "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"\(color.hex)\"/>\n"
            case .text(let text, let x, let baseline, let size, let color, let anchor, let bold):
                let anchorName = anchor == .start ? "start" : anchor == .middle ? "middle" : "end"
                svg +=
                    "<text x=\"\(n(x))\" y=\"\(n(baseline))\" font-size=\"\(n(size))\" fill=\"\(color.hex)\" text-anchor=\"\(anchorName)\"\(bold ? " font-weight=\"bold\"" : "")>\(Self.escape(text))</text>\n"
            }
        }
        return svg + "</svg></figure>\n"
    }

    private func table(_ table: ReportTable) -> String {
        let total = table.columns.reduce(0) { $0 + $1.width }
        var html = "<table class=\"\(table.zebra ? "zebra" : "plain")\">\n"
        if let caption = table.caption { html += "<caption>\(Self.escape(caption))</caption>\n" }
        html += "<colgroup>"
        for column in table.columns {
            html += "<col style=\"width:\(PDFSyntax.number(column.width / total * 100))%\">"
        }
        html += "</colgroup>\n<thead><tr>"
        for column in table.columns {
            html += "<th class=\"\(column.alignment.rawValue)\" scope=\"col\">\(Self.escape(column.title))</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for row in table.rows {
            html += "<tr>"
            for (index, cell) in row.enumerated() {
                html += "<td class=\"\(table.columns[index].alignment.rawValue)\">\(Self.escape(cell))</td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n"
        if let totals = table.totals {
            html += "<tfoot><tr>"
            for (index, cell) in totals.enumerated() {
                html += "<td class=\"\(table.columns[index].alignment.rawValue)\">\(Self.escape(cell))</td>"
            }
            html += "</tr></tfoot>\n"
        }
        return html + "</table>\n"
    }

    // MARK: CSS

    private static func css(for document: ReportDocument) -> String {
        let t = document.theme
        let size = document.effectivePageSize
        let m = document.effectiveMargins
        func pt(_ value: Double) -> String { PDFSyntax.number(value) + "pt" }
        let labelTransform = t.labelCasing == .upper ? "uppercase" : "none"
        let headingTransform = t.headingCasing == .upper ? "uppercase" : "none"
        let footer = document.footer ?? PageBand()
        let pageCounter = [footer.left, footer.center, footer.right].contains { $0.contains("{page}") }
        return """
            :root {
              --text: \(t.textColor.hex); --muted: \(t.mutedColor.hex); --accent: \(t.accentColor.hex);
              --border: \(t.borderColor.hex); --header-fill: \(t.headerFillColor.hex); --header-text: \(t.headerTextColor.hex);
              --zebra: \(t.zebraFillColor.hex); --totals: \(t.totalsFillColor.hex);
              --border-width: \(pt(t.borderWidth)); --rule-width: \(pt(t.ruleWidth));
            }
            * { box-sizing: border-box; }
            html { background: #f3f4f6; }
            body { margin: 0; color: var(--text); font-family: \(t.bodyFont.cssStack); font-size: \(pt(t.bodySize)); line-height: \(t.lineHeight); }
            .page { background: #fff; max-width: \(pt(size.width)); margin: 24px auto; padding: \(pt(m.top)) \(pt(m.right)) \(pt(m.bottom)) \(pt(m.left)); box-shadow: 0 1px 4px rgba(0,0,0,.12); }
            .band { display: flex; justify-content: space-between; gap: 1em; font-size: \(pt(t.smallSize)); color: var(--muted); text-transform: \(labelTransform); }
            .band span { flex: 1; } .band .center { text-align: center; } .band .right { text-align: right; }
            header.band { border-bottom: var(--rule-width) solid var(--accent); padding-bottom: 3pt; margin-bottom: 9pt; }
            header.band .left { color: var(--text); font-weight: bold; }
            footer.band { border-top: 0.5pt solid var(--border); padding-top: 3pt; margin-top: 12pt; }
            h1, h2, h3 { font-family: \(t.headingFont.cssStack); text-transform: \(headingTransform); line-height: \(t.lineHeight); break-after: avoid; page-break-after: avoid; }
            h1 { font-size: \(pt(t.headingSizes[0])); border-bottom: var(--rule-width) solid var(--accent); margin: 0.75em 0 0.4em; padding-bottom: 2pt; }
            h2 { font-size: \(pt(t.headingSizes[1])); color: \(t.subheadingColor.hex); margin: 0.75em 0 0.4em; }
            h3 { font-size: \(pt(t.headingSizes[2])); color: \(t.subheadingColor.hex); margin: 0.75em 0 0.4em; }
            p { margin: 0 0 0.6em; overflow-wrap: anywhere; }
            code { font-family: \(t.monospaceFont.cssStack); }
            hr { border: 0; border-top: var(--rule-width) solid var(--border); margin: 0.5em 0; }
            .kv { display: grid; grid-template-columns: minmax(6em, max-content) 1fr; margin: 0 0 0.9em; border-top: var(--border-width) solid var(--border); border-bottom: var(--border-width) solid var(--border); }
            .kv div { display: contents; }
            .kv dt, .kv dd { padding: 0.3em 4pt; }
            .kv div + div > * { border-top: 0.3pt solid var(--border); }
            .kv dt { font-weight: bold; color: var(--muted); text-transform: \(labelTransform); padding-right: 12pt; }
            .kv dd { margin: 0; overflow-wrap: anywhere; }
            table { width: 100%; border-collapse: collapse; border: var(--border-width) solid var(--border); margin: 0 0 0.9em; font-size: \(pt(t.bodySize * 0.92)); table-layout: fixed; }
            caption { caption-side: top; text-align: left; font-style: italic; font-size: \(pt(t.smallSize)); color: var(--muted); padding-bottom: 2pt; }
            th, td { padding: 0.4em 5pt; vertical-align: top; overflow-wrap: anywhere; border-left: 0.5pt solid var(--border); }
            th { background: var(--header-fill); color: var(--header-text); text-transform: \(labelTransform); border-bottom: var(--border-width) solid var(--border); text-align: left; }
            tbody tr + tr td { border-top: 0.3pt solid var(--border); }
            table.zebra tbody tr:nth-child(even) { background: var(--zebra); }
            tfoot td { background: var(--totals); font-weight: bold; border-top: var(--border-width) solid var(--border); }
            .left { text-align: left; } .center { text-align: center; } .right { text-align: right; }
            thead { display: table-header-group; } tr { break-inside: avoid; page-break-inside: avoid; }
            .page-break { break-after: page; page-break-after: always; }
            figure { margin: 0 0 0.9em; break-inside: avoid; page-break-inside: avoid; }
            figure.image img { display: block; max-width: 100%; height: auto; border: \(pt(min(t.borderWidth, 1))) solid var(--border); }
            figure.image figcaption { font-style: italic; font-size: \(pt(t.smallSize)); color: var(--muted); padding-top: 3pt; }
            figure.chart svg { display: block; max-width: 100%; height: auto; overflow: visible; }
            @media screen { .page-break { border-top: 1px dashed var(--border); margin: 1.5em 0; } }
            @media print {
              @page { size: \(pt(size.width)) \(pt(size.height)); margin: \(pt(m.top)) \(pt(m.right)) \(pt(m.bottom)) \(pt(m.left));\(pageCounter ? " @bottom-right { content: \"Page \" counter(page) \" of \" counter(pages); font-size: \(pt(t.smallSize)); color: \(t.mutedColor.hex); }" : "") }
              html { background: #fff; }
              .page { margin: 0; padding: 0; max-width: none; box-shadow: none; }
              * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
            }

            """
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` escaped, safe in element content and quoted attributes.
    static func escape(_ text: String) -> String { HTMLText.escape(text) }

    /// A CSS class fragment made only of letters, digits and hyphens.
    private static func cssIdentifier(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "-" })
    }
}
