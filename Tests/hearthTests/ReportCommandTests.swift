import Foundation
import HearthTestSupport
import Testing

/// Runs the built `hearth` executable on real files, as a person would.
@Suite("hearth report render")
struct ReportCommandTests {
    static let examples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/examples")

    /// Runs `hearth arguments…` to completion, with `input` on its stdin.
    func hearth(_ arguments: [String], input: Data? = nil) async throws -> ChildProcess.Result {
        try await ChildProcess.run(ChildProcess.product("hearth"), arguments, input: input)
    }

    func temporaryDirectory() throws -> URL {
        let url = scratchDirectory("hearth-cli")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func rendersTheExamplesToPDFAndHTML() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        for example in ["health-record", "service-history"] {
            let source = Self.examples.appendingPathComponent("\(example).json").path
            let pdf = folder.appendingPathComponent("\(example).pdf")
            let result = try await hearth([
                "report", "render", source, "--format", "pdf", "-o", pdf.path, "--deterministic",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.isEmpty, "quiet when not at a terminal: \(result.stderr)")
            let bytes = try Data(contentsOf: pdf)
            #expect(bytes.starts(with: Data("%PDF-1.7".utf8)))
            #expect(String(decoding: bytes.suffix(6), as: UTF8.self) == "%%EOF\n")

            let html = folder.appendingPathComponent("\(example).html")
            #expect(try await hearth(["report", "render", source, "-o", html.path]).status == 0)
            #expect(try String(contentsOf: html, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))

            // Deterministic runs are byte-identical.
            let again = folder.appendingPathComponent("again.pdf")
            #expect(try await hearth(["report", "render", source, "-o", again.path, "--deterministic"]).status == 0)
            #expect(try Data(contentsOf: again) == bytes)
        }
    }

    @Test func readsStandardInputAndWritesStandardOutput() async throws {
        let document = Data(
            #"{"metadata": {"title": "Piped"}, "blocks": [{"type": "paragraph", "text": "<b>hi</b>"}]}"#.utf8)
        let html = try await hearth(["report", "render", "-", "--format", "html", "-o", "-"], input: document)
        #expect(html.status == 0)
        let text = String(decoding: html.stdoutData, as: UTF8.self)
        #expect(text.contains("&lt;b&gt;hi&lt;/b&gt;"))
        let pdf = try await hearth(["report", "render", "-", "-o", "-"], input: document)
        #expect(pdf.status == 0)
        #expect(pdf.stdoutData.starts(with: Data("%PDF".utf8)))
    }

    @Test func aMalformedDocumentNamesTheBadFieldAndWritesNothing() async throws {
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("bad.json")
        try Data(
            #"{"metadata": {"title": "T"}, "blocks": [{"type": "heading", "text": "H"}, {"type": "table", "columns": [{"title": "A"}], "rows": [["1"], [2]]}]}"#
                .utf8
        ).write(to: source)
        let output = folder.appendingPathComponent("out.pdf")
        let result = try await hearth(["report", "render", source.path, "-o", output.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("bad.json is not a valid report document"))
        #expect(result.stderr.contains("\"blocks[1].rows[1][0]\""), "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Stack"))
        #expect(!FileManager.default.fileExists(atPath: output.path))

        let unknown = try await hearth([
            "report", "render", Self.examples.appendingPathComponent("none.json").path, "-o", output.path,
        ])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("none.json was not found"))

        let fonts = try await hearth([
            "report", "render", Self.examples.appendingPathComponent("health-record.json").path,
            "-o", output.path, "--font-dir", folder.path,
        ])
        #expect(fonts.status != 0)
        #expect(fonts.stderr.contains("was not found in \(folder.path)"))
        #expect(!FileManager.default.fileExists(atPath: output.path))

        let format = try await hearth(["report", "render", source.path, "-o", output.path, "--format", "docx"])
        #expect(format.status != 0)
        #expect(format.stderr.contains("docx"))
    }
}
