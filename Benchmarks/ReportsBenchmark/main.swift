// ReportsBenchmark: renders the same 100-page table document with HearthReports and with ReportLab
// (Debian python3-reportlab) in one run, and prints the speed ratio and peak memory of each.
//
//     swift run -c release ReportsBenchmark [--pages 100] [--iterations 5] [--python /usr/bin/python3]
//
// Peak memory is read from /proc (VmHWM). Each memory probe runs in a fresh child process, at 10, 100 and
// 1,000 pages, so the figures show whether the renderer's peak grows with the page count.
import Foundation
import HearthReports

struct Arguments {
    var pages = 100
    var iterations = 5
    var python = ProcessInfo.processInfo.environment["HEARTH_BENCH_PYTHON"] ?? "/usr/bin/python3"
    var probe: (rows: Int, font: String)?

    init() {
        var iterator = CommandLine.arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--pages": pages = Int(iterator.next() ?? "") ?? pages
            case "--iterations": iterations = Int(iterator.next() ?? "") ?? iterations
            case "--python": python = iterator.next() ?? python
            case "--probe":
                // Internal: a child process that renders once and reports its peak memory.
                let rows = Int(iterator.next() ?? "") ?? 0
                probe = (rows, iterator.next() ?? "helvetica")
            default:
                FileHandle.standardError.write(
                    Data("usage: ReportsBenchmark [--pages N] [--iterations N] [--python PATH]\n".utf8))
                exit(2)
            }
        }
    }
}

/// Rows that fill `pages` pages of the benchmark table on US Letter (34.85 a page, measured once; both tools
/// paginate it alike).
func rowCount(pages: Int) -> Int { pages * 697 / 20 }

let services = [
    "Oil Change", "Tire Rotation", "Brake Inspection", "Air Filter", "Cabin Air Filter", "Transmission Fluid",
    "Coolant Flush", "Battery Check",
]
let notes = [
    "0W-20 full synthetic", "front/rear swap", "pads at 6 mm", "", "part from dealer", "drain and fill", "50/50 mix",
    "terminals cleaned",
]

/// The row data both tools render.
func row(_ index: Int) -> [String] {
    let day = index % 28 + 1
    let month = index / 28 % 12 + 1
    let year = 2000 + index / 336
    let date = "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    let mileage = 1_000 + index * 97
    let cents = 1_999 + (index * 7_919) % 40_000
    return [
        date, "\(mileage)", services[index % services.count], notes[index % notes.count],
        "$\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)",
    ]
}

func document(rows: Int, font: FontFamily) -> ReportDocument {
    var theme = ReportTheme.clinical
    theme.pageSize = .letter
    theme.margins = PageMargins(all: 48)
    theme.bodyFont = font
    theme.headingFont = font
    theme.bodySize = 10
    theme.smallSize = 8
    theme.lineHeight = 1.2
    return ReportDocument(
        metadata: ReportMetadata(title: "Service history benchmark", author: "ReportsBenchmark"),
        theme: theme,
        header: nil,
        footer: PageBand(right: "Page {page} of {pages}"),
        blocks: [
            .table(
                ReportTable(
                    columns: [
                        .init("Date"), .init("Mileage", alignment: .right), .init("Service", width: 1.6),
                        .init("Notes", width: 1.8), .init("Cost", alignment: .right),
                    ],
                    rows: (0..<rows).map(row),
                    totals: ["", "", "", "Total", "—"]
                ))
        ]
    )
}

func memoryKilobytes(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }
    return 0
}

func temporaryURL(_ name: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("hearth-bench-\(getpid())-\(name)")
}

func run(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw NSError(
            domain: "ReportsBenchmark", code: Int(process.terminationStatus),
            userInfo: [NSLocalizedDescriptionKey: "\(executable) \(arguments.joined(separator: " ")) failed"])
    }
    return String(decoding: output, as: UTF8.self)
}

func pageCount(_ url: URL) -> Int {
    guard let text = try? run("/usr/bin/pdfinfo", [url.path]) else { return -1 }
    for line in text.split(separator: "\n") where line.hasPrefix("Pages:") {
        return Int(line.split(separator: " ").last ?? "") ?? -1
    }
    return -1
}

let reportLabScript = #"""
    import resource, sys, time
    from reportlab.lib import colors
    from reportlab.lib.pagesizes import letter
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas as rlcanvas
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table, TableStyle

    rows_count, out, iterations, font = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
    regular, bold = "Helvetica", "Helvetica-Bold"
    if font == "dejavu-sans":
        pdfmetrics.registerFont(TTFont("DejaVuSans", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        pdfmetrics.registerFont(TTFont("DejaVuSans-Bold", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"))
        regular, bold = "DejaVuSans", "DejaVuSans-Bold"
    services = ["Oil Change", "Tire Rotation", "Brake Inspection", "Air Filter", "Cabin Air Filter", "Transmission Fluid", "Coolant Flush", "Battery Check"]
    notes = ["0W-20 full synthetic", "front/rear swap", "pads at 6 mm", "", "part from dealer", "drain and fill", "50/50 mix", "terminals cleaned"]
    def row(i):
        day, month, year = i % 28 + 1, i // 28 % 12 + 1, 2000 + i // 336
        cents = 1999 + (i * 7919) % 40000
        return ["%d-%02d-%02d" % (year, month, day), str(1000 + i * 97), services[i % 8], notes[i % 8], "$%d.%02d" % (cents // 100, cents % 100)]

    class NumberedCanvas(rlcanvas.Canvas):
        """The usual ReportLab idiom for "Page X of Y": keep each page's state, number them when saving."""
        def __init__(self, *args, **kwargs):
            rlcanvas.Canvas.__init__(self, *args, **kwargs)
            self._saved = []
        def showPage(self):
            self._saved.append(dict(self.__dict__))
            self._startPage()
        def save(self):
            total = len(self._saved)
            for state in self._saved:
                self.__dict__.update(state)
                self.setFont(regular, 8)
                self.setFillColor(colors.HexColor("#6B7785"))
                self.drawRightString(letter[0] - 48, 40, "Page %d of %d" % (self._pageNumber, total))
                rlcanvas.Canvas.showPage(self)
            rlcanvas.Canvas.save(self)

    # The rows are built once, outside the timer, as Hearth's document is.
    header = ["Date", "Mileage", "Service", "Notes", "Cost"]
    data = [header] + [row(i) for i in range(rows_count)] + [["", "", "", "Total", "\u2014"]]

    def build(path):
        width = letter[0] - 96
        weights = [1, 1, 1.6, 1.8, 1]
        table = Table(data, colWidths=[width * w / sum(weights) for w in weights], repeatRows=1)
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), regular, 9.2),
            ("FONT", (0, 0), (-1, 0), bold, 9.2),
            ("FONT", (0, -1), (-1, -1), bold, 9.2),
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#E6F0F3")),
            ("ROWBACKGROUNDS", (0, 1), (-1, -2), [colors.white, colors.HexColor("#F6F9FA")]),
            ("BACKGROUND", (0, -1), (-1, -1), colors.HexColor("#E6F0F3")),
            ("ALIGN", (1, 0), (1, -1), "RIGHT"), ("ALIGN", (4, 0), (4, -1), "RIGHT"),
            ("BOX", (0, 0), (-1, -1), 0.5, colors.HexColor("#C5CFD8")),
            ("INNERGRID", (0, 0), (-1, -1), 0.3, colors.HexColor("#C5CFD8")),
            ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.HexColor("#C5CFD8")),
            ("TOPPADDING", (0, 0), (-1, -1), 3.7), ("BOTTOMPADDING", (0, 0), (-1, -1), 3.7),
            ("LEFTPADDING", (0, 0), (-1, -1), 5), ("RIGHTPADDING", (0, 0), (-1, -1), 5),
        ]))
        doc = SimpleDocTemplate(path, pagesize=letter, leftMargin=48, rightMargin=48, topMargin=48, bottomMargin=64,
                                title="Service history benchmark", author="ReportsBenchmark", pageCompression=1)
        doc.build([table], canvasmaker=NumberedCanvas)

    build(out)  # warm-up
    times = []
    for _ in range(iterations):
        start = time.perf_counter()
        build(out)
        times.append(time.perf_counter() - start)
    print("%f %d" % (min(times) if times else float("nan"), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss))
    """#

func runProbe(rows: Int, font: String) throws {
    let family = FontFamily(rawValue: font) ?? .helvetica
    let doc = document(rows: rows, font: family)
    let before = memoryKilobytes("VmRSS")
    let url = temporaryURL("probe.pdf")
    defer { try? FileManager.default.removeItem(at: url) }
    let summary = try PDFRenderer().render(doc, to: url)
    print(summary.pageCount, before, memoryKilobytes("VmHWM"))
}

func format(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }

func main() throws {
    let arguments = Arguments()
    if let probe = arguments.probe {
        try runProbe(rows: probe.rows, font: probe.font)
        return
    }
    let rows = rowCount(pages: arguments.pages)
    let interactive = isatty(STDERR_FILENO) != 0
    func progress(_ text: String) { if interactive { FileHandle.standardError.write(Data("… \(text)\n".utf8)) } }

    let script = temporaryURL("reportlab.py")
    try reportLabScript.write(to: script, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: script) }

    print(
        "ReportsBenchmark: a \(rows)-row table (target \(arguments.pages) pages, US Letter), best of \(arguments.iterations) after a warm-up"
    )
    print("")
    print("| font | Hearth | ReportLab \(reportLabVersion(arguments.python)) | speed-up | pages (Hearth / ReportLab) |")
    print("|---|---|---|---|---|")
    for font in [FontFamily.helvetica, .dejaVuSans] {
        progress("Hearth, \(font.rawValue)")
        let doc = document(rows: rows, font: font)
        let renderer = PDFRenderer()
        let hearthURL = temporaryURL("hearth.pdf")
        defer { try? FileManager.default.removeItem(at: hearthURL) }
        _ = try renderer.render(doc, to: hearthURL)
        var best = Double.infinity
        for _ in 0..<arguments.iterations {
            let start = ContinuousClock.now
            _ = try renderer.render(doc, to: hearthURL)
            let elapsed = ContinuousClock.now - start
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        let hearthPages = pageCount(hearthURL)

        progress("ReportLab, \(font.rawValue)")
        let reportLabURL = temporaryURL("reportlab.pdf")
        defer { try? FileManager.default.removeItem(at: reportLabURL) }
        let output = try run(
            arguments.python,
            [script.path, String(rows), reportLabURL.path, String(arguments.iterations), font.rawValue])
        let fields = output.split(separator: " ")
        let reportLabSeconds = Double(fields.first ?? "") ?? .nan
        let reportLabPages = pageCount(reportLabURL)
        print(
            "| \(font.rawValue) | \(format(best)) | \(format(reportLabSeconds)) | \(String(format: "%.1f×", reportLabSeconds / best)) | \(hearthPages) / \(reportLabPages) |"
        )
    }

    print("")
    print(
        "Peak memory (VmHWM / ru_maxrss of a fresh process rendering once; \"document\" is the RSS with the model built):"
    )
    print("")
    print("| pages | Hearth document | Hearth peak | Hearth peak − document | ReportLab peak |")
    print("|---|---|---|---|---|")
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).path
    for pages in [10, 100, 1_000] {
        progress("memory at \(pages) pages")
        let probe = try run(executable, ["--probe", String(rowCount(pages: pages)), "helvetica"]).split(separator: " ")
        let reportLabURL = temporaryURL("reportlab-memory.pdf")
        defer { try? FileManager.default.removeItem(at: reportLabURL) }
        let reportLab = try run(
            arguments.python, [script.path, String(rowCount(pages: pages)), reportLabURL.path, "0", "helvetica"]
        )
        .split(separator: " ")
        let document = Int(probe[1]) ?? 0
        let peak = Int(probe[2].trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        let reportLabPeak = Int(reportLab.last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        print(
            "| \(probe[0]) | \(document / 1024) MiB | \(peak / 1024) MiB | \((peak - document) / 1024) MiB | \(reportLabPeak / 1024) MiB |"
        )
    }
}

func reportLabVersion(_ python: String) -> String {
    (try? run(python, ["-c", "import reportlab; print(reportlab.Version)"]))?.trimmingCharacters(
        in: .whitespacesAndNewlines) ?? "?"
}

do {
    try main()
} catch {
    FileHandle.standardError.write(Data("error: \(error.localizedDescription)\n".utf8))
    exit(1)
}
