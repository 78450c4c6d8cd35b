import Foundation

/// A Leptonica image that frees itself: every step of ``Preprocessing`` makes a new one.
final class LeptonicaImage {
    let api: TesseractLibrary
    private(set) var pix: OpaquePointer

    init(_ pix: OpaquePointer, api: TesseractLibrary) {
        self.pix = pix
        self.api = api
    }

    /// Decodes PNG, JPEG, TIFF, BMP, GIF or WebP bytes; nil when Leptonica cannot.
    convenience init?(decoding data: Data, api: TesseractLibrary) {
        let decoded: OpaquePointer? = data.withUnsafeBytes { buffer in
            guard let base = buffer.bindMemory(to: UInt8.self).baseAddress else { return nil }
            return api.pixReadMem(base, buffer.count)
        }
        guard let decoded else { return nil }
        self.init(decoded, api: api)
    }

    deinit {
        var pointer: OpaquePointer? = pix
        api.pixDestroy(&pointer)
    }

    var width: Int { Int(api.pixGetWidth(pix)) }
    var height: Int { Int(api.pixGetHeight(pix)) }
    var depth: Int { Int(api.pixGetDepth(pix)) }

    /// The result of `step`, or self when the step returns nothing (so a failed step is skipped, not fatal).
    func map(_ step: (TesseractLibrary, OpaquePointer) -> OpaquePointer?) -> LeptonicaImage {
        guard let result = step(api, pix) else { return self }
        return LeptonicaImage(result, api: api)
    }

    /// The value at `rank` (0 darkest, 1 brightest) of an 8-bit image.
    func rankValue(_ rank: Float) -> Int {
        var value: UInt32 = 0
        _ = api.pixGetRankValue(pix, 1, rank, &value)
        return Int(value)
    }
}
