public import Foundation

/// Small PNG and JPEG files made in the test itself, so image tests need no fixtures and no image library.
///
/// The PNG writer stores its pixel data uncompressed (zlib "stored" blocks) and supports every colour type,
/// bit depth and Adam7 interlacing. The JPEG writer makes baseline files in which each 8×8 block is one flat
/// colour (only the DC coefficient is coded), which any JPEG decoder reads.
///
/// ```swift
/// let png = TestImages.png(width: 4, height: 3, colorType: .rgba) { x, y, channel in channel == 3 ? 128 : x * 60 }
/// let jpeg = TestImages.jpeg(width: 16, height: 8) { x, y in (255, UInt8(x * 15), 0) }
/// ```
public enum TestImages {
    /// PNG colour types.
    public enum ColorType: UInt8, Sendable {
        case gray = 0, rgb = 2, palette = 3, grayAlpha = 4, rgba = 6

        public var channels: Int {
            switch self {
            case .gray, .palette: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    /// A PNG whose sample `channel` of pixel (`x`, `y`) is `sample(x, y, channel)`, at `bitDepth` bits.
    /// - Parameters:
    ///   - palette: RGB triples for `.palette`.
    ///   - transparency: the `tRNS` chunk's bytes, when wanted.
    public static func png(
        width: Int, height: Int, colorType: ColorType, bitDepth: Int = 8, palette: [UInt8]? = nil,
        transparency: [UInt8]? = nil, interlaced: Bool = false, sample: (Int, Int, Int) -> Int
    ) -> Data {
        var raw: [UInt8] = []
        let passes: [(Int, Int, Int, Int)] =
            interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        for (x0, y0, dx, dy) in passes {
            let columns = width > x0 ? (width - x0 + dx - 1) / dx : 0
            guard columns > 0 else { continue }
            for y in stride(from: y0, to: height, by: dy) {
                raw.append(0)
                var bits = BitPacker()
                for column in 0..<columns {
                    for channel in 0..<colorType.channels {
                        bits.append(sample(x0 + column * dx, y, channel), bits: bitDepth)
                    }
                }
                raw += bits.finish()
            }
        }
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [UInt8(bitDepth), colorType.rawValue, 0, 0, interlaced ? 1 : 0]
        file += chunk("IHDR", header)
        if let palette { file += chunk("PLTE", palette) }
        if let transparency { file += chunk("tRNS", transparency) }
        let compressed = zlibStored(raw)
        // Two IDAT chunks, as encoders may split the data anywhere.
        let half = compressed.count / 2
        file += chunk("IDAT", Array(compressed[..<half]))
        file += chunk("IDAT", Array(compressed[half...]))
        file += chunk("IEND", [])
        return Data(file)
    }

    /// A baseline JPEG, colour (YCbCr) or gray, each 8×8 block filled with the colour of its top-left pixel.
    public static func jpeg(width: Int, height: Int, gray: Bool = false, color: (Int, Int) -> (UInt8, UInt8, UInt8))
        -> Data
    {
        let components = gray ? 1 : 3
        var file: [UInt8] = [0xFF, 0xD8]
        file += segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
        file += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        var frame: [UInt8] = [8] + bigEndian16(height) + bigEndian16(width) + [UInt8(components)]
        for id in 1...components { frame += [UInt8(id), 0x11, 0] }
        file += segment(0xC0, frame)
        // DC codes: categories 0–11, four bits each. AC: only end-of-block, the one-bit code 0.
        file += segment(0xC4, [0x00] + [0, 0, 0, 12] + [UInt8](repeating: 0, count: 12) + Array(0...11))
        file += segment(0xC4, [0x10] + [1] + [UInt8](repeating: 0, count: 15) + [0])
        var scan: [UInt8] = [UInt8(components)]
        for id in 1...components { scan += [UInt8(id), 0x00] }
        file += segment(0xDA, scan + [0, 63, 0])
        var bits = BitPacker(stuffing: true)
        var predictors = [Int](repeating: 0, count: components)
        for blockY in stride(from: 0, to: height, by: 8) {
            for blockX in stride(from: 0, to: width, by: 8) {
                let (r, g, b) = color(blockX, blockY)
                let (R, G, B) = (Double(r), Double(g), Double(b))
                let values =
                    gray
                    ? [0.299 * R + 0.587 * G + 0.114 * B]
                    : [
                        0.299 * R + 0.587 * G + 0.114 * B,
                        -0.168736 * R - 0.331264 * G + 0.5 * B + 128,
                        0.5 * R - 0.418688 * G - 0.081312 * B + 128,
                    ]
                for (index, value) in values.enumerated() {
                    let dc = Int(((min(max(value, 0), 255) - 128) * 8).rounded())
                    let difference = dc - predictors[index]
                    predictors[index] = dc
                    var category = 0
                    while (1 << category) <= abs(difference) { category += 1 }
                    bits.append(category, bits: 4)
                    if category > 0 {
                        bits.append(difference > 0 ? difference : difference + (1 << category) - 1, bits: category)
                    }
                    bits.append(0, bits: 1)
                }
            }
        }
        file += bits.finish(padWithOnes: true)
        file += [0xFF, 0xD9]
        return Data(file)
    }

    // MARK: Pieces

    struct BitPacker {
        var bytes: [UInt8] = []
        var current: UInt32 = 0
        var count = 0
        var stuffing = false

        mutating func append(_ value: Int, bits: Int) {
            for shift in stride(from: bits - 1, through: 0, by: -1) {
                current = current << 1 | UInt32((value >> shift) & 1)
                count += 1
                if count == 8 { emit() }
            }
        }

        private mutating func emit() {
            let byte = UInt8(current & 0xFF)
            bytes.append(byte)
            if stuffing, byte == 0xFF { bytes.append(0) }
            current = 0
            count = 0
        }

        mutating func finish(padWithOnes: Bool = false) -> [UInt8] {
            while count > 0 { append(padWithOnes ? 1 : 0, bits: 1) }
            return bytes
        }
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func bigEndian16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

    static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
        [0xFF, marker] + bigEndian16(body.count + 2) + body
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// The CRC-32 PNG chunks carry (polynomial 0xEDB88320), bit by bit.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let length = min(65_535, data.count - start)
            let last = start + length >= data.count
            out.append(last ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[start..<(start + length)]
            start += length
        } while start < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }
}
