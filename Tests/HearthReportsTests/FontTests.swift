import Foundation
import HearthCompression
import HearthCore
import Testing

@testable import HearthReports

@Suite("Fonts: AFM widths, TrueType parsing and subsetting")
struct FontTests {
    @Test func standardFontsUseTheirRealAFMWidths() throws {
        let faces = FaceTable(fonts: ReportFonts())
        let helvetica = try faces.face(.helvetica, bold: false, italic: false)
        // Helvetica.afm: W 944, i 222, space 278, ü 556; Helvetica-Bold: W 944, i 278.
        #expect(helvetica.width("W") == 944)
        #expect(helvetica.width("i") == 222)
        #expect(helvetica.width("Zürich") == 611 + 556 + 333 + 222 + 500 + 556)
        #expect(try faces.face(.helvetica, bold: true, italic: false).width("i") == 278)
        #expect(try faces.face(.times, bold: false, italic: false).width("W") == 944)
        #expect(try faces.face(.times, bold: false, italic: false).width("a") == 444)
        #expect(try faces.face(.courier, bold: true, italic: true).width("Wi—") == 1800)
        #expect(StandardFontMetrics.winAnsiCode("€") == 0x80)
        #expect(StandardFontMetrics.winAnsiCode("Ω") == nil)
    }

    @Test func dejaVuIsParsedFromItsTables() throws {
        let fonts = ReportFonts()
        let font = try fonts.trueType("DejaVuSans.ttf")
        #expect(font.postScriptName == "DejaVuSans")
        #expect(font.unitsPerEm == 2048)
        #expect(font.glyphCount > 5_000)
        #expect(font.glyph(for: "A") != 0)
        #expect(font.glyph(for: "Ω") != 0)
        #expect(font.glyph(for: "П") != 0)
        #expect(font.glyph(for: "\u{E000}") == 0)
        #expect(font.advance(of: font.glyph(for: " ")) > 300)
        #expect(font.ascender > 0 && font.descender < 0)
        let mono = try fonts.trueType("DejaVuSansMono.ttf")
        #expect(mono.isFixedPitch)
        #expect(mono.advance(of: mono.glyph(for: "i")) == mono.advance(of: mono.glyph(for: "W")))
        #expect(try fonts.trueType("DejaVuSans.ttf") === font, "fonts are parsed once and cached")
    }

    @Test func subsetsKeepOnlyUsedGlyphsAndStayValid() throws {
        let font = try ReportFonts().trueType("DejaVuSans.ttf")
        let glyphs = Set("Zürich Ωμέγα Привет".unicodeScalars.map { font.glyph(for: $0) })
        let subset = font.subset(keeping: glyphs)
        #expect(subset.count < font.bytes.count / 3)
        let parsed = try TrueTypeFont(bytes: subset, name: "subset", unicodeMap: false)
        #expect(parsed.glyphCount == font.glyphCount, "glyph ids are kept so CIDToGIDMap can be Identity")
        for glyph in glyphs {
            #expect(parsed.glyphRange(Int(glyph)).count == font.glyphRange(Int(glyph)).count)
            #expect(parsed.advances[Int(glyph)] == font.advances[Int(glyph)])
        }
        let unused = font.glyph(for: "Q")
        #expect(parsed.glyphRange(Int(unused)).isEmpty)
        // The whole-font checksum must come to the magic number once checkSumAdjustment is set.
        #expect(TrueTypeFont.checksum(subset) == 0xB1B0_AFBA)
    }

    @Test func compositeGlyphsBringTheirComponents() throws {
        let font = try ReportFonts().trueType("DejaVuSans.ttf")
        // Accented letters in DejaVu are composites of a base letter and an accent.
        let ue = font.glyph(for: "ǖ")
        let closure = font.closure(of: [ue])
        #expect(closure.count > 2)
        #expect(closure.contains(0))
    }

    @Test func damagedFontFilesAreRejectedWithAReason() throws {
        #expect(throws: ServiceError.self) { try TrueTypeFont(bytes: [0, 1, 2], name: "tiny.ttf") }
        var bytes = [UInt8](repeating: 0, count: 64)
        bytes[0] = 0x4F
        bytes[1] = 0x54
        bytes[2] = 0x54
        bytes[3] = 0x4F
        do {
            _ = try TrueTypeFont(bytes: bytes, name: "cff.otf")
            Issue.record("a CFF font must be rejected")
        } catch let error as ServiceError {
            #expect(error.code == .corrupted)
            #expect(error.message.contains("cff.otf"))
            #expect(error.message.contains("CFF"))
        }
        // A font whose tables point past its end.
        let real = try ReportFonts().trueType("DejaVuSansMono.ttf").bytes
        #expect(throws: ServiceError.self) { try TrueTypeFont(bytes: Array(real.prefix(4_000)), name: "cut.ttf") }
    }
}

@Suite("Flate and PDF syntax")
struct PDFSyntaxTests {
    @Test func numbersAreShortAndExact() {
        for (value, text) in [
            (12.0, "12"), (12.5, "12.5"), (-0.25, "-0.25"), (0.004, "0"), (595.28, "595.28"), (1_000_000, "1000000"),
        ] {
            #expect(PDFSyntax.number(value) == text)
        }
    }

    @Test func literalStringsAreEscaped() {
        var out: [UInt8] = []
        PDFSyntax.appendLiteral(Array("a(b)c\\".utf8) + [0xFC], to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "(a\\(b\\)c\\\\\\374)")
        #expect(PDFSyntax.textString("Zürich") == "<FEFF005A00FC0072006900630068>")
        #expect(PDFSyntax.textString("Plain (text)") == "(Plain \\(text\\))")
    }

    @Test func flateCompressesRepetitiveContent() throws {
        let content = Array(String(repeating: "0 0 m 100 100 l S\n", count: 500).utf8)
        let compressed = try Zlib.compress(content, format: .zlib)
        #expect(compressed.count < content.count / 20)
        #expect(compressed.first == 0x78, "a zlib header")
    }

    @Test func toUnicodeMapsGlyphsToText() {
        let cmap = PDFDocumentWriter.toUnicodeCMap(glyphs: [36: "A", 1234: "Ω"], order: [36, 1234])
        #expect(cmap.contains("2 beginbfchar"))
        #expect(cmap.contains("<0024> <0041>"))
        #expect(cmap.contains("<04D2> <03A9>"))
    }
}
