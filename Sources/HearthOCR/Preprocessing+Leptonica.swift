extension Preprocessing {
    /// `image` cleaned up by this pass's steps: 8-bit grey (or 1-bit when binarizing), dark text on light,
    /// with a white margin.
    func apply(to image: LeptonicaImage) -> LeptonicaImage {
        var grey = image.map { $0.pixConvertTo8($1, 0) }
        if Self.hasLightText(grey) { grey = grey.map { $0.pixInvert(nil, $1) } }
        if let limit = upscaleBelowHeight, grey.height < limit, upscale != 1 {
            let factor = Float(upscale)
            grey = grey.map { $0.pixScaleGrayLI($1, factor, factor) }
        }
        if medianFilter {
            let size = Int32(max(3, medianSize | 1))
            grey = grey.map { $0.pixMedianFilter($1, size, size) }
        }
        if normalizeBackground { grey = grey.map { $0.pixBackgroundNormSimple($1, nil, nil) } }
        if deskew { grey = Self.deskewed(grey) }
        if binarize {
            grey = grey.map { api, pix in
                var binary: OpaquePointer?
                let status = api.pixOtsuAdaptiveThreshold(pix, api.pixGetWidth(pix), api.pixGetHeight(pix), 0, 0, 0.1, nil, &binary)
                return status == 0 ? binary : nil
            }
        }
        // Tesseract reads a line best with some margin around it; 0 is white in 1-bit images, 255 in 8-bit.
        let white: UInt32 = grey.depth == 1 ? 0 : 255
        return grey.map { $0.pixAddBorder($1, 20, white) }
    }

    /// Whether the text is lighter than its background. A photo of a line of text is mostly background, so
    /// once noise is filtered out and uneven light divided out, the background sits at the median and the
    /// text lies on the side of it that reaches further.
    static func hasLightText(_ grey: LeptonicaImage) -> Bool {
        let even = grey.map { $0.pixMedianFilter($1, 3, 3) }.map { $0.pixBackgroundNormSimple($1, nil, nil) }
        let median = even.rankValue(0.5)
        return even.rankValue(0.98) - median > median - even.rankValue(0.02)
    }

    /// `grey` rotated level when Leptonica finds a tilt it is sure of.
    static func deskewed(_ grey: LeptonicaImage) -> LeptonicaImage {
        let binary = grey.map { $0.pixThresholdToBinary($1, 150) }
        guard binary !== grey else { return grey }
        var angle: Float = 0, confidence: Float = 0
        // Sweep ±7° in 0.5° steps, then refine; a single line gives a weaker score than a page, hence the low bar.
        let status = grey.api.pixFindSkewSweepAndSearch(binary.pix, &angle, &confidence, 1, 1, 7, 0.5, 0.01)
        guard status == 0, confidence > 1.5, abs(angle) >= 0.1 else { return grey }
        let radians = angle * .pi / 180
        return grey.map { $0.pixRotate($1, radians, TesseractLibrary.rotateAreaMap, TesseractLibrary.bringInWhite, 0, 0) }
    }
}
