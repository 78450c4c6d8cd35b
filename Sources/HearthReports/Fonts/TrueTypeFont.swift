import Foundation
import HearthCore

/// A TrueType font file, parsed far enough to lay out text and embed a subset in a PDF.
///
/// Reads the `head`, `hhea`, `maxp`, `hmtx`, `loca`, `glyf`, `cmap` (formats 4 and 12), `post`, `OS/2` and
/// `name` tables. Immutable once parsed, so one instance is shared by every render.
final class TrueTypeFont: Sendable {
    /// Where a table sits in the file.
    struct TableRecord: Sendable {
        let offset: Int
        let length: Int
    }

    /// The file's bytes.
    let bytes: [UInt8]
    /// The tables by tag.
    let tables: [String: TableRecord]
    /// The PostScript name from the `name` table, such as `DejaVuSans-Bold`.
    let postScriptName: String
    /// Font units per em (2048 for DejaVu).
    let unitsPerEm: Int
    /// Bounding box of all glyphs, in font units: xMin, yMin, xMax, yMax.
    let boundingBox: [Int]
    /// Typographic ascender and descender (hhea), in font units.
    let ascender: Int
    let descender: Int
    /// Height of capital letters (OS/2 version 2 and later, else the ascender), in font units.
    let capHeight: Int
    /// Italic angle in degrees (post).
    let italicAngle: Double
    /// Whether all glyphs have the same advance (post.isFixedPitch).
    let isFixedPitch: Bool
    /// Number of glyphs (maxp).
    let glyphCount: Int
    /// 0 for short `loca` offsets, 1 for long ones.
    let indexToLocFormat: Int
    /// Advance width of every glyph, in font units.
    let advances: [UInt16]
    /// Glyph of every Basic Multilingual Plane code point (0 for none).
    private let bmpGlyphs: [UInt16]
    /// Glyphs of code points above U+FFFF.
    private let supplementaryGlyphs: [UInt32: UInt16]

    /// Parses a font file.
    /// - Throws: ``ServiceError`` with code `corrupted` when the file is not a usable TrueType font.
    /// - Parameter unicodeMap: whether to read the `cmap`; off for font programs embedded in a PDF, which
    ///   are addressed by glyph id and have none.
    init(bytes: [UInt8], name: String, unicodeMap: Bool = true) throws {
        self.bytes = bytes
        let reader = ByteReader(bytes)
        func corrupt(_ why: String) -> ServiceError {
            ServiceError(.corrupted, "The font file \(name) is not a usable TrueType font: \(why).")
        }
        guard bytes.count >= 12 else { throw corrupt("it is too short") }
        let version = reader.u32(0)
        guard version == 0x0001_0000 || version == 0x7472_7565 else {
            throw corrupt(
                version == 0x4F54_544F ? "it holds CFF outlines (OpenType/CFF), not TrueType" : "unknown version")
        }
        let tableCount = Int(reader.u16(4))
        guard 12 + tableCount * 16 <= bytes.count else { throw corrupt("its table directory is cut off") }
        var tables: [String: TableRecord] = [:]
        for index in 0..<tableCount {
            let entry = 12 + index * 16
            let tag = String(decoding: bytes[entry..<entry + 4], as: UTF8.self)
            let offset = Int(reader.u32(entry + 8))
            let length = Int(reader.u32(entry + 12))
            guard offset >= 0, length >= 0, offset + length <= bytes.count else {
                throw corrupt("table \(tag) lies outside the file")
            }
            tables[tag] = TableRecord(offset: offset, length: length)
        }
        self.tables = tables
        for required in ["head", "hhea", "maxp", "hmtx", "loca", "glyf"] + (unicodeMap ? ["cmap"] : [])
        where tables[required] == nil {
            throw corrupt("it has no \(required) table")
        }

        let head = tables["head"]!.offset
        unitsPerEm = Int(reader.u16(head + 18))
        guard unitsPerEm >= 16 else { throw corrupt("unitsPerEm is \(unitsPerEm)") }
        boundingBox = [
            Int(reader.i16(head + 36)), Int(reader.i16(head + 38)), Int(reader.i16(head + 40)),
            Int(reader.i16(head + 42)),
        ]
        indexToLocFormat = Int(reader.i16(head + 50))

        let hhea = tables["hhea"]!.offset
        ascender = Int(reader.i16(hhea + 4))
        descender = Int(reader.i16(hhea + 6))
        let metricCount = Int(reader.u16(hhea + 34))

        glyphCount = Int(reader.u16(tables["maxp"]!.offset + 4))
        guard glyphCount > 0, metricCount > 0, metricCount <= glyphCount else {
            throw corrupt("its glyph counts disagree")
        }

        let hmtx = tables["hmtx"]!
        guard hmtx.length >= metricCount * 4 else { throw corrupt("hmtx is too short") }
        var advances = [UInt16](repeating: 0, count: glyphCount)
        for glyph in 0..<glyphCount {
            advances[glyph] = reader.u16(hmtx.offset + min(glyph, metricCount - 1) * 4)
        }
        self.advances = advances

        if let os2 = tables["OS/2"], reader.u16(os2.offset) >= 2, os2.length >= 90 {
            capHeight = Int(reader.i16(os2.offset + 88))
        } else {
            capHeight = ascender
        }
        if let post = tables["post"], post.length >= 16 {
            italicAngle = Double(reader.i32(post.offset + 4)) / 65536
            isFixedPitch = reader.u32(post.offset + 12) != 0
        } else {
            italicAngle = 0
            isFixedPitch = false
        }
        postScriptName =
            Self.readPostScriptName(reader, tables["name"]) ?? name.replacingOccurrences(of: ".ttf", with: "")

        if unicodeMap {
            (bmpGlyphs, supplementaryGlyphs) = try Self.readCmap(
                reader, tables["cmap"]!, glyphCount: glyphCount, corrupt: corrupt)
        } else {
            (bmpGlyphs, supplementaryGlyphs) = ([UInt16](repeating: 0, count: 0x10000), [:])
        }
    }

    /// The glyph for a Unicode scalar, or 0 (`.notdef`) when the font lacks it.
    @inline(__always)
    func glyph(for scalar: Unicode.Scalar) -> UInt16 {
        let value = scalar.value
        if value < 0x10000 { return bmpGlyphs[Int(value)] }
        return supplementaryGlyphs[value] ?? 0
    }

    /// A glyph's advance in 1/1000 em.
    @inline(__always)
    func advance(of glyph: UInt16) -> Double {
        Double(advances[Int(glyph)]) * 1000 / Double(unitsPerEm)
    }

    /// Font units scaled to 1/1000 em.
    func scaled(_ units: Int) -> Int { Int((Double(units) * 1000 / Double(unitsPerEm)).rounded()) }

    /// The byte range of a glyph's outline in the file (empty for a glyph with no outline).
    func glyphRange(_ glyph: Int) -> Range<Int> {
        guard glyph >= 0, glyph < glyphCount else { return 0..<0 }
        let reader = ByteReader(bytes)
        let loca = tables["loca"]!.offset
        let glyf = tables["glyf"]!
        let start: Int
        let end: Int
        if indexToLocFormat == 0 {
            start = Int(reader.u16(loca + glyph * 2)) * 2
            end = Int(reader.u16(loca + glyph * 2 + 2)) * 2
        } else {
            start = Int(reader.u32(loca + glyph * 4))
            end = Int(reader.u32(loca + glyph * 4 + 4))
        }
        guard start <= end, end <= glyf.length else { return 0..<0 }
        return (glyf.offset + start)..<(glyf.offset + end)
    }

    // MARK: Table readers

    private static func readPostScriptName(_ reader: ByteReader, _ record: TableRecord?) -> String? {
        guard let record, record.length >= 6 else { return nil }
        let base = record.offset
        let count = Int(reader.u16(base + 2))
        let storage = base + Int(reader.u16(base + 4))
        for index in 0..<count {
            let entry = base + 6 + index * 12
            guard entry + 12 <= base + record.length else { break }
            let platform = reader.u16(entry)
            let encoding = reader.u16(entry + 2)
            let nameID = reader.u16(entry + 6)
            let length = Int(reader.u16(entry + 8))
            let offset = Int(reader.u16(entry + 10))
            guard nameID == 6, storage + offset + length <= reader.bytes.count else { continue }
            let raw = reader.bytes[(storage + offset)..<(storage + offset + length)]
            let name: String
            if platform == 3 || platform == 0 {
                var units: [UInt16] = []
                var index = raw.startIndex
                while index + 1 < raw.endIndex {
                    units.append(UInt16(raw[index]) << 8 | UInt16(raw[index + 1]))
                    index += 2
                }
                name = String(decoding: units, as: UTF16.self)
            } else if platform == 1 && encoding == 0 {
                name = String(decoding: raw, as: UTF8.self)
            } else {
                continue
            }
            // A PDF name must stay printable ASCII without delimiters.
            let clean = String(
                name.unicodeScalars.filter {
                    $0.value > 0x20 && $0.value < 0x7F && !"()<>[]{}/%#".unicodeScalars.contains($0)
                })
            if !clean.isEmpty { return clean }
        }
        return nil
    }

    private static func readCmap(
        _ reader: ByteReader, _ record: TableRecord, glyphCount: Int, corrupt: (String) -> ServiceError
    ) throws -> ([UInt16], [UInt32: UInt16]) {
        let base = record.offset
        let count = Int(reader.u16(base + 2))
        var format4: Int?
        var format12: Int?
        for index in 0..<count {
            let entry = base + 4 + index * 8
            guard entry + 8 <= base + record.length else { break }
            let platform = reader.u16(entry)
            let encoding = reader.u16(entry + 2)
            let subtable = base + Int(reader.u32(entry + 4))
            guard subtable + 4 <= reader.bytes.count else { continue }
            let format = reader.u16(subtable)
            let unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10))
            guard unicode else { continue }
            if format == 4 && format4 == nil { format4 = subtable }
            if format == 12 && format12 == nil { format12 = subtable }
        }
        var bmp = [UInt16](repeating: 0, count: 0x10000)
        var supplementary: [UInt32: UInt16] = [:]
        if let table = format12 {
            let groups = Int(reader.u32(table + 12))
            guard table + 16 + groups * 12 <= reader.bytes.count else { throw corrupt("its cmap format 12 is cut off") }
            for group in 0..<groups {
                let entry = table + 16 + group * 12
                let start = reader.u32(entry)
                let end = reader.u32(entry + 4)
                let startGlyph = reader.u32(entry + 8)
                guard start <= end, end <= 0x10FFFF else { continue }
                for code in start...end {
                    let glyph = startGlyph + (code - start)
                    guard glyph < glyphCount else { break }
                    if code < 0x10000 { bmp[Int(code)] = UInt16(glyph) } else { supplementary[code] = UInt16(glyph) }
                }
            }
        } else if let table = format4 {
            let segments = Int(reader.u16(table + 6)) / 2
            let ends = table + 14
            let starts = ends + segments * 2 + 2
            let deltas = starts + segments * 2
            let rangeOffsets = deltas + segments * 2
            guard rangeOffsets + segments * 2 <= reader.bytes.count else {
                throw corrupt("its cmap format 4 is cut off")
            }
            for segment in 0..<segments {
                let end = Int(reader.u16(ends + segment * 2))
                let start = Int(reader.u16(starts + segment * 2))
                let delta = Int(reader.u16(deltas + segment * 2))
                let rangeOffsetAt = rangeOffsets + segment * 2
                let rangeOffset = Int(reader.u16(rangeOffsetAt))
                guard start <= end else { continue }
                for code in start...end where code != 0xFFFF {
                    var glyph: Int
                    if rangeOffset == 0 {
                        glyph = (code + delta) & 0xFFFF
                    } else {
                        let at = rangeOffsetAt + rangeOffset + (code - start) * 2
                        guard at + 2 <= reader.bytes.count else { continue }
                        glyph = Int(reader.u16(at))
                        if glyph != 0 { glyph = (glyph + delta) & 0xFFFF }
                    }
                    if glyph < glyphCount { bmp[code] = UInt16(glyph) }
                }
            }
        } else {
            throw corrupt("it has no Unicode cmap")
        }
        return (bmp, supplementary)
    }
}

/// Big-endian reads from a byte array; out-of-range reads return 0 so a damaged font cannot crash a render.
struct ByteReader {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    @inline(__always)
    func u8(_ at: Int) -> UInt8 { at >= 0 && at < bytes.count ? bytes[at] : 0 }
    @inline(__always)
    func u16(_ at: Int) -> UInt16 { UInt16(u8(at)) << 8 | UInt16(u8(at + 1)) }
    @inline(__always)
    func i16(_ at: Int) -> Int16 { Int16(bitPattern: u16(at)) }
    @inline(__always)
    func u32(_ at: Int) -> UInt32 { UInt32(u16(at)) << 16 | UInt32(u16(at + 2)) }
    @inline(__always)
    func i32(_ at: Int) -> Int32 { Int32(bitPattern: u32(at)) }
}
