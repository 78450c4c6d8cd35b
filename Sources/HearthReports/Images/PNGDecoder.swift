import HearthCompression

/// Decodes PNG files into 8-bit gray or RGB samples plus an alpha channel, for Flate recompression in PDF.
///
/// Every colour type (gray, RGB, palette, gray with alpha, RGB with alpha), bit depths 1, 2, 4, 8 and 16
/// (16-bit samples keep their high byte), `tRNS` transparency, and Adam7 interlacing are handled. Chunk
/// CRCs are checked, so damaged files are reported rather than drawn as noise.
enum PNGDecoder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The header fields that decide how pixels are stored.
    struct Header {
        var width: Int
        var height: Int
        var bitDepth: Int
        var colorType: Int
        var interlaced: Bool

        var channels: Int {
            switch colorType {
            case 2: 3
            case 4: 2
            case 6: 4
            default: 1
            }
        }

        var bitsPerPixel: Int { channels * bitDepth }

        func rowBytes(_ width: Int) -> Int { (width * bitsPerPixel + 7) / 8 }
    }

    /// The Adam7 passes: first column, first row, column step, row step.
    static let adam7: [(x: Int, y: Int, dx: Int, dy: Int)] = [
        (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2),
    ]

    static func decode(_ bytes: [UInt8]) throws -> DecodedImage {
        var index = signature.count
        var header: Header?
        var palette: [UInt8] = []
        var transparency: [UInt8]?
        var compressed: [UInt8] = []
        var ended = false
        while index + 12 <= bytes.count {
            let length = Int(readUInt32(bytes, index))
            let typeBytes = bytes[(index + 4)..<(index + 8)]
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard length <= Int(Int32.max), index + 12 + length <= bytes.count else {
                throw ImageProblem("its PNG data is cut short (the \(type) chunk runs past the end of the file)")
            }
            let data = bytes[(index + 8)..<(index + 8 + length)]
            let stored = readUInt32(bytes, index + 8 + length)
            guard Zlib.crc32(bytes[(index + 4)..<(index + 8 + length)]) == stored else {
                throw ImageProblem("its PNG data is damaged (the \(type) chunk fails its checksum)")
            }
            if header == nil, type != "IHDR" {
                throw ImageProblem("its PNG data does not start with a header (IHDR) chunk")
            }
            switch type {
            case "IHDR": header = try readHeader(data)
            case "PLTE":
                guard length % 3 == 0, (3...768).contains(length) else {
                    throw ImageProblem(
                        "its PNG palette has \(length) bytes; a palette holds 1 to 256 colours of 3 bytes")
                }
                palette = Array(data)
            case "tRNS": transparency = Array(data)
            case "IDAT": compressed.append(contentsOf: data)
            case "IEND": ended = true
            default:
                // Ancillary chunks (lower-case first letter) may be skipped; critical ones may not.
                if let first = typeBytes.first, first & 0x20 == 0 {
                    throw ImageProblem("its PNG has a critical \(type) chunk this reader does not know")
                }
            }
            index += 12 + length
            if ended { break }
        }
        guard let header else { throw ImageProblem("its PNG data has no header (IHDR) chunk") }
        guard !compressed.isEmpty else { throw ImageProblem("its PNG data has no pixel data (IDAT chunks)") }
        if header.colorType == 3, palette.isEmpty {
            throw ImageProblem("its PNG uses a palette but has none (PLTE chunk)")
        }

        let passes = header.interlaced ? adam7 : [(0, 0, 1, 1)]
        var expected = 0
        for pass in passes {
            let (w, h) = passSize(header, pass)
            if w > 0, h > 0 { expected += h * (1 + header.rowBytes(w)) }
        }
        let raw: [UInt8]
        switch Zlib.decompress(compressed, exactly: expected) {
        case .success(let bytes): raw = bytes
        case .failure(.damaged): throw ImageProblem("its PNG pixel data is damaged (zlib cannot inflate it)")
        case .failure(.short(let actual)):
            throw ImageProblem("its PNG pixel data is cut short (\(actual) of \(expected) bytes)")
        case .failure(.long):
            throw ImageProblem("its PNG pixel data is longer than its \(header.width)×\(header.height) size allows")
        }

        var output = Output(header: header, palette: palette, transparency: transparency)
        var offset = 0
        for pass in passes {
            let (w, h) = passSize(header, pass)
            guard w > 0, h > 0 else { continue }
            let rowBytes = header.rowBytes(w)
            let rows = try unfilter(
                raw, from: offset, width: rowBytes, height: h, bytesPerPixel: max(1, header.bitsPerPixel / 8))
            offset += h * (1 + rowBytes)
            for row in 0..<h {
                let y = pass.1 + row * pass.3
                for column in 0..<w {
                    try output.store(rows, rowStart: row * rowBytes, column: column, x: pass.0 + column * pass.2, y: y)
                }
            }
        }
        let opaque = output.alpha.allSatisfy { $0 == 255 }
        return DecodedImage(
            format: .png, width: header.width, height: header.height,
            colorSpace: output.components == 1 ? .gray : .rgb, pixels: .samples(output.samples),
            alpha: opaque ? nil : output.alpha)
    }

    private static func readUInt32(_ bytes: [UInt8], _ index: Int) -> UInt32 {
        UInt32(bytes[index]) << 24 | UInt32(bytes[index + 1]) << 16 | UInt32(bytes[index + 2]) << 8
            | UInt32(bytes[index + 3])
    }

    private static func readHeader(_ data: ArraySlice<UInt8>) throws -> Header {
        guard data.count == 13 else {
            throw ImageProblem("its PNG header (IHDR) has \(data.count) bytes instead of 13")
        }
        let bytes = Array(data)
        let width = Int(readUInt32(bytes, 0))
        let height = Int(readUInt32(bytes, 4))
        let header = Header(
            width: width, height: height, bitDepth: Int(bytes[8]), colorType: Int(bytes[9]), interlaced: bytes[12] == 1)
        guard width > 0, height > 0, width <= 100_000, height <= 100_000 else {
            throw ImageProblem("its PNG header gives an impossible size, \(width)×\(height) pixels")
        }
        guard width * height <= DecodedImage.maximumPixels else {
            throw ImageProblem("it is \(width)×\(height) pixels; scale it below 40 megapixels")
        }
        let depths: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard let allowed = depths[header.colorType] else {
            throw ImageProblem("its PNG colour type \(header.colorType) does not exist (0, 2, 3, 4 and 6 do)")
        }
        guard allowed.contains(header.bitDepth) else {
            throw ImageProblem("its PNG colour type \(header.colorType) cannot have \(header.bitDepth)-bit samples")
        }
        guard bytes[10] == 0, bytes[11] == 0, bytes[12] <= 1 else {
            throw ImageProblem("its PNG header names an unknown compression, filter or interlace method")
        }
        return header
    }

    private static func passSize(_ header: Header, _ pass: (Int, Int, Int, Int)) -> (Int, Int) {
        let w = header.width > pass.0 ? (header.width - pass.0 + pass.2 - 1) / pass.2 : 0
        let h = header.height > pass.1 ? (header.height - pass.1 + pass.3 - 1) / pass.3 : 0
        return (w, h)
    }

    /// Undoes the per-row filters (none, sub, up, average, Paeth) of one (sub)image.
    private static func unfilter(_ raw: [UInt8], from start: Int, width: Int, height: Int, bytesPerPixel bpp: Int)
        throws -> [UInt8]
    {
        var rows = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            let source = start + y * (width + 1)
            let filter = raw[source]
            let out = y * width
            let previous = out - width
            for x in 0..<width {
                let value = raw[source + 1 + x]
                let left = x >= bpp ? rows[out + x - bpp] : 0
                let up = y > 0 ? rows[previous + x] : 0
                let upLeft = y > 0 && x >= bpp ? rows[previous + x - bpp] : 0
                switch filter {
                case 0: rows[out + x] = value
                case 1: rows[out + x] = value &+ left
                case 2: rows[out + x] = value &+ up
                case 3: rows[out + x] = value &+ UInt8((Int(left) + Int(up)) / 2)
                case 4:
                    let estimate = Int(left) + Int(up) - Int(upLeft)
                    let (a, b, c) = (abs(estimate - Int(left)), abs(estimate - Int(up)), abs(estimate - Int(upLeft)))
                    rows[out + x] = value &+ (a <= b && a <= c ? left : b <= c ? up : upLeft)
                default:
                    throw ImageProblem("its PNG pixel data is damaged (row \(y + 1) has unknown filter \(filter))")
                }
            }
        }
        return rows
    }

    /// Collects 8-bit samples and alpha while pixels are read, in any order (interlaced passes).
    struct Output {
        let header: Header
        let palette: [UInt8]
        let transparency: [UInt8]?
        let components: Int
        var samples: [UInt8]
        var alpha: [UInt8]

        init(header: Header, palette: [UInt8], transparency: [UInt8]?) {
            self.header = header
            self.palette = palette
            self.transparency = transparency
            components = header.colorType == 0 || header.colorType == 4 ? 1 : 3
            samples = [UInt8](repeating: 0, count: header.width * header.height * components)
            alpha = [UInt8](repeating: 255, count: header.width * header.height)
        }

        /// Sample `channel` of pixel `column` at full depth (up to 16 bits).
        @inline(__always)
        func raw(_ rows: [UInt8], _ rowStart: Int, _ column: Int, _ channel: Int) -> Int {
            let depth = header.bitDepth
            switch depth {
            case 8: return Int(rows[rowStart + column * header.channels + channel])
            case 16:
                let at = rowStart + (column * header.channels + channel) * 2
                return Int(rows[at]) << 8 | Int(rows[at + 1])
            default:
                let bit = column * depth
                let byte = rows[rowStart + bit / 8]
                return Int(byte >> UInt8(8 - depth - bit % 8)) & ((1 << depth) - 1)
            }
        }

        /// A full-depth sample scaled to 8 bits.
        @inline(__always)
        func eight(_ value: Int) -> UInt8 {
            switch header.bitDepth {
            case 16: UInt8(value >> 8)
            case 8: UInt8(value)
            default: UInt8(value * 255 / ((1 << header.bitDepth) - 1))
            }
        }

        mutating func store(_ rows: [UInt8], rowStart: Int, column: Int, x: Int, y: Int) throws {
            let pixel = y * header.width + x
            let out = pixel * components
            switch header.colorType {
            case 0:
                let gray = raw(rows, rowStart, column, 0)
                samples[out] = eight(gray)
                if let key = transparency, key.count >= 2, gray == Int(key[0]) << 8 | Int(key[1]) { alpha[pixel] = 0 }
            case 2:
                let r = raw(rows, rowStart, column, 0)
                let g = raw(rows, rowStart, column, 1)
                let b = raw(rows, rowStart, column, 2)
                samples[out] = eight(r)
                samples[out + 1] = eight(g)
                samples[out + 2] = eight(b)
                if let key = transparency, key.count >= 6,
                    r == Int(key[0]) << 8 | Int(key[1]), g == Int(key[2]) << 8 | Int(key[3]),
                    b == Int(key[4]) << 8 | Int(key[5])
                {
                    alpha[pixel] = 0
                }
            case 3:
                let entry = raw(rows, rowStart, column, 0)
                guard entry * 3 + 2 < palette.count else {
                    throw ImageProblem(
                        "its PNG pixel at \(x),\(y) uses colour \(entry) but the palette has \(palette.count / 3)")
                }
                samples[out] = palette[entry * 3]
                samples[out + 1] = palette[entry * 3 + 1]
                samples[out + 2] = palette[entry * 3 + 2]
                if let table = transparency, entry < table.count { alpha[pixel] = table[entry] }
            case 4:
                samples[out] = eight(raw(rows, rowStart, column, 0))
                alpha[pixel] = eight(raw(rows, rowStart, column, 1))
            default:
                samples[out] = eight(raw(rows, rowStart, column, 0))
                samples[out + 1] = eight(raw(rows, rowStart, column, 1))
                samples[out + 2] = eight(raw(rows, rowStart, column, 2))
                alpha[pixel] = eight(raw(rows, rowStart, column, 3))
            }
        }
    }
}
