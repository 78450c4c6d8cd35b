public import ArgumentParser
import Foundation
import HearthCore
import HearthGarage
import HearthReports

/// What the report commands share: where fonts come from, and how a written file is announced.
enum GarageReportOutput {
    /// DejaVu fonts from HEARTH_FONT_DIR, else the system's.
    static func fonts(environment: [String: String] = ProcessInfo.processInfo.environment) -> ReportFonts {
        environment["HEARTH_FONT_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            .map { ReportFonts(directory: URL(fileURLWithPath: $0, isDirectory: true)) } ?? ReportFonts()
    }

    /// The -o path as a URL.
    static func destination(_ path: String) -> URL {
        URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
    }

    static func announce(_ file: GarageReportFile, json: Bool) throws {
        if json { return try GarageOutput.json(file) }
        let size = file.byteCount < 10_240 ? "\(file.byteCount) bytes" : "\(file.byteCount / 1024) KB"
        let pages = file.pageCount.map { "\($0) page\($0 == 1 ? "" : "s"), " } ?? ""
        print("Wrote \(file.url.path) (\(pages)\(size)).")
    }
}
