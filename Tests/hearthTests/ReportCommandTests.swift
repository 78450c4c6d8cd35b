import Foundation
import Testing

/// Runs the built `hearth` executable on real files, as a person would.
@Suite("hearth report render")
struct ReportCommandTests {
    /// The `hearth` executable next to this test bundle.
    static let executable: URL? = {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("hearth"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("hearth"),
            Bundle.main.bundleURL.appendingPathComponent("hearth"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/examples")

    struct Result {
        var status: Int32
        var output: Data
        var error: String
    }

    func hearth(_ arguments: [String], input: Data? = nil) throws -> Result {
        let process = Process()
        guard let executable = Self.executable else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "the hearth executable was not built next to the tests"])
        }
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe(), error = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: out, error: String(decoding: err, as: UTF8.self))
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func rendersTheExamplesToPDFAndHTML() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for example in ["health-record", "service-history"] {
            let source = Self.examples.appendingPathComponent("\(example).json").path
            let pdf = folder.appendingPathComponent("\(example).pdf")
            let result = try hearth(["report", "render", source, "--format", "pdf", "-o", pdf.path, "--deterministic"])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.error.isEmpty, "quiet when not at a terminal: \(result.error)")
            let bytes = try Data(contentsOf: pdf)
            #expect(bytes.starts(with: Data("%PDF-1.7".utf8)))
            #expect(String(decoding: bytes.suffix(6), as: UTF8.self) == "%%EOF\n")

            let html = folder.appendingPathComponent("\(example).html")
            #expect(try hearth(["report", "render", source, "-o", html.path]).status == 0)
            #expect(try String(contentsOf: html, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))

            // Deterministic runs are byte-identical.
            let again = folder.appendingPathComponent("again.pdf")
            #expect(try hearth(["report", "render", source, "-o", again.path, "--deterministic"]).status == 0)
            #expect(try Data(contentsOf: again) == bytes)
        }
    }

    @Test func readsStandardInputAndWritesStandardOutput() throws {
        let document = Data(#"{"metadata": {"title": "Piped"}, "blocks": [{"type": "paragraph", "text": "<b>hi</b>"}]}"#.utf8)
        let html = try hearth(["report", "render", "-", "--format", "html", "-o", "-"], input: document)
        #expect(html.status == 0)
        let text = String(decoding: html.output, as: UTF8.self)
        #expect(text.contains("&lt;b&gt;hi&lt;/b&gt;"))
        let pdf = try hearth(["report", "render", "-", "-o", "-"], input: document)
        #expect(pdf.status == 0)
        #expect(pdf.output.starts(with: Data("%PDF".utf8)))
    }

    @Test func aMalformedDocumentNamesTheBadFieldAndWritesNothing() throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("bad.json")
        try Data(#"{"metadata": {"title": "T"}, "blocks": [{"type": "heading", "text": "H"}, {"type": "table", "columns": [{"title": "A"}], "rows": [["1"], [2]]}]}"#.utf8).write(to: source)
        let output = folder.appendingPathComponent("out.pdf")
        let result = try hearth(["report", "render", source.path, "-o", output.path])
        #expect(result.status != 0)
        #expect(result.error.contains("bad.json is not a valid report document"))
        #expect(result.error.contains("\"blocks[1].rows[1][0]\""), "\(result.error)")
        #expect(!result.error.contains("Fatal error") && !result.error.contains("Stack"))
        #expect(!FileManager.default.fileExists(atPath: output.path))

        let unknown = try hearth(["report", "render", Self.examples.appendingPathComponent("none.json").path, "-o", output.path])
        #expect(unknown.status != 0)
        #expect(unknown.error.contains("none.json was not found"))

        let fonts = try hearth(["report", "render", Self.examples.appendingPathComponent("health-record.json").path,
                                "-o", output.path, "--font-dir", folder.path])
        #expect(fonts.status != 0)
        #expect(fonts.error.contains("was not found in \(folder.path)"))
        #expect(!FileManager.default.fileExists(atPath: output.path))

        let format = try hearth(["report", "render", source.path, "-o", output.path, "--format", "docx"])
        #expect(format.status != 0)
        #expect(format.error.contains("docx"))
    }
}
