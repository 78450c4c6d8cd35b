import Foundation
import HearthReports
import HearthTestSupport

/// Runs the real PDF tools (Debian qpdf and poppler-utils) on real files.
enum PDFTools {
    static let available = ["qpdf", "pdfinfo", "pdftotext", "pdffonts"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)")
    }

    static func run(_ tool: String, _ arguments: [String]) async throws -> ChildProcess.Result {
        try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/\(tool)"), arguments)
    }

    /// `pdfinfo` fields by name.
    static func info(_ url: URL) async throws -> [String: String] {
        var fields: [String: String] = [:]
        for line in try await run("pdfinfo", [url.path]).stdout.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    /// The text of one page (or all pages), in reading order.
    static func text(_ url: URL, page: Int? = nil) async throws -> String {
        var arguments: [String] = []
        if let page { arguments += ["-f", String(page), "-l", String(page)] }
        return try await run("pdftotext", arguments + [url.path, "-"]).stdout
    }
}

/// Documents the tests share.
enum Samples {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/examples")

    static func unicode(theme: ReportTheme = .clinical) -> ReportDocument {
        ReportDocument(
            metadata: ReportMetadata(title: "Unicode check", author: "Tests", subject: "Greek, Cyrillic and accents"),
            theme: theme,
            blocks: [
                .heading("First heading"),
                .paragraph([
                    TextRun("Address: "), TextRun("Bahnhofstrasse 1, Zürich", bold: true),
                    TextRun(". Greek: Ωμέγα. Russian: Привет."),
                ]),
                .keyValues([("City", "Zürich"), ("Greeting", "Привет")]),
                .table(
                    ReportTable(
                        columns: [.init("Word"), .init("Language")],
                        rows: [["Ωμέγα", "Greek"], ["Привет", "Russian"]])),
                .paragraph("Last paragraph."),
            ]
        )
    }

    static func longTable(rows: Int, theme: ReportTheme = .brutalist) -> ReportDocument {
        ReportDocument(
            metadata: ReportMetadata(title: "Long table"),
            theme: theme,
            blocks: [
                .heading("Service log"),
                .table(
                    ReportTable(
                        columns: [.init("Row"), .init("Service", width: 2), .init("Cost", alignment: .right)],
                        rows: (1...rows).map {
                            ["R\(String(format: "%04d", $0))", "Service number \($0)", "$\($0).00"]
                        },
                        totals: ["", "Total", "$\(rows * (rows + 1) / 2).00"]
                    )),
            ]
        )
    }
}
