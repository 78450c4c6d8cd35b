import Foundation
import HearthCore
import HearthReports
import HearthTestSupport
import Testing

@Suite("HTML renderer")
struct HTMLRendererTests {
    let renderer = HTMLRenderer()
    let options = ReportRenderOptions.deterministic()

    @Test func userTextIsEscapedEverywhere() throws {
        let attack = "<script>alert(1)</script>"
        let document = ReportDocument(
            metadata: ReportMetadata(title: attack, author: "\"><img src=x onerror=alert(1)>"),
            header: PageBand(left: "{title}", right: attack),
            blocks: [
                .heading(attack), .paragraph([TextRun(attack, bold: true)]), .keyValues([(attack, attack)]),
                .table(ReportTable(columns: [.init(attack)], rows: [[attack]], totals: [attack], caption: attack)),
            ]
        )
        let html = try renderer.render(document, options: options)
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.components(separatedBy: "&lt;script&gt;").count - 1 >= 9)
        #expect(html.contains("content=\"&quot;&gt;&lt;img src=x onerror=alert(1)&gt;\""))
    }

    @Test func oneSelfContainedFileWithScreenAndPrintStyles() throws {
        let html = try renderer.render(Samples.unicode(), options: options)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<meta charset=\"utf-8\">"))
        #expect(html.contains("<style>"))
        #expect(html.contains("@media print"))
        #expect(html.contains("@page { size: 595pt 842pt"))
        #expect(html.contains("counter(pages)"))
        #expect(!html.contains("<link"))
        #expect(!html.contains("src="))
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(html.contains("Zürich") && html.contains("Ωμέγα") && html.contains("Привет"))
        #expect(html.contains("Generated 2024-01-01 00:00 UTC"))
        #expect(html.contains("<thead>"))
    }

    @Test func themesShowInTheCSS() throws {
        let brutalist = try renderer.render(Samples.longTable(rows: 3), options: options)
        #expect(brutalist.contains("--accent: #E89B3C"))
        #expect(brutalist.contains("--border-width: 2pt"))
        #expect(brutalist.contains("text-transform: uppercase"))
        #expect(brutalist.contains("DejaVu Sans Mono"))
        #expect(brutalist.contains("size: 612pt 792pt"))
        #expect(brutalist.contains("<tfoot>"))
        let clinical = try renderer.render(Samples.unicode(theme: .clinical), options: options)
        #expect(!clinical.contains("text-transform: uppercase"))
    }

    @Test func invalidDocumentsAreRefused() {
        let bad = ReportDocument(
            metadata: ReportMetadata(title: "T"),
            blocks: [
                .table(ReportTable(columns: [.init("A")], rows: [["1", "2"]]))
            ])
        #expect(throws: ServiceError.self) { try renderer.render(bad) }
    }

    @Test func writesTheFileAtomically() throws {
        let folder = try TemporaryFolder(prefix: "hearth-reports")
        let url = folder.file("report.html")
        try renderer.render(Samples.unicode(), to: url, options: options)
        #expect(try String(contentsOf: url, encoding: .utf8) == renderer.render(Samples.unicode(), options: options))
    }
    @Test func aChartAloneIsTheSVGOfTheDocumentsChart() throws {
        let march = Date(timeIntervalSince1970: 1_772_323_200)
        let chart = ReportChart.line(
            title: "<b>MPG</b>", unit: "mpg",
            series: [
                .init(
                    name: "Daily",
                    points: [
                        .init(date: march, value: 31.0),
                        .init(date: march.addingTimeInterval(30 * 86_400), value: 33.5),
                    ])
            ])
        let document = ReportDocument(metadata: ReportMetadata(title: "Fuel"), blocks: [.chart(chart)])
        let width = document.effectivePageSize.width - document.effectiveMargins.left - document.effectiveMargins.right
        let svg = try renderer.chartSVG(chart, theme: document.theme, width: width)
        #expect(svg.hasPrefix("<figure class=\"chart\"><svg"))
        #expect(svg.contains("<polyline"))
        #expect(!svg.contains("<b>MPG</b>"))
        #expect(try renderer.render(document, options: options).contains(svg))

        let refused = #expect(throws: ServiceError.self) {
            try renderer.chartSVG(
                ReportChart.line(series: [.init(name: "Bad", points: [.init(category: "Jan", value: 1.0)])]))
        }
        #expect(refused?.message.contains("need dates") == true)
        #expect(throws: ServiceError.self) { try renderer.chartSVG(chart, width: 10) }
    }

    @Test func aBandIsShadedBehindTheLineAndMarkedPointsStandOut() throws {
        let march = Date(timeIntervalSince1970: 1_772_323_200)
        let chart = ReportChart.line(
            title: "HbA1c", unit: "%",
            series: [
                .init(
                    name: "HbA1c",
                    points: [
                        .init(date: march, value: 5.4),
                        .init(date: march.addingTimeInterval(90 * 86_400), value: 5.9, mark: "H"),
                    ])
            ], band: ReportChart.Band(low: 4, high: 5.6, label: "Reference range"))
        let svg = try renderer.chartSVG(chart)
        // The band (pale green), its label, and the marked point in red with its mark.
        #expect(svg.contains("fill=\"#E2F1E4\"") && svg.contains(">Reference range<"))
        #expect(svg.contains("width=\"7\" height=\"7\" fill=\"#C24138\"") && svg.contains(">H<"))
        // The axis reaches down to the band's low end although every value is above it.
        #expect(svg.contains(">4.0 %<") || svg.contains(">4 %<"), "\(svg)")
        // A band open below ("up to 2.6") shows although every value is above it: the axis reaches under 2.6.
        let above = ReportChart.line(
            title: "LDL", unit: "mmol/L", series: [.init(name: "LDL", points: [.init(date: march, value: 3.0)])],
            band: ReportChart.Band(high: 2.6))
        let aboveSVG = try renderer.chartSVG(above)
        #expect(aboveSVG.contains(">2.2 mmol/L<") || aboveSVG.contains(">2.3 mmol/L<"), "\(aboveSVG)")
        let plain = try renderer.chartSVG(ReportChart.line(title: "HbA1c", unit: "%", series: chart.series))
        #expect(!plain.contains("#E2F1E4"))

        let decoded = try JSONDecoder().decode(ReportChart.self, from: try JSONEncoder().encode(chart))
        #expect(decoded == chart)
        let bad = #"{"kind": "line", "series": [], "band": {"low": 1, "high": "x"}}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ReportChart.self, from: Data(bad.utf8)) }
    }
}
