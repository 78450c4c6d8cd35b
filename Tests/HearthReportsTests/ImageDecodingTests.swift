import Foundation
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthReports

/// PNG and JPEG reading without any external tool: sizes, colour spaces, samples, and clear errors.
@Suite struct ImageDecodingTests {
    func decode(_ data: Data, name: String = "test.png") throws -> DecodedImage {
        try DecodedImage.decode(ReportImage(name: name, data: data))
    }

    func samples(_ image: DecodedImage) -> [UInt8] {
        if case .samples(let samples) = image.pixels { return samples }
        return []
    }

    @Test func grayAtEveryBitDepth() throws {
        for depth in [1, 2, 4, 8, 16] {
            let top = (1 << depth) - 1
            let png = TestImages.png(width: 5, height: 2, colorType: .gray, bitDepth: depth) { x, _, _ in
                x % 2 == 0 ? 0 : top
            }
            let image = try decode(png)
            #expect(
                image.width == 5 && image.height == 2 && image.colorSpace == .gray && image.alpha == nil,
                "depth \(depth)")
            #expect(samples(image) == [0, 255, 0, 255, 0, 0, 255, 0, 255, 0], "depth \(depth)")
        }
    }

    @Test func rgbPaletteAndAlpha() throws {
        let rgb = try decode(TestImages.png(width: 3, height: 1, colorType: .rgb) { x, _, c in x * 10 + c })
        #expect(rgb.colorSpace == .rgb && samples(rgb) == [0, 1, 2, 10, 11, 12, 20, 21, 22] && rgb.alpha == nil)

        let rgb16 = try decode(
            TestImages.png(width: 2, height: 1, colorType: .rgb, bitDepth: 16) { x, _, c in (x * 100 + c) << 8 | 0x7F })
        #expect(samples(rgb16) == [0, 1, 2, 100, 101, 102])

        let palette: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255]
        let indexed = try decode(
            TestImages.png(
                width: 3, height: 2, colorType: .palette, bitDepth: 4, palette: palette,
                transparency: [255, 128]
            ) { x, _, _ in x })
        #expect(indexed.colorSpace == .rgb)
        #expect(Array(samples(indexed).prefix(9)) == palette)
        #expect(indexed.alpha == [255, 128, 255, 255, 128, 255])

        let rgba = try decode(
            TestImages.png(width: 2, height: 2, colorType: .rgba) { x, y, c in c == 3 ? (x + y) * 100 : 50 })
        #expect(rgba.alpha == [0, 100, 100, 200])
        let opaque = try decode(
            TestImages.png(width: 2, height: 2, colorType: .grayAlpha) { _, _, c in c == 1 ? 255 : 7 })
        #expect(opaque.alpha == nil && samples(opaque) == [7, 7, 7, 7])

        // A tRNS colour key makes exactly the matching pixels transparent.
        let keyed = try decode(
            TestImages.png(width: 3, height: 1, colorType: .gray, transparency: [0, 9]) { x, _, _ in x == 1 ? 9 : 10 })
        #expect(keyed.alpha == [255, 0, 255])
    }

    @Test func interlacedMatchesTheSameImageNotInterlaced() throws {
        for (width, height) in [(1, 1), (9, 7), (17, 12)] {
            let pixel: (Int, Int, Int) -> Int = { x, y, c in (x * 31 + y * 17 + c * 5) % 256 }
            let plain = try decode(TestImages.png(width: width, height: height, colorType: .rgba, sample: pixel))
            let interlaced = try decode(
                TestImages.png(width: width, height: height, colorType: .rgba, interlaced: true, sample: pixel))
            #expect(samples(plain) == samples(interlaced), "\(width)×\(height)")
            #expect(plain.alpha == interlaced.alpha)
            let gray = try decode(
                TestImages.png(width: width, height: height, colorType: .gray, bitDepth: 2, interlaced: true) {
                    x, y, _ in (x + y) % 4
                })
            #expect(samples(gray).count == width * height)
        }
    }

    @Test func jpegSizeAndComponentsComeFromTheFrameHeader() throws {
        let color = try decode(
            TestImages.jpeg(width: 40, height: 24) { x, _ in (UInt8(x * 6), 100, 50) }, name: "photo.jpg")
        #expect(color.format == .jpeg && color.width == 40 && color.height == 24 && color.colorSpace == .rgb)
        let gray = try decode(
            TestImages.jpeg(width: 17, height: 9, gray: true) { _, _ in (90, 90, 90) }, name: "scan.jpg")
        #expect(gray.width == 17 && gray.height == 9 && gray.colorSpace == .gray)
        if case .jpeg(let bytes) = gray.pixels {
            #expect(Data(bytes) == TestImages.jpeg(width: 17, height: 9, gray: true) { _, _ in (90, 90, 90) })
        }
    }

    @Test(arguments: [
        ("random.png", Data([1, 2, 3, 4, 5]), "neither a JPEG nor a PNG"),
        ("empty.jpg", Data([0xFF, 0xD8]), "ends before the image data"),
        ("no-frame.jpg", Data([0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02, 0xFF, 0xD9]), "no frame header"),
        ("cut.jpg", Data([0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x40, 8, 0]), "cut short"),
    ])
    func badBytesAreANamedError(name: String, data: Data, phrase: String) throws {
        let error = try #require(throws: ServiceError.self) { try decode(data, name: name) }
        #expect(error.code == .invalidImage)
        #expect(error.message.contains("\"\(name)\""), "\(error.message)")
        #expect(error.message.contains(phrase), "\(error.message)")
    }

    @Test func damagedPNGsAreNamedErrors() throws {
        let good = [UInt8](TestImages.png(width: 4, height: 4, colorType: .rgb) { x, _, _ in x })
        var flipped = good
        flipped[40] ^= 0x55
        let truncated = Array(good.prefix(good.count - 30))
        let badIndex = TestImages.png(width: 2, height: 1, colorType: .palette, palette: [0, 0, 0]) { x, _, _ in x * 5 }
        for (bytes, phrase) in [(flipped, "checksum"), (truncated, "cut short"), ([UInt8](badIndex), "palette has 1")] {
            let error = try #require(throws: ServiceError.self) { try decode(Data(bytes), name: "receipt.png") }
            #expect(error.code == .invalidImage && error.message.contains("\"receipt.png\""))
            #expect(error.message.contains(phrase), "\(error.message)")
        }
        // The renderers fail the same way, naming the image, before writing anything.
        let document = ReportDocument(
            metadata: ReportMetadata(title: "Bad"),
            blocks: [.image(ReportImage(name: "receipt.png", data: Data(flipped)))])
        let pdfError = try #require(throws: ServiceError.self) { try PDFRenderer().render(document) }
        #expect(pdfError.message.contains("receipt.png"))
        let htmlError = try #require(throws: ServiceError.self) { try HTMLRenderer().render(document) }
        #expect(htmlError.message.contains("receipt.png"))
    }

    @Test func corruptedBytesNeverCrashTheDecoder() throws {
        // A fixed seed keeps the run reproducible: each damaged copy decodes or fails with a named error.
        var generator = SeededGenerator(seed: 0x5EED)
        let originals = [
            [UInt8](
                TestImages.png(
                    width: 9, height: 7, colorType: .palette, bitDepth: 2, palette: [1, 2, 3, 4, 5, 6, 7, 8, 9],
                    interlaced: true
                ) { x, y, _ in (x + y) % 3 }),
            [UInt8](
                TestImages.png(width: 6, height: 5, colorType: .rgba, bitDepth: 16) { x, y, c in
                    (x * 4000 + y * 300 + c) % 65_536
                }),
            [UInt8](TestImages.jpeg(width: 20, height: 12) { x, _ in (UInt8(x * 10), 0, 0) }),
        ]
        for original in originals {
            for _ in 0..<300 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                        in: 0...255, using: &generator)
                }
                if Bool.random(using: &generator) {
                    bytes.removeLast(Int.random(in: 0..<bytes.count / 2, using: &generator))
                }
                // Half the time, recompute the PNG checksums, so the damage reaches the header and pixel decoding.
                if Bool.random(using: &generator) { Self.fixChecksums(&bytes) }
                do {
                    _ = try decode(Data(bytes), name: "fuzz.bin")
                } catch let error as ServiceError {
                    #expect(error.code == .invalidImage && error.message.contains("\"fuzz.bin\""))
                }
            }
        }
    }

    /// Rewrites the CRC of every whole PNG chunk in `bytes`.
    static func fixChecksums(_ bytes: inout [UInt8]) {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return }
        var index = 8
        while index + 12 <= bytes.count {
            let length =
                Int(bytes[index]) << 24 | Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8
                | Int(bytes[index + 3])
            guard length >= 0, index + 12 + length <= bytes.count else { return }
            let crc = TestImages.crc32(Array(bytes[(index + 4)..<(index + 8 + length)]))
            for shift in 0..<4 { bytes[index + 8 + length + shift] = UInt8(crc >> UInt32(24 - shift * 8) & 0xFF) }
            index += 12 + length
        }
    }

    @Test func chartTicksAreRoundAndCarryUnits() throws {
        let (ticks, step) = ChartTicks.values(low: 0, high: 412.5)
        #expect(step == 100 && ticks == [0, 100, 200, 300, 400, 500])
        #expect(ChartTicks.values(low: 61.8, high: 64.2).ticks == [61.5, 62, 62.5, 63, 63.5, 64, 64.5])
        #expect(ChartTicks.format(1250, decimals: 0, unit: "$") == "$1,250")
        #expect(ChartTicks.format(-5, decimals: 2, unit: "$") == "-$5.00")
        #expect(ChartTicks.format(12.5, decimals: 1, unit: "kg") == "12.5 kg")
        let day = 86_400.0
        let start = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01
        #expect(
            ChartTicks.dates(from: start, to: start.addingTimeInterval(4 * day), maximum: 8).map(\.label) == [
                "Jan 1", "Jan 2", "Jan 3", "Jan 4", "Jan 5",
            ])
        #expect(
            ChartTicks.dates(from: start, to: start.addingTimeInterval(150 * day), maximum: 6).map(\.label) == [
                "Jan 2025", "Feb 2025", "Mar 2025", "Apr 2025", "May 2025",
            ])
        #expect(
            ChartTicks.dates(from: start, to: start.addingTimeInterval(2_000 * day), maximum: 6).map(\.label) == [
                "2025", "2026", "2027", "2028", "2029", "2030",
            ])
    }
}
