extension TrueTypeFont {
    /// The tables a PDF's embedded TrueType program needs (ISO 32000-1, 9.9): outlines, metrics and hinting.
    private static let subsetTables = ["cvt ", "fpgm", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "prep"]

    /// The glyphs of `glyphs` plus `.notdef` and every component their composite outlines refer to.
    func closure(of glyphs: Set<UInt16>) -> Set<UInt16> {
        var result: Set<UInt16> = [0]
        var pending = Array(glyphs)
        let reader = ByteReader(bytes)
        while let glyph = pending.popLast() {
            guard Int(glyph) < glyphCount, result.insert(glyph).inserted || glyph == 0 else { continue }
            let range = glyphRange(Int(glyph))
            guard range.count >= 10, reader.i16(range.lowerBound) < 0 else { continue }
            // A composite glyph: walk its component records.
            var at = range.lowerBound + 10
            while at + 4 <= range.upperBound {
                let flags = reader.u16(at)
                let component = reader.u16(at + 2)
                if !result.contains(component) { pending.append(component) }
                at += 4 + (flags & 0x0001 != 0 ? 4 : 2)
                if flags & 0x0008 != 0 {
                    at += 2
                } else if flags & 0x0040 != 0 {
                    at += 4
                } else if flags & 0x0080 != 0 {
                    at += 8
                }
                if flags & 0x0020 == 0 { break }
            }
        }
        return result
    }

    /// A TrueType program holding only `glyphs` (and what they need), with glyph ids unchanged so a PDF can
    /// map CIDs to glyphs with `/CIDToGIDMap /Identity`. Unused glyphs keep their slot with an empty outline.
    func subset(keeping glyphs: Set<UInt16>) -> [UInt8] {
        let keep = closure(of: glyphs)
        var glyf: [UInt8] = []
        var loca: [UInt8] = []
        loca.reserveCapacity((glyphCount + 1) * 4)
        for glyph in 0..<glyphCount {
            appendU32(&loca, UInt32(glyf.count))
            guard keep.contains(UInt16(glyph)) else { continue }
            glyf.append(contentsOf: bytes[glyphRange(glyph)])
            while glyf.count % 4 != 0 { glyf.append(0) }
        }
        appendU32(&loca, UInt32(glyf.count))

        // Metrics of dropped glyphs become zeros, which compress to almost nothing.
        let reader = ByteReader(bytes)
        let hhea = tables["hhea"]!
        let metricCount = Int(reader.u16(hhea.offset + 34))
        let hmtxRecord = tables["hmtx"]!
        var hmtx = Array(bytes[hmtxRecord.offset..<(hmtxRecord.offset + hmtxRecord.length)])
        for glyph in 0..<glyphCount where !keep.contains(UInt16(glyph)) {
            let at = glyph < metricCount ? glyph * 4 : metricCount * 4 + (glyph - metricCount) * 2
            let size = glyph < metricCount ? 4 : 2
            guard at + size <= hmtx.count else { continue }
            for index in at..<(at + size) { hmtx[index] = 0 }
        }

        let headRecord = tables["head"]!
        var head = Array(bytes[headRecord.offset..<(headRecord.offset + headRecord.length)])
        guard head.count >= 54 else { return [] }
        head[8] = 0
        head[9] = 0
        head[10] = 0
        head[11] = 0  // checkSumAdjustment, set below
        head[50] = 0
        head[51] = 1  // long loca offsets

        var contents: [String: [UInt8]] = ["glyf": glyf, "loca": loca, "hmtx": hmtx, "head": head]
        for tag in Self.subsetTables where contents[tag] == nil {
            if let record = tables[tag] {
                contents[tag] = Array(bytes[record.offset..<(record.offset + record.length)])
            }
        }
        let tags = Self.subsetTables.filter { contents[$0] != nil }

        var font: [UInt8] = []
        let count = tags.count
        var power = 1
        var log2 = 0
        while power * 2 <= count {
            power *= 2
            log2 += 1
        }
        appendU32(&font, 0x0001_0000)
        appendU16(&font, UInt16(count))
        appendU16(&font, UInt16(power * 16))
        appendU16(&font, UInt16(log2))
        appendU16(&font, UInt16(count * 16 - power * 16))
        var offset = 12 + count * 16
        var headOffset = 0
        for tag in tags {
            let table = contents[tag]!
            font.append(contentsOf: Array(tag.utf8))
            appendU32(&font, Self.checksum(table))
            appendU32(&font, UInt32(offset))
            appendU32(&font, UInt32(table.count))
            if tag == "head" { headOffset = offset }
            offset += (table.count + 3) & ~3
        }
        for tag in tags {
            font.append(contentsOf: contents[tag]!)
            while font.count % 4 != 0 { font.append(0) }
        }
        let adjustment = 0xB1B0_AFBA &- Self.checksum(font)
        font[headOffset + 8] = UInt8(adjustment >> 24)
        font[headOffset + 9] = UInt8(adjustment >> 16 & 0xFF)
        font[headOffset + 10] = UInt8(adjustment >> 8 & 0xFF)
        font[headOffset + 11] = UInt8(adjustment & 0xFF)
        return font
    }

    /// The TrueType table checksum: the sum of big-endian 32-bit words, zero-padded.
    static func checksum(_ data: [UInt8]) -> UInt32 {
        var sum: UInt32 = 0
        var index = 0
        while index < data.count {
            var word: UInt32 = 0
            for byte in 0..<4 {
                word <<= 8
                if index + byte < data.count { word |= UInt32(data[index + byte]) }
            }
            sum = sum &+ word
            index += 4
        }
        return sum
    }
}

@inline(__always)
func appendU16(_ bytes: inout [UInt8], _ value: UInt16) {
    bytes.append(UInt8(value >> 8))
    bytes.append(UInt8(value & 0xFF))
}

@inline(__always)
func appendU32(_ bytes: inout [UInt8], _ value: UInt32) {
    bytes.append(UInt8(value >> 24))
    bytes.append(UInt8(value >> 16 & 0xFF))
    bytes.append(UInt8(value >> 8 & 0xFF))
    bytes.append(UInt8(value & 0xFF))
}
