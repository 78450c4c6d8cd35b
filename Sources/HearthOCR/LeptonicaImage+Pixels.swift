// Leptonica packs pixels into 32-bit words, the leftmost pixel in the most significant bits: 32 to a word
// at 1 bit, 4 at 8 bits.
extension LeptonicaImage {
    /// A 1-bit image's pixels as a ``Bitmap``; nil for other depths.
    var bitmap: Bitmap? {
        guard depth == 1, let data = api.pixGetData(pix) else { return nil }
        let wordsPerLine = Int(api.pixGetWpl(pix))
        let (width, height) = (self.width, self.height)
        var pixels = [Bool](repeating: false, count: width * height)
        pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<height {
                let line = data + y * wordsPerLine
                for x in 0..<width where (line[x >> 5] >> (31 - UInt32(x & 31))) & 1 == 1 {
                    pixels[y * width + x] = true
                }
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// An 8-bit image's pixels as a ``GreyImage``; nil for other depths.
    var greyImage: GreyImage? {
        guard depth == 8, let data = api.pixGetData(pix) else { return nil }
        let wordsPerLine = Int(api.pixGetWpl(pix))
        var image = GreyImage(width: width, height: height)
        let width = self.width
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<height {
                let line = data + y * wordsPerLine
                for x in 0..<width {
                    pixels[y * width + x] = UInt8(truncatingIfNeeded: line[x >> 2] >> (24 - 8 * UInt32(x & 3)))
                }
            }
        }
        return image
    }

    /// A new 8-bit Leptonica image holding `grey`; nil when Leptonica cannot allocate it.
    static func make(_ grey: GreyImage, api: TesseractLibrary) -> LeptonicaImage? {
        guard let pix = api.pixCreate(Int32(grey.width), Int32(grey.height), 8) else { return nil }
        let image = LeptonicaImage(pix, api: api)
        guard let data = api.pixGetData(pix) else { return nil }
        let wordsPerLine = Int(api.pixGetWpl(pix))
        grey.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<grey.height {
                let line = data + y * wordsPerLine
                for x in 0..<grey.width {
                    line[x >> 2] |= UInt32(pixels[y * grey.width + x]) << (24 - 8 * UInt32(x & 3))
                }
            }
        }
        return image
    }
}
