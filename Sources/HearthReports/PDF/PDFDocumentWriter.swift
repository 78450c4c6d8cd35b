import Foundation
import HearthCompression
import HearthCore

/// Writes the objects of one PDF file in order: pages as they come, then fonts, resources, the page tree,
/// the document information, the cross-reference table and the trailer.
final class PDFDocumentWriter {
    private let output: PDFOutput
    private let pageSize: PageSize
    private var offsets: [Int] = [0]
    private var pageObjects: [Int] = []
    /// Glyphs each embedded font uses, with the text each stands for (for ToUnicode).
    private var glyphUse: [ObjectIdentifier: [UInt16: Unicode.Scalar]] = [:]
    private var usedFaces: Set<Int> = []
    /// Image XObjects written so far: resource name and object number, by block index.
    private var imageObjects: [Int: (name: String, object: Int)] = [:]
    private let catalog: Int
    private let pageTree: Int
    private let resources: Int
    private let compress: Bool

    init(output: PDFOutput, pageSize: PageSize, compress: Bool = true) throws {
        self.output = output
        self.pageSize = pageSize
        self.compress = compress
        catalog = 1
        pageTree = 2
        resources = 3
        offsets = [0, 0, 0, 0]
        try output.write("%PDF-1.7\n")
        try output.write([UInt8(ascii: "%"), 0xE2, 0xE3, 0xCF, 0xD3, UInt8(ascii: "\n")])
        try writeObject(catalog, "<< /Type /Catalog /Pages \(pageTree) 0 R >>")
    }

    private func reserve() -> Int {
        offsets.append(0)
        return offsets.count - 1
    }

    private func writeObject(_ number: Int, _ body: String) throws {
        offsets[number] = output.position
        try output.write("\(number) 0 obj\n\(body)\nendobj\n")
    }

    private func writeStream(_ number: Int, _ dictionary: String, _ data: [UInt8], compressed: Bool? = nil) throws {
        let compress = compressed ?? self.compress
        let payload = compress ? try Zlib.compress(data, format: .zlib) : data
        offsets[number] = output.position
        let filter = compress ? " /Filter /FlateDecode" : ""
        try output.write("\(number) 0 obj\n<< \(dictionary)\(filter) /Length \(payload.count) >>\nstream\n")
        try output.write(payload)
        try output.write("\nendstream\nendobj\n")
    }

    // MARK: Images

    /// The resource name of the image of block `id`, writing its XObject (and soft mask) the first time:
    /// JPEG bytes as they are with `/DCTDecode`, other samples compressed with `/FlateDecode`.
    func imageName(for image: DecodedImage, id: Int) throws -> String {
        if let existing = imageObjects[id] { return existing.name }
        let size = "/Width \(image.width) /Height \(image.height) /BitsPerComponent 8"
        var mask = ""
        if let alpha = image.alpha {
            let object = reserve()
            try writeStream(
                object, "/Type /XObject /Subtype /Image \(size) /ColorSpace /DeviceGray", alpha, compressed: true)
            mask = " /SMask \(object) 0 R"
        }
        let object = reserve()
        let base = "/Type /XObject /Subtype /Image \(size) /ColorSpace \(image.colorSpace.pdfName)\(mask)"
        switch image.pixels {
        case .jpeg(let bytes):
            let decode = image.invertedCMYK ? " /Decode [1 0 1 0 1 0 1 0]" : ""
            offsets[object] = output.position
            try output.write(
                "\(object) 0 obj\n<< \(base)\(decode) /Filter /DCTDecode /Length \(bytes.count) >>\nstream\n")
            try output.write(bytes)
            try output.write("\nendstream\nendobj\n")
        case .samples(let samples):
            try writeStream(object, base, samples, compressed: true)
        }
        let name = "Im\(id + 1)"
        imageObjects[id] = (name, object)
        return name
    }

    // MARK: Pages

    func writePage(content: [UInt8]) throws {
        let contents = reserve()
        try writeStream(contents, "", content)
        let page = reserve()
        try writeObject(
            page,
            "<< /Type /Page /Parent \(pageTree) 0 R /MediaBox [0 0 \(PDFSyntax.number(pageSize.width)) \(PDFSyntax.number(pageSize.height))] /Resources \(resources) 0 R /Contents \(contents) 0 R >>"
        )
        pageObjects.append(page)
    }

    /// Appends `text` as a string operand for `face`, recording the glyphs it uses.
    func encode(_ text: String, face: FontFace, into out: inout [UInt8]) {
        usedFaces.insert(face.index)
        switch face.kind {
        case .standard:
            var codes: [UInt8] = []
            codes.reserveCapacity(text.utf8.count)
            for scalar in text.unicodeScalars {
                codes.append(StandardFontMetrics.winAnsiCode(scalar) ?? UInt8(ascii: "?"))
            }
            PDFSyntax.appendLiteral(codes, to: &out)
        case .trueType(let font, _):
            let key = ObjectIdentifier(font)
            out.append(UInt8(ascii: "<"))
            var use = glyphUse[key] ?? [:]
            for scalar in text.unicodeScalars {
                let glyph = font.glyph(for: scalar)
                if use[glyph] == nil { use[glyph] = scalar }
                PDFSyntax.appendHex(glyph, to: &out)
            }
            glyphUse[key] = use
            out.append(UInt8(ascii: ">"))
        }
    }

    // MARK: Finishing

    /// Writes fonts, resources, page tree, information, cross-reference table and trailer.
    func finish(faces: [FontFace], metadata: ReportMetadata, creationDate: Date, deterministic: Bool) throws {
        var fontEntries: [String] = []
        var embedded: [ObjectIdentifier: Int] = [:]
        var standard: [String: Int] = [:]
        for face in faces where usedFaces.contains(face.index) {
            let object: Int
            switch face.kind {
            case .standard(let font, _):
                if let existing = standard[font.postScriptName] {
                    object = existing
                } else {
                    object = reserve()
                    try writeObject(
                        object,
                        "<< /Type /Font /Subtype /Type1 /BaseFont /\(font.postScriptName) /Encoding /WinAnsiEncoding >>"
                    )
                    standard[font.postScriptName] = object
                }
            case .trueType(let font, _):
                let key = ObjectIdentifier(font)
                if let existing = embedded[key] {
                    object = existing
                } else {
                    object = try writeTrueType(font, glyphs: glyphUse[key] ?? [:])
                    embedded[key] = object
                }
            }
            fontEntries.append("/F\(face.index + 1) \(object) 0 R")
        }
        var images = ""
        if !imageObjects.isEmpty {
            let entries = imageObjects.values.sorted { $0.object < $1.object }.map { "/\($0.name) \($0.object) 0 R" }
            images = " /XObject << \(entries.joined(separator: " ")) >>"
        }
        try writeObject(
            resources,
            "<< /Font << \(fontEntries.joined(separator: " ")) >>\(images) /ProcSet [/PDF /Text /ImageB /ImageC] >>")
        let kids = pageObjects.map { "\($0) 0 R" }.joined(separator: " ")
        try writeObject(pageTree, "<< /Type /Pages /Kids [\(kids)] /Count \(pageObjects.count) >>")

        let info = reserve()
        var fields = ["/Title \(PDFSyntax.textString(metadata.title))"]
        if let author = metadata.author { fields.append("/Author \(PDFSyntax.textString(author))") }
        if let subject = metadata.subject { fields.append("/Subject \(PDFSyntax.textString(subject))") }
        if let keywords = metadata.keywords { fields.append("/Keywords \(PDFSyntax.textString(keywords))") }
        fields.append("/Creator (Hearth)")
        fields.append("/Producer (HearthReports)")
        fields.append("/CreationDate \(PDFSyntax.date(creationDate))")
        fields.append("/ModDate \(PDFSyntax.date(creationDate))")
        try writeObject(info, "<< \(fields.joined(separator: " ")) >>")

        let id = deterministic ? PDFSyntax.hex(output.digest) : PDFSyntax.hex(Self.randomBytes(16))
        let xref = output.position
        var table: [UInt8] = Array("xref\n0 \(offsets.count)\n0000000000 65535 f \n".utf8)
        for offset in offsets.dropFirst() {
            var digits = String(offset)
            digits = String(repeating: "0", count: max(0, 10 - digits.count)) + digits
            table.append(contentsOf: Array("\(digits) 00000 n \n".utf8))
        }
        try output.write(table)
        try output.write(
            "trailer\n<< /Size \(offsets.count) /Root \(catalog) 0 R /Info \(info) 0 R /ID [<\(id)> <\(id)>] >>\nstartxref\n\(xref)\n%%EOF\n"
        )
        try output.flush()
    }

    private static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// Embeds a TrueType subset as a Type 0 font with Identity-H encoding, a CIDFontType2 descendant, widths
    /// and a ToUnicode map; returns the Type 0 font's object number.
    private func writeTrueType(_ font: TrueTypeFont, glyphs: [UInt16: Unicode.Scalar]) throws -> Int {
        let used = glyphs.keys.sorted()
        let program = font.subset(keeping: Set(used))
        let name = Self.subsetTag(font: font, glyphs: used) + "+" + font.postScriptName

        let fontFile = reserve()
        try writeStream(fontFile, "/Length1 \(program.count)", program, compressed: true)

        let descriptor = reserve()
        let bbox = font.boundingBox.map { String(font.scaled($0)) }.joined(separator: " ")
        let flags = 32 + (font.isFixedPitch ? 1 : 0) + (font.italicAngle != 0 ? 64 : 0)
        try writeObject(
            descriptor,
            """
            << /Type /FontDescriptor /FontName /\(name) /Flags \(flags) /FontBBox [\(bbox)] \
            /ItalicAngle \(PDFSyntax.number(font.italicAngle)) /Ascent \(font.scaled(font.ascender)) \
            /Descent \(font.scaled(font.descender)) /CapHeight \(font.scaled(font.capHeight)) /StemV 80 /FontFile2 \(fontFile) 0 R >>
            """)

        // Widths of the used glyphs, runs of consecutive ids grouped: `first [w1 w2 …]`.
        var widths = ""
        var index = 0
        while index < used.count {
            var end = index
            while end + 1 < used.count, used[end + 1] == used[end] + 1 { end += 1 }
            let run = used[index...end].map { String(Int(font.advance(of: $0).rounded())) }.joined(separator: " ")
            widths += "\(used[index]) [\(run)] "
            index = end + 1
        }
        let cidFont = reserve()
        try writeObject(
            cidFont,
            """
            << /Type /Font /Subtype /CIDFontType2 /BaseFont /\(name) \
            /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> \
            /FontDescriptor \(descriptor) 0 R /DW \(Int(font.advance(of: 0).rounded())) /W [\(widths)] /CIDToGIDMap /Identity >>
            """)

        let toUnicode = reserve()
        try writeStream(toUnicode, "", Array(Self.toUnicodeCMap(glyphs: glyphs, order: used).utf8))

        let type0 = reserve()
        try writeObject(
            type0,
            "<< /Type /Font /Subtype /Type0 /BaseFont /\(name) /Encoding /Identity-H /DescendantFonts [\(cidFont) 0 R] /ToUnicode \(toUnicode) 0 R >>"
        )
        return type0
    }

    /// Six capital letters naming the subset, derived from its glyphs so the same text gives the same name.
    private static func subsetTag(font: TrueTypeFont, glyphs: [UInt16]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in font.postScriptName.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        for glyph in glyphs { hash = (hash ^ UInt64(glyph)) &* 0x100_0000_01B3 }
        var tag = ""
        for _ in 0..<6 {
            tag.append(Character(Unicode.Scalar(UInt8(65 + hash % 26))))
            hash /= 26
        }
        return tag
    }

    /// A ToUnicode CMap from glyph ids (the 2-byte codes) to the text they stand for.
    static func toUnicodeCMap(glyphs: [UInt16: Unicode.Scalar], order: [UInt16]) -> String {
        var cmap = """
            /CIDInit /ProcSet findresource begin
            12 dict begin
            begincmap
            /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
            /CMapName /Adobe-Identity-UCS def
            /CMapType 2 def
            1 begincodespacerange
            <0000> <FFFF>
            endcodespacerange

            """
        let mapped = order.filter { $0 != 0 && glyphs[$0] != nil }
        var start = 0
        while start < mapped.count {
            let chunk = mapped[start..<min(start + 100, mapped.count)]
            cmap += "\(chunk.count) beginbfchar\n"
            for glyph in chunk {
                var code: [UInt8] = []
                PDFSyntax.appendHex(glyph, to: &code)
                var text: [UInt8] = []
                for unit in String(Character(glyphs[glyph]!)).utf16 { PDFSyntax.appendHex(unit, to: &text) }
                cmap += "<\(String(decoding: code, as: UTF8.self))> <\(String(decoding: text, as: UTF8.self))>\n"
            }
            cmap += "endbfchar\n"
            start += 100
        }
        cmap += """
            endcmap
            CMapName currentdict /CMap defineresource pop
            end
            end

            """
        return cmap
    }
}
