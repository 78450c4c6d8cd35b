/// One way of cleaning a photo up before the engine reads it.
///
/// Each step fights one thing photos of dashboards and door jambs suffer from: light text on a dark
/// background (inverted), small text (upscaled), sensor noise (median filter), uneven light
/// (background normalization), a tilted camera (deskew) and what is left (a global Otsu threshold).
/// The recognizer runs several passes and the readers vote, because no single setting suits every photo.
public struct Preprocessing: Sendable, Hashable, Codable {
    /// A short label that shows up in ``Recognition/pass``.
    public var name: String
    /// Scales the image by ``upscale`` when it is shorter than this many pixels; nil never scales.
    public var upscaleBelowHeight: Int?
    /// The factor small images are scaled by.
    public var upscale: Double
    /// Applies a median filter against pixel noise.
    public var medianFilter: Bool
    /// The median filter's window, in pixels a side (3 or more, odd).
    public var medianSize: Int
    /// Divides out the background so a gradient of light becomes an even page.
    public var normalizeBackground: Bool
    /// Measures the text's tilt (within ±7°) and rotates it level.
    public var deskew: Bool
    /// Binarizes with Otsu's threshold; when false the engine gets the grey image and thresholds it itself.
    public var binarize: Bool
    /// Keeps only the line of text in the binarized image (``TextLineFinder``): the blobs of about the same
    /// height on one straight line, dark or light, without cell edges, frames, shadows or specks.
    public var isolateLine: Bool
    /// With ``isolateLine``, gives the engine the grey pixels under the line's blobs (on white) instead of
    /// the black-and-white image, so that it sees their soft edges.
    public var keepGrey: Bool
    /// With ``isolateLine``, scales the line so that its characters are this many pixels tall before the
    /// engine reads it; nil leaves it at the size it was cleaned up at.
    public var textHeight: Int?

    public init(
        name: String, upscaleBelowHeight: Int? = 150, upscale: Double = 2, medianFilter: Bool = true,
        medianSize: Int = 3,
        normalizeBackground: Bool = true, deskew: Bool = true, binarize: Bool = true, isolateLine: Bool = true,
        keepGrey: Bool = false, textHeight: Int? = nil
    ) {
        self.isolateLine = isolateLine
        self.keepGrey = keepGrey
        self.textHeight = textHeight
        self.medianSize = medianSize
        self.name = name
        self.upscaleBelowHeight = upscaleBelowHeight
        self.upscale = upscale
        self.medianFilter = medianFilter
        self.normalizeBackground = normalizeBackground
        self.deskew = deskew
        self.binarize = binarize
    }

    /// Every step, small photos doubled.
    public static let standard = Preprocessing(name: "standard")
    /// Every step, small photos enlarged by half.
    public static let enlarged = Preprocessing(name: "enlarged", upscale: 1.5)
    /// Every step at the photo's own size.
    public static let unscaled = Preprocessing(name: "unscaled", upscaleBelowHeight: nil)
    /// Without the median filter, for sharp photos whose thin strokes it would erode.
    public static let unfiltered = Preprocessing(name: "unfiltered", medianFilter: false)
    /// A wider median filter, for grainy photos.
    public static let smoothed = Preprocessing(name: "smoothed", medianSize: 5)
    /// Without the median filter, at the photo's own size.
    public static let plain = Preprocessing(name: "plain", upscaleBelowHeight: nil, medianFilter: false)

    /// The passes a recognizer runs for `job` unless told otherwise, chosen on the generated photos of
    /// `scripts/ocr/generate.py`: for odometers two passes whose mistakes rarely coincide (ties go to the
    /// more confident), for VINs three, since the check digit can only choose among what some pass read.
    public static func defaultPasses(for job: OCRJob) -> [Preprocessing] {
        switch job {
        case .odometer: return [.plain, .enlarged]
        case .vin: return [.standard, .unscaled, .unfiltered, .plain, .enlarged, .smoothed]
        }
    }
}
