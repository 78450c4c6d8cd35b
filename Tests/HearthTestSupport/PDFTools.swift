public import Foundation
public import Testing

/// The real PDF tools (Debian's qpdf and poppler-utils) run on real files, for every report test.
///
/// ```swift
/// guard try PDFTools.ready() else { return }
/// try await PDFTools.check(file)
/// #expect(try await PDFTools.text(file).contains("Page 1 of 1"))
/// ```
public enum PDFTools {
    /// The tools the report tests run.
    public static let tools = ["qpdf", "pdftotext", "pdfinfo", "pdffonts", "pdfimages", "pdftoppm"]

    /// Whether every tool is installed.
    public static var available: Bool {
        tools.allSatisfy { FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)") }
    }

    /// True when the tools are installed. A missing one cancels the test with the reason outside CI, and
    /// records it as an issue (and gives false) on CI, where `.ci/run` installs them.
    public static func ready() throws -> Bool {
        let missing = tools.filter { !FileManager.default.isExecutableFile(atPath: "/usr/bin/\($0)") }
        guard !missing.isEmpty else { return true }
        let reason = "\(missing.joined(separator: ", ")) not installed; install qpdf and poppler-utils (.ci/run does)"
        if ExternalTool.missingFails {
            Issue.record(Comment(rawValue: reason))
            return false
        }
        try Test.cancel(Comment(rawValue: reason))
    }

    /// Runs `/usr/bin/<tool>`.
    public static func run(_ tool: String, _ arguments: [String]) async throws -> ChildProcess.Result {
        try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/\(tool)"), arguments)
    }

    /// The text of one page (or all pages): laid out as on the page, or in reading order.
    public static func text(_ url: URL, page: Int? = nil, layout: Bool = true) async throws -> String {
        var arguments: [String] = layout ? ["-layout"] : []
        if let page { arguments += ["-f", String(page), "-l", String(page)] }
        return try await run("pdftotext", arguments + [url.path, "-"]).stdout
    }

    /// `pdfinfo` fields by name.
    public static func info(_ url: URL) async throws -> [String: String] {
        var fields: [String: String] = [:]
        for line in try await run("pdfinfo", [url.path]).stdout.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    /// Expects qpdf to find the file free of syntax and stream errors.
    public static func check(_ url: URL, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let check = try await run("qpdf", ["--check", url.path])
        #expect(
            check.status == 0 && check.stdout.contains("No syntax or stream encoding errors found"),
            "qpdf: \(check.stdout) \(check.stderr)", sourceLocation: sourceLocation)
    }
}
