public import Foundation
import HearthCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Renders a ``ReportDocument`` to PDF natively: no external program is involved.
///
/// Pages are written as soon as they are laid out (with Flate-compressed content streams), fonts last as
/// subsets, so memory stays flat however long the document is. Standard PDF fonts are laid out with their
/// real glyph widths; DejaVu fonts are embedded with a ToUnicode map, so Latin, Greek and Cyrillic text can
/// be searched and copied.
///
/// ```swift
/// let renderer = PDFRenderer()
/// let data = try renderer.render(document)
/// let summary = try renderer.render(document, to: URL(fileURLWithPath: "Civic_Service_History.pdf"))
/// print(summary.pageCount)
/// ```
public struct PDFRenderer: Sendable {
    /// What a render to a file produced.
    public struct Summary: Sendable, Equatable {
        /// Number of pages.
        public var pageCount: Int
        /// Size of the file in bytes.
        public var byteCount: Int
    }

    /// Where embedded fonts come from.
    public let fonts: ReportFonts

    public init(fonts: ReportFonts = ReportFonts()) {
        self.fonts = fonts
    }

    /// The PDF bytes of `document`.
    /// - Throws: ``ServiceError`` `validationFailed` naming the fields at fault, or `invalidImage` naming an image whose bytes are
    ///   not a usable JPEG or PNG, or `notFound` when a font file
    ///   is missing.
    public func render(_ document: ReportDocument, options: ReportRenderOptions = ReportRenderOptions()) throws -> Data
    {
        let output = PDFOutput()
        _ = try write(document, to: output, options: options)
        return Data(output.takeBytes())
    }

    /// Writes the PDF of `document` to `url`, replacing it only once the whole file is written: a failed
    /// render leaves an existing file as it was.
    @discardableResult
    public func render(_ document: ReportDocument, to url: URL, options: ReportRenderOptions = ReportRenderOptions())
        throws -> Summary
    {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).partial")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw ServiceError.operationFailed(
                "Cannot write to \(directory.path): check that the folder exists and is writable.")
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            let output = PDFOutput(handle: handle)
            let pages: Int
            do {
                pages = try write(document, to: output, options: options)
                try handle.close()
            } catch {
                try? handle.close()
                throw error
            }
            let size = output.position
            // rename(2) replaces an existing file atomically.
            guard rename(temporary.path, url.path) == 0 else {
                throw ServiceError.operationFailed("Cannot write \(url.path): \(String(cString: strerror(errno))).")
            }
            return Summary(pageCount: pages, byteCount: size)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    private func write(_ document: ReportDocument, to output: PDFOutput, options: ReportRenderOptions) throws -> Int {
        try document.validate()
        let faces = FaceTable(fonts: fonts)
        let generated = options.generatedText
        // Images are decoded once, before anything is written, so bad bytes fail the render cleanly.
        var images: [Int: DecodedImage] = [:]
        for (index, block) in document.blocks.enumerated() {
            if case .image(let image) = block { images[index] = try DecodedImage.decode(image) }
        }
        // First pass: count pages, so every footer can say "Page X of Y" while pages stream out.
        let counter = CountingCanvas()
        let pageCount = try ReportLayout(
            document: document, faces: faces, generated: generated, canvas: counter, totalPages: 0, images: images
        ).run()

        let writer = try PDFDocumentWriter(output: output, pageSize: document.effectivePageSize)
        let canvas = PDFPageCanvas(writer: writer, pageHeight: document.effectivePageSize.height)
        let pages = try ReportLayout(
            document: document, faces: faces, generated: generated, canvas: canvas, totalPages: pageCount,
            images: images
        ).run()
        try writer.finish(
            faces: faces.faces, metadata: document.metadata,
            creationDate: document.metadata.creationDate ?? options.generatedAt, deterministic: options.deterministic)
        return pages
    }
}
