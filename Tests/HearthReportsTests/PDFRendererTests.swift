import Foundation
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthReports

@Suite(
    "PDF output checked with qpdf and poppler",
    .enabled(
        if: PDFTools.available || ExternalTool.missingFails,
        "needs qpdf and poppler-utils (.ci/run installs them); on CI (CI=true) their absence fails every test here"))
struct PDFRendererTests {
    let renderer = PDFRenderer()

    @Test func qpdfFindsNoErrorsAndPdfinfoReportsPagesAndSize() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-reports")
        for (theme, size) in [(ReportTheme.clinical, "595 x 842"), (.brutalist, "612 x 792")] {
            let url = folder.file("\(theme.name).pdf")
            let summary = try renderer.render(Samples.unicode(theme: theme), to: url)
            let check = try await PDFTools.run("qpdf", ["--check", url.path])
            #expect(check.status == 0, "qpdf --check: \(check.stdout) \(check.stderr)")
            #expect(check.stdout.contains("No syntax or stream encoding errors found"))
            #expect(check.stderr.isEmpty)
            let info = try await PDFTools.info(url)
            #expect(info["Pages"] == "1")
            #expect(summary.pageCount == 1)
            #expect(info["Page size"]?.hasPrefix(size) == true, "page size \(info["Page size"] ?? "none")")
            #expect(info["Title"] == "Unicode check")
            #expect(info["Author"] == "Tests")
            #expect(info["Subject"] == "Greek, Cyrillic and accents")
        }
    }

    @Test func customPageSizeAndStandardFontsPassQpdf() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-reports")
        var document = Samples.unicode()
        document.theme.bodyFont = .helvetica
        document.theme.headingFont = .times
        document.pageSize = PageSize(width: 420, height: 595)
        let url = folder.file("custom.pdf")
        try renderer.render(document, to: url)
        #expect(try await PDFTools.run("qpdf", ["--check", url.path]).status == 0)
        #expect(try await PDFTools.info(url)["Page size"]?.hasPrefix("420 x 595") == true)
        let fonts = try await PDFTools.run("pdffonts", [url.path]).stdout
        #expect(fonts.contains("Helvetica"))
        #expect(fonts.contains("Times-Bold"))
        // Cyrillic and Greek are outside Helvetica's encoding: they fall back to embedded DejaVu Sans.
        #expect(fonts.contains("DejaVuSans"))
        let text = try await PDFTools.text(url, layout: false)
        #expect(text.contains("Zürich"))
        #expect(text.contains("Ωμέγα"))
        #expect(text.contains("Привет"))
    }

    @Test func textComesBackInReadingOrderWithUnicode() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-reports")
        let url = folder.file("unicode.pdf")
        try renderer.render(Samples.unicode(), to: url)
        let text = try await PDFTools.text(url, layout: false)
        for word in ["Zürich", "Ωμέγα", "Привет"] {
            #expect(text.contains(word), "pdftotext lost \(word): \(text)")
        }
        let order = [
            "First heading", "Address: Bahnhofstrasse 1, Zürich. Greek: Ωμέγα. Russian: Привет.", "City", "Greeting",
            "Word", "Greek", "Russian", "Last paragraph.",
        ]
        var position = text.startIndex
        for piece in order {
            let found = try #require(
                text.range(of: piece, range: position..<text.endIndex), "\(piece) missing or out of order in: \(text)")
            position = found.upperBound
        }
        // Embedded subsets with a ToUnicode map.
        let fonts = try await PDFTools.run("pdffonts", [url.path]).stdout
        #expect(fonts.contains("CID TrueType"))
        #expect(fonts.contains("Identity-H"))
        let embedded = fonts.split(separator: "\n").filter { $0.contains("DejaVu") }
        #expect(!embedded.isEmpty)
        for line in embedded {
            #expect(line.contains("+DejaVu"), "subset tag missing: \(line)")
            #expect(line.contains("yes yes yes"), "not embedded, subset and mapped to Unicode: \(line)")
        }
    }

    @Test func thousandRowTableRepeatsItsHeaderAndKeepsEveryRowOnce() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-reports")
        let url = folder.file("long.pdf")
        let summary = try renderer.render(Samples.longTable(rows: 1_000), to: url)
        #expect(try await PDFTools.run("qpdf", ["--check", url.path]).status == 0)
        let pages = try #require(Int(try await PDFTools.info(url)["Pages"] ?? ""))
        #expect(pages == summary.pageCount)
        #expect(pages > 20)
        var seen: [Int] = []
        for page in 1...pages {
            let text = try await PDFTools.text(url, page: page, layout: false)
            // The brutalist theme upper-cases labels.
            #expect(
                text.contains("ROW") && text.contains("SERVICE") && text.contains("COST"),
                "page \(page) has no header row")
            #expect(text.contains("PAGE \(page) OF \(pages)"), "page \(page) footer")
            for line in text.split(separator: "\n") where line.hasPrefix("R") && line.count == 5 {
                if let number = Int(line.dropFirst()) { seen.append(number) }
            }
        }
        #expect(seen == Array(1...1_000), "rows lost, repeated or out of order")
        #expect(try await PDFTools.text(url, page: pages, layout: false).contains("$500500.00"))
    }

    @Test func longWordsAreSplitAndNothingIsLost() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-reports")
        let word = String(repeating: "ABCDEFGHIJ", count: 40)
        let document = ReportDocument(
            metadata: ReportMetadata(title: "Long words"),
            blocks: [
                .paragraph("Start \(word) end."),
                .table(
                    ReportTable(columns: [.init("Narrow", width: 1), .init("Wide", width: 6)], rows: [[word, "x"]])),
            ])
        let url = folder.file("words.pdf")
        try renderer.render(document, to: url)
        let text = try await PDFTools.text(url, layout: false).replacingOccurrences(of: "\n", with: "")
        #expect(
            text.components(separatedBy: word).count - 1 == 2,
            "the long word should appear whole twice once lines are joined")

        // The layout never lets a line run past its width.
        let faces = FaceTable(fonts: ReportFonts())
        let face = try faces.face(.dejaVuSans, bold: false, italic: false)
        let lines = LineBreaker.wrap(
            [StyledText(text: "Start \(word) end.", face: face, size: 10, color: .black)], width: 200)
        #expect(lines.count > 5)
        #expect(lines.allSatisfy { $0.width <= 200.001 })
        #expect(
            lines.map { $0.fragments.map(\.text).joined() }.joined().replacingOccurrences(of: " ", with: "")
                == "Start\(word)end.")
    }

    @Test func aRowTallerThanAPageContinuesOnTheNext() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-reports")
        let lines = (1...150).map { "Line \($0)" }.joined(separator: "\n")
        let document = ReportDocument(
            metadata: ReportMetadata(title: "Tall row"),
            blocks: [
                .table(
                    ReportTable(
                        columns: [.init("Key"), .init("Value", width: 3)], rows: [["tall", lines], ["after", "done"]]))
            ])
        let url = folder.file("tall.pdf")
        let summary = try renderer.render(document, to: url)
        #expect(summary.pageCount >= 2)
        let text = try await PDFTools.text(url, layout: false)
        for number in [1, 75, 150] { #expect(text.contains("Line \(number)\n")) }
        #expect(text.components(separatedBy: "Line 150\n").count == 2)
        #expect(text.contains("done"))
    }

    @Test func headingsStayWithWhatFollows() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-reports")
        let theme = ReportTheme.clinical
        // Fill page one to just above its bottom, leaving room for a heading but not for the paragraph after it.
        let contentHeight =
            theme.pageSize.height - theme.margins.top - theme.margins.bottom - 2
            * (theme.smallSize * theme.lineHeight + 9)
        let blocks: [ReportBlock] = [
            .spacer(height: contentHeight - 40),
            .heading("Kept heading", level: 2),
            .paragraph("The paragraph under the heading."),
        ]
        let url = folder.file("keep.pdf")
        try renderer.render(
            ReportDocument(metadata: ReportMetadata(title: "Keep with next"), theme: theme, blocks: blocks), to: url)
        #expect(!(try await PDFTools.text(url, page: 1, layout: false)).contains("Kept heading"))
        let second = try await PDFTools.text(url, page: 2, layout: false)
        #expect(second.contains("Kept heading"))
        #expect(second.contains("The paragraph under the heading."))

        // Alone, the heading fits on page one: the paragraph after it is what moved it.
        let alone = folder.file("alone.pdf")
        try renderer.render(
            ReportDocument(
                metadata: ReportMetadata(title: "Keep with next"), theme: theme, blocks: Array(blocks.prefix(2))),
            to: alone)
        #expect(try await PDFTools.text(alone, page: 1, layout: false).contains("Kept heading"))
        #expect(try await PDFTools.info(alone)["Pages"] == "1")
    }

    @Test func pageBandsShowPageNumbersAndGenerationTime() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-reports")
        var document = Samples.unicode()
        document.blocks.append(.pageBreak)
        document.blocks.append(.paragraph("Second page."))
        document.blocks.append(.pageBreak)
        document.blocks.append(.paragraph("Third page."))
        let url = folder.file("bands.pdf")
        let options = ReportRenderOptions(
            generatedAt: Date(timeIntervalSince1970: 1_700_000_000), timeZone: TimeZone(identifier: "UTC")!)
        try renderer.render(document, to: url, options: options)
        for page in 1...3 {
            let text = try await PDFTools.text(url, page: page, layout: false)
            #expect(text.contains("Page \(page) of 3"))
            #expect(text.contains("Generated 2023-11-14 22:13 UTC"))
            #expect(text.contains("Unicode check"))
        }
        #expect(try await PDFTools.info(url)["CreationDate"]?.contains("2023") == true)
    }

    @Test func deterministicModeGivesIdenticalBytes() throws {
        let document = Samples.unicode(theme: .brutalist)
        let first = try renderer.render(document, options: .deterministic())
        let second = try PDFRenderer(fonts: ReportFonts()).render(document, options: .deterministic())
        #expect(first == second)
        #expect(first.count > 1_000)
        let other = try renderer.render(Samples.unicode(theme: .clinical), options: .deterministic())
        #expect(other != first)
        let random = try renderer.render(
            document,
            options: ReportRenderOptions(
                generatedAt: Date(timeIntervalSince1970: 1_704_067_200), timeZone: TimeZone(identifier: "UTC")!))
        #expect(random != first, "without deterministic mode the document id is random")
        #expect(random.count == first.count)
    }

    @Test func aFailedRenderLeavesTheExistingFileAlone() throws {
        let folder = try TemporaryFolder(prefix: "hearth-reports")
        let url = folder.file("keep.pdf")
        try Data("previous".utf8).write(to: url)
        var bad = Samples.unicode()
        bad.blocks.append(.table(ReportTable(columns: [.init("A"), .init("B")], rows: [["only one"]])))
        #expect(throws: ServiceError.self) { try renderer.render(bad, to: url) }
        #expect(try Data(contentsOf: url) == Data("previous".utf8))
        let missingFonts = PDFRenderer(fonts: ReportFonts(directory: folder.url))
        #expect(throws: ServiceError.self) { try missingFonts.render(Samples.unicode(), to: url) }
        #expect(try Data(contentsOf: url) == Data("previous".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["keep.pdf"])
    }

    @Test func aMissingFontDirectoryGivesAClearError() throws {
        let renderer = PDFRenderer(fonts: ReportFonts(directory: URL(fileURLWithPath: "/nonexistent/fonts")))
        do {
            _ = try renderer.render(Samples.unicode())
            Issue.record("rendering without fonts should fail")
        } catch let error as ServiceError {
            #expect(error.code == .notFound)
            #expect(error.message.contains("DejaVuSans"))
            #expect(error.message.contains("/nonexistent/fonts"))
            #expect(error.message.contains("fonts-dejavu-core"))
        }
        // Standard fonts need no files at all.
        var document = Samples.longTable(rows: 5)
        document.theme.bodyFont = .courier
        document.theme.headingFont = .courier
        document.header = nil
        let data = try renderer.render(document)
        #expect(data.starts(with: Data("%PDF-1.7".utf8)))
    }

    @Test func everyExampleDocumentRendersCleanly() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-reports")
        let files = try FileManager.default.contentsOfDirectory(atPath: Samples.examples.path).filter {
            $0.hasSuffix(".json")
        }
        #expect(files.count >= 2)
        var themes: Set<String> = []
        for file in files {
            let document = try JSONDecoder.hearth.decode(
                ReportDocument.self, from: Data(contentsOf: Samples.examples.appendingPathComponent(file)))
            themes.insert(document.theme.name)
            let kinds = Set(
                document.blocks.map { block -> String in
                    switch block {
                    case .heading: "heading"
                    case .paragraph: "paragraph"
                    case .keyValues: "keyValues"
                    case .table: "table"
                    case .divider: "divider"
                    case .spacer: "spacer"
                    case .pageBreak: "pageBreak"
                    case .image: "image"
                    case .chart: "chart"
                    }
                })
            #expect(kinds == Set(ReportBlock.typeNames), "\(file) should use every block type")
            let url = folder.file(file + ".pdf")
            try renderer.render(document, to: url)
            #expect(try await PDFTools.run("qpdf", ["--check", url.path]).status == 0)
            #expect(
                try await PDFTools.text(url, layout: false).contains(
                    document.theme.headingCasing == .upper
                        ? document.metadata.title.uppercased() : document.metadata.title))
        }
        #expect(themes == ["clinical", "brutalist"])
    }

    @Test func oddButLegalInputStillGivesAValidPDF() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-reports")
        let cases: [(String, [ReportBlock], String?)] = [
            ("empty", [], nil),
            ("empty table", [.table(ReportTable(columns: [.init("Only header")], rows: []))], "Only header"),
            ("empty paragraph", [.paragraph(""), .paragraph([]), .keyValues([])], nil),
            ("windows line ends", [.paragraph("first line\r\nsecond line\rthird line")], "second line"),
            (
                "control characters",
                [
                    .paragraph("bell\u{07} nul\u{00} tab\tend"),
                    .paragraph([TextRun("\u{1F600} emoji", monospace: true)]),
                ], "emoji"
            ),
            ("only page breaks", [.pageBreak, .pageBreak, .paragraph("after breaks")], "after breaks"),
            ("spacer taller than a page", [.spacer(height: 5_000), .paragraph("after spacer")], "after spacer"),
        ]
        for (name, blocks, expected) in cases {
            let url = folder.file("\(name).pdf")
            let summary = try renderer.render(
                ReportDocument(metadata: ReportMetadata(title: name), blocks: blocks), to: url)
            #expect(summary.pageCount == 1 || name.contains("spacer"), "\(name): \(summary.pageCount) pages")
            let check = try await PDFTools.run("qpdf", ["--check", url.path])
            #expect(check.status == 0, "\(name): \(check.stdout)")
            if let expected { #expect(try await PDFTools.text(url, layout: false).contains(expected), "\(name)") }
        }
    }

    @Test func numbersOutsideTheirRangeAreRefused() throws {
        var document = Samples.unicode()
        document.theme.lineHeight = .nan
        document.margins = PageMargins(top: .infinity, right: 10, bottom: 10, left: 10)
        document.blocks.append(.spacer(height: -3))
        do {
            _ = try renderer.render(document)
            Issue.record("should be refused")
        } catch let error as ServiceError {
            #expect(error.code == .validationFailed)
            #expect(error.reasons.contains { $0.hasPrefix("theme.lineHeight") })
            #expect(error.reasons.contains { $0.hasPrefix("margins") })
            #expect(error.reasons.contains { $0.hasPrefix("blocks[5].height") })
        }
        var cramped = Samples.unicode()
        cramped.margins = PageMargins(all: 280)
        #expect(throws: ServiceError.self) { try renderer.render(cramped) }
    }

    @Test func italicsAreSlantedWhenOnlyTheUprightFilesAreInstalled() async throws {
        // fonts-dejavu-core ships no Oblique files; fonts-dejavu-extra does.
        let folder = try TemporaryFolder(prefix: "hearth-reports")
        let fonts = folder.file("fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        for file in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf"] {
            try FileManager.default.copyItem(
                at: ReportFonts.defaultDirectory.appendingPathComponent(file), to: fonts.appendingPathComponent(file))
        }
        let document = ReportDocument(
            metadata: ReportMetadata(title: "Slanted"),
            blocks: [
                .paragraph([
                    TextRun("upright "), TextRun("slanted Привет", italic: true),
                    TextRun(" bold slanted", bold: true, italic: true),
                ])
            ])
        let url = folder.file("slanted.pdf")
        try PDFRenderer(fonts: ReportFonts(directory: fonts)).render(document, to: url)
        #expect(try await PDFTools.run("qpdf", ["--check", url.path]).status == 0)
        #expect(try await PDFTools.text(url, layout: false).contains("upright slanted Привет bold slanted"))
        let fontList = try await PDFTools.run("pdffonts", [url.path]).stdout
        #expect(!fontList.contains("Oblique"))
        // One embedded font serves both the upright and the slanted face.
        #expect(fontList.components(separatedBy: "+DejaVuSans ").count - 1 == 1, "\(fontList)")
        let expanded = folder.file("expanded.pdf")
        #expect(
            try await PDFTools.run("qpdf", ["--qdf", "--object-streams=disable", url.path, expanded.path]).status == 0)
        let content = String(decoding: try Data(contentsOf: expanded), as: UTF8.self)
        #expect(content.contains("1 0 0.2 1 "), "a slanted text matrix")
    }
}
