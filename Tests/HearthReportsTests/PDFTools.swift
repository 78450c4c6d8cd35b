import Foundation
import HearthReports
import HearthTestSupport

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
