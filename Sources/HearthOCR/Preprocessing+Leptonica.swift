import Foundation

extension Preprocessing {
    /// `image` as 8-bit grey with dark text on light, the common start of every pass.
    static func darkTextGrey(_ image: LeptonicaImage) -> LeptonicaImage {
        let grey = image.map { $0.pixConvertTo8($1, 0) }
        return hasLightText(grey) ? grey.map { $0.pixInvert(nil, $1) } : grey
    }

    /// `grey` (from ``darkTextGrey(_:)``) cleaned up by this pass's steps: 8-bit grey (or 1-bit when
    /// binarizing without isolating the line), dark text on light, with a white margin.
    func apply(to grey: LeptonicaImage) -> LeptonicaImage {
        var grey = grey
        let factor: Float = upscaleBelowHeight.map { grey.height < $0 } == true ? Float(upscale) : 1
        if factor != 1 { grey = grey.map { $0.pixScaleGrayLI($1, factor, factor) } }
        grey = cleaned(grey)
        guard binarize else { return Self.bordered(grey) }
        let binary = Self.thresholded(grey)
        guard isolateLine, let bitmap = binary.bitmap, let line = TextLineFinder().isolate(bitmap) else {
            return Self.bordered(binary)
        }
        var output: LeptonicaImage
        if keepGrey, let pixels = grey.greyImage,
            // The grey pixels under the line's blobs, grown a little so that their soft edges stay.
            let masked = LeptonicaImage.make(
                pixels.masked(
                    by: line.bitmap.dilated(by: max(1, Int((line.height / 16).rounded()))), at: line.origin,
                    inverting: line.inverted),
                api: grey.api)
        {
            output = masked
        } else if let clean = LeptonicaImage.make(GreyImage(line.bitmap), api: grey.api) {
            output = clean
        } else {
            return Self.bordered(binary)
        }
        // Level the line by its own tilt, which the blobs give more surely than a skew search over the photo.
        let angle = Float(-atan(line.slope))
        if abs(angle) >= 0.004 {
            output = output.map {
                $0.pixRotate($1, angle, TesseractLibrary.rotateAreaMap, TesseractLibrary.bringInWhite, 0, 0)
            }
        }
        if let textHeight, line.height > 0 {
            let scale = Float(Double(textHeight) / line.height)
            if abs(scale - 1) > 0.05 { output = output.map { $0.pixScale($1, scale, scale) } }
        }
        return Self.bordered(output)
    }

    /// `grey` after the median filter, background normalization and deskewing this pass asks for.
    private func cleaned(_ grey: LeptonicaImage) -> LeptonicaImage {
        var grey = grey
        if medianFilter {
            let size = Int32(max(3, medianSize | 1))
            grey = grey.map { $0.pixMedianFilter($1, size, size) }
        }
        if normalizeBackground { grey = grey.map { $0.pixBackgroundNormSimple($1, nil, nil) } }
        if deskew { grey = Self.deskewed(grey) }
        return grey
    }

    /// `grey` binarized with Otsu's threshold over the whole image (itself when that fails).
    static func thresholded(_ grey: LeptonicaImage) -> LeptonicaImage {
        grey.map { api, pix in
            var binary: OpaquePointer?
            let status = api.pixOtsuAdaptiveThreshold(
                pix, api.pixGetWidth(pix), api.pixGetHeight(pix), 0, 0, 0.1, nil, &binary)
            return status == 0 ? binary : nil
        }
    }

    /// Tesseract reads a line best with some margin around it; 0 is white in 1-bit images, 255 in 8-bit.
    static func bordered(_ image: LeptonicaImage) -> LeptonicaImage {
        let white: UInt32 = image.depth == 1 ? 0 : 255
        return image.map { $0.pixAddBorder($1, 20, white) }
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
        var angle: Float = 0
        var confidence: Float = 0
        // Sweep ±7° in 0.5° steps, then refine; a single line gives a weaker score than a page, hence the low bar.
        let status = grey.api.pixFindSkewSweepAndSearch(binary.pix, &angle, &confidence, 1, 1, 7, 0.5, 0.01)
        guard status == 0, confidence > 1.5, abs(angle) >= 0.1 else { return grey }
        let radians = angle * .pi / 180
        return grey.map {
            $0.pixRotate($1, radians, TesseractLibrary.rotateAreaMap, TesseractLibrary.bringInWhite, 0, 0)
        }
    }
}
