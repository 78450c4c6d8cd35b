import ArgumentParser
import Foundation
import HearthCore
import HearthReports

/// `hearth report`: renders report documents.
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Render report documents (JSON) to PDF or HTML.",
        subcommands: [Render.self]
    )

    /// `hearth report render DOC.json --format pdf|html -o OUT`.
    struct Render: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render a JSON report document to PDF or HTML.",
            discussion: """
                The document format is described in docs/reports.md; examples are in docs/examples/.
                DejaVu fonts are read from --font-dir, else HEARTH_FONT_DIR, else /usr/share/fonts/truetype/dejavu.
                Use - as DOC to read standard input, and -o - to write to standard output.
                """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case pdf, html
        }

        @Argument(help: "The JSON document to render (- for standard input).")
        var document: String

        @Option(help: "pdf or html (default: from the output file's extension, else pdf).")
        var format: Format?

        @Option(name: .shortAndLong, help: "The file to write (- for standard output).")
        var output: String

        @Option(name: .customLong("font-dir"), help: "The folder holding the DejaVu .ttf files.")
        var fontDirectory: String?

        @Flag(help: "Reproducible output: fixed generation time (2024-01-01 00:00 UTC) and document id.")
        var deterministic = false

        func run() async throws {
            do {
                try render()
            } catch let error as ServiceError {
                FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
                throw ExitCode.failure
            } catch {
                FileHandle.standardError.write(Data("error: \(error.localizedDescription)\n".utf8))
                throw ExitCode.failure
            }
        }

        private func render() throws {
            let source = document == "-" ? "standard input" : document
            let data: Data
            if document == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                guard let contents = FileManager.default.contents(atPath: document) else {
                    throw ServiceError.notFound("The document \(document)")
                }
                data = contents
            }
            let model: ReportDocument
            do {
                model = try JSONDecoder.hearth.decode(ReportDocument.self, from: data)
            } catch {
                throw ServiceError(
                    .decodingFailed,
                    "\(source) is not a valid report document: \(DecodingErrorSummary.describe(error))",
                    underlying: error)
            }
            do {
                try model.validate()
            } catch let error as ServiceError {
                throw ServiceError(
                    .validationFailed, "\(source) is not a valid report document: \(error.message)",
                    reasons: error.reasons)
            }

            let format =
                self.format
                ?? (output.lowercased().hasSuffix(".html") || output.lowercased().hasSuffix(".htm") ? .html : .pdf)
            let options = deterministic ? ReportRenderOptions.deterministic() : ReportRenderOptions()
            let environment = ProcessInfo.processInfo.environment
            let fontPath = fontDirectory ?? environment["HEARTH_FONT_DIR"]
            let fonts =
                fontPath.map { ReportFonts(directory: URL(fileURLWithPath: $0, isDirectory: true)) } ?? ReportFonts()

            let toStandardOutput = output == "-"
            var summary = ""
            switch (format, toStandardOutput) {
            case (.pdf, true):
                FileHandle.standardOutput.write(try PDFRenderer(fonts: fonts).render(model, options: options))
            case (.pdf, false):
                let result = try PDFRenderer(fonts: fonts).render(
                    model, to: URL(fileURLWithPath: output), options: options)
                summary = "\(result.pageCount) page\(result.pageCount == 1 ? "" : "s"), \(Self.size(result.byteCount))"
            case (.html, true):
                FileHandle.standardOutput.write(Data(try HTMLRenderer().render(model, options: options).utf8))
            case (.html, false):
                summary = Self.size(
                    try HTMLRenderer().render(model, to: URL(fileURLWithPath: output), options: options))
            }
            // Tell a person at a terminal what happened; stay quiet when output is piped.
            if !toStandardOutput, isatty(STDERR_FILENO) != 0 {
                FileHandle.standardError.write(Data("Wrote \(output) (\(summary))\n".utf8))
            }
        }

        private static func size(_ bytes: Int) -> String {
            bytes < 10_240 ? "\(bytes) bytes" : "\(bytes / 1024) KB"
        }
    }
}
