import CTesseract
import Foundation

/// A Leptonica image that frees itself: every step of ``Preprocessing`` makes a new one.
final class LeptonicaImage {
    private(set) var pix: UnsafeMutablePointer<PIX>

    init(_ pix: UnsafeMutablePointer<PIX>) { self.pix = pix }

    /// Decodes PNG, JPEG, TIFF, BMP, GIF or WebP bytes; nil when Leptonica cannot.
    convenience init?(decoding data: Data) {
        let decoded: UnsafeMutablePointer<PIX>? = data.withUnsafeBytes { buffer in
            guard let base = buffer.bindMemory(to: UInt8.self).baseAddress else { return nil }
            return pixReadMem(base, buffer.count)
        }
        guard let decoded else { return nil }
        self.init(decoded)
    }

    deinit {
        var pointer: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&pointer)
    }

    var width: Int { Int(pixGetWidth(pix)) }
    var height: Int { Int(pixGetHeight(pix)) }

    /// The result of `step`, or self when the step returns nothing (so a failed step is skipped, not fatal).
    func map(_ step: (UnsafeMutablePointer<PIX>) -> UnsafeMutablePointer<PIX>?) -> LeptonicaImage {
        guard let result = step(pix) else { return self }
        return LeptonicaImage(result)
    }

    /// The value at `rank` (0 darkest, 1 brightest) of an 8-bit image.
    func rankValue(_ rank: Float) -> Int {
        var value: l_uint32 = 0
        pixGetRankValue(pix, 1, rank, &value)
        return Int(value)
    }
}
