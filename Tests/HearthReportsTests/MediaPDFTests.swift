import Foundation
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthReports

/// The poppler and qpdf programs the media tests run: a missing one skips the test on a developer's machine
/// and fails it on CI, where `.ci/run` installs them.
enum MediaTools {
    static let names = ["qpdf", "pdftotext", "pdfimages", "pdftoppm"]

    /// Whether every tool is installed; otherwise the test is cancelled (or, with `CI=true`, an issue recorded).
    static func ready() throws -> Bool {
        let missing = names.filter { !FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)") }
        guard !missing.isEmpty else { return true }
        let reason = "\(missing.joined(separator: ", ")) not installed; install qpdf and poppler-utils (.ci/run does)"
        if ExternalTool.missingFails {
            Issue.record(Comment(rawValue: reason))
            return false
        }
        try Test.cancel(Comment(rawValue: reason))
    }

    /// `pdfimages -list` rows: page, type, width, height, colour, components, bits, encoding.
    struct ImageRow: Equatable {
        var page: Int
        var type: String
        var width: Int
        var height: Int
        var color: String
        var components: Int
        var encoding: String
    }

    static func images(_ url: URL) async throws -> [ImageRow] {
        let listing = try await PDFTools.run("pdfimages", ["-list", url.path])
        return listing.stdout.split(separator: "\n").dropFirst(2).compactMap { line in
            let f = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard f.count >= 9, let page = Int(f[0]), let width = Int(f[3]), let height = Int(f[4]),
                let components = Int(f[6])
            else { return nil }
            return ImageRow(
                page: page, type: f[2], width: width, height: height, color: f[5], components: components,
                encoding: f[8])
        }
    }

    /// The page content streams, uncompressed by `qpdf --qdf`.
    static func uncompressed(_ url: URL, in folder: TemporaryFolder) async throws -> String {
        let out = folder.file(url.lastPathComponent + ".qdf.pdf")
        let result = try await PDFTools.run("qpdf", ["--qdf", "--object-streams=disable", url.path, out.path])
        #expect(result.status == 0, "\(result.stderr)")
        return String(decoding: try Data(contentsOf: out), as: UTF8.self)
    }

    /// Renders every page to PNG at 60 dpi; returns the files.
    static func rasterize(_ url: URL, in folder: TemporaryFolder) async throws -> [URL] {
        let prefix = folder.file(url.deletingPathExtension().lastPathComponent + "-page").path
        let result = try await PDFTools.run("pdftoppm", ["-png", "-r", "60", url.path, prefix])
        #expect(result.status == 0 && result.stderr.isEmpty, "pdftoppm: \(result.stderr)")
        return try FileManager.default.contentsOfDirectory(at: folder.url, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix(url.deletingPathExtension().lastPathComponent + "-page") }
    }
}

enum MediaSamples {
    static let rgba = TestImages.png(width: 30, height: 20, colorType: .rgba) { x, y, c in
        c == 3 ? (x < 15 ? 255 : 90) : (x * 8 + y * 3 + c * 70) % 256
    }
    static let gray = TestImages.png(width: 24, height: 12, colorType: .gray) { x, _, _ in x * 10 }
    static let rgb = TestImages.png(width: 16, height: 16, colorType: .rgb, interlaced: true) { x, y, c in
        c == 0 ? x * 16 : c == 1 ? y * 16 : 128
    }
    static let palette = TestImages.png(
        width: 20, height: 10, colorType: .palette, bitDepth: 2,
        palette: [0xE8, 0x9B, 0x3C, 0, 0, 0, 255, 255, 255]
    ) { x, y, _ in (x / 4 + y / 4) % 3 }
    static let jpeg = TestImages.jpeg(width: 48, height: 32) { x, y in (UInt8(x * 5), UInt8(y * 7), 160) }

    static func day(_ text: String) -> Date { ReportChart.Point.parseDate(text)! }

    static var weight: ReportChart {
        .line(
            title: "Weight", unit: "kg", xAxisTitle: "Visit date",
            series: [
                .init(
                    name: "Bella",
                    points: [("2024-01-10", 11.2), ("2024-04-02", 11.9), ("2024-09-15", 12.6), ("2025-02-01", 12.4)].map
                    { .init(date: day($0.0), value: $0.1) }),
                .init(
                    name: "Rex",
                    points: [("2024-02-01", 24.0), ("2024-08-20", 25.5), ("2025-01-05", 26.1)].map {
                        .init(date: day($0.0), value: $0.1)
                    }),
            ])
    }

    static var costs: ReportChart {
        .bars(
            title: "Costs by category", unit: "$", categories: ["Maintenance", "Repair", "Upgrade"],
            series: [
                .init(
                    name: "2024",
                    points: [
                        .init(category: "Maintenance", value: Decimal(string: "412.50")!),
                        .init(category: "Repair", value: Decimal(310)),
                    ]),
                .init(
                    name: "2025",
                    points: [
                        .init(category: "Maintenance", value: Decimal(280)),
                        .init(category: "Upgrade", value: Decimal(95)),
                    ]),
            ])
    }

    static func document(theme: ReportTheme = .brutalist) -> ReportDocument {
        ReportDocument(
            metadata: ReportMetadata(title: "Media"), theme: theme,
            blocks: [
                .heading("Pictures"),
                .image(ReportImage(name: "photo.jpg", data: jpeg, caption: "A JPEG passed through")),
                .image(ReportImage(name: "alpha.png", data: rgba, caption: "RGBA with a soft mask")),
                .image(ReportImage(name: "gray.png", data: gray)),
                .image(ReportImage(name: "interlaced.png", data: rgb, width: 120)),
                .image(ReportImage(name: "palette.png", data: palette)),
                .chart(weight),
                .chart(costs),
            ])
    }
}

@Suite("Images and charts in PDF and HTML") struct MediaPDFTests {
    @Test func imagesAreEmbeddedWithTheirSizesAndFilters() async throws {
        guard try MediaTools.ready() else { return }
        let folder = try TemporaryFolder(prefix: "hearth-media")
        let url = folder.file("media.pdf")
        try PDFRenderer().render(MediaSamples.document(), to: url)
        let check = try await PDFTools.run("qpdf", ["--check", url.path])
        #expect(
            check.status == 0 && check.stdout.contains("No syntax or stream encoding errors found"),
            "\(check.stdout) \(check.stderr)")
        let rows = try await MediaTools.images(url)
        let images = rows.filter { $0.type == "image" }
        #expect(
            images.map { "\($0.width)x\($0.height) \($0.color) \($0.encoding)" } == [
                "48x32 rgb jpeg", "30x20 rgb image", "24x12 gray image", "16x16 rgb image", "20x10 rgb image",
            ], "\(rows)")
        // Only the PNG with real transparency gets a soft mask.
        let masks = rows.filter { $0.type == "smask" }
        #expect(
            masks.count == 1 && masks.first?.width == 30 && masks.first?.height == 20 && masks.first?.color == "gray")
        let text = try await PDFTools.text(url, layout: false)
        #expect(text.contains("A JPEG passed through") && text.contains("RGBA with a soft mask"))
        #expect(try await MediaTools.rasterize(url, in: folder).count >= 1)
    }

    @Test func chartsAreVectorPathsWithReadableAxes() async throws {
        guard try MediaTools.ready() else { return }
        let folder = try TemporaryFolder(prefix: "hearth-media")
        let url = folder.file("charts.pdf")
        let document = ReportDocument(
            metadata: ReportMetadata(title: "Charts"), theme: .clinical,
            blocks: [.chart(MediaSamples.weight), .chart(MediaSamples.costs)])
        try PDFRenderer().render(document, to: url)
        #expect(try await PDFTools.run("qpdf", ["--check", url.path]).status == 0)
        let text = try await PDFTools.text(url, layout: false)
        for label in [
            "Weight", "Bella", "Rex", "Visit date", "10 kg", "25 kg", "Jan 2025", "Costs by category", "Maintenance",
            "Repair", "Upgrade", "$400", "2024", "2025",
        ] {
            #expect(text.contains(label), "\(label) missing from: \(text)")
        }
        let content = try await MediaTools.uncompressed(url, in: folder)
        #expect(content.contains(" m\n") && content.contains(" l\n") && content.contains("S Q"), "no stroked paths")
        #expect(content.contains(" re f"), "no filled bars")
        #expect(try await MediaTools.images(url).isEmpty, "charts must not be pictures")
        #expect(try await MediaTools.rasterize(url, in: folder).count == 1)
    }

    @Test func anImageThatDoesNotFitMovesToTheNextPage() async throws {
        guard try MediaTools.ready() else { return }
        let folder = try TemporaryFolder(prefix: "hearth-media")
        let url = folder.file("fit.pdf")
        let tall = TestImages.png(width: 200, height: 400, colorType: .gray) { x, y, _ in (x + y) % 256 }
        let document = ReportDocument(
            metadata: ReportMetadata(title: "Fit"), theme: .brutalist,
            blocks: [
                .spacer(height: 500),
                .paragraph("Below the spacer."),
                .image(ReportImage(name: "tall.png", data: tall, caption: "Tall")),
                .image(
                    ReportImage(
                        name: "huge.png",
                        data: TestImages.png(width: 2_000, height: 3_000, colorType: .gray) { _, _, _ in 200 })),
            ])
        let summary = try PDFRenderer().render(document, to: url)
        #expect(summary.pageCount == 3)
        let rows = try await MediaTools.images(url)
        #expect(rows.map(\.page) == [2, 3], "\(rows)")
        #expect(try await PDFTools.run("qpdf", ["--check", url.path]).status == 0)
    }

    @Test func htmlInlinesImagesAndChartsWithNoExternalReferences() throws {
        let html = try HTMLRenderer().render(MediaSamples.document())
        #expect(html.contains("<img src=\"data:image/jpeg;base64,\(MediaSamples.jpeg.base64EncodedString())\""))
        #expect(html.contains("<img src=\"data:image/png;base64,\(MediaSamples.rgba.base64EncodedString())\""))
        #expect(html.components(separatedBy: "<svg").count == 3)
        #expect(
            html.contains("<polyline") && html.contains("<rect") && html.contains(">10 kg</text>")
                && html.contains(">$400</text>"))
        #expect(html.contains("<figcaption>A JPEG passed through</figcaption>"))
        for external in ["http:", "https:", "href=", "url(", "src=\"/", "<script", "<link"] {
            #expect(!html.contains(external), "HTML refers to something outside itself: \(external)")
        }
    }

    @Test func imageAndChartBlocksRoundTripThroughJSON() throws {
        let document = MediaSamples.document()
        let data = try JSONEncoder.hearth.encode(document)
        let decoded = try JSONDecoder.hearth.decode(ReportDocument.self, from: data)
        #expect(decoded.blocks.count == document.blocks.count)
        #expect(decoded.blocks[1] == document.blocks[1])
        let bad =
            #"{"metadata": {"title": "x"}, "blocks": [{"type": "chart", "kind": "line", "series": [{"name": "A", "points": [{"category": "Q1", "value": 1}]}]}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder.hearth.decode(ReportDocument.self, from: Data(bad.utf8)) }
    }
}
