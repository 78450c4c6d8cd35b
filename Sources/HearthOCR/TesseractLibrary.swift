import Foundation
import HearthCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Tesseract's C API and the Leptonica functions the preprocessing uses, loaded from the shared libraries
/// when OCR is first used, so that building Hearth needs no Tesseract or Leptonica headers and a machine
/// without them still runs everything but OCR.
///
/// `@unchecked Sendable`: every member is a C function pointer (or a library handle) set once in `init` and
/// never changed; the functions themselves are called only from ``TesseractEngine`` and ``LeptonicaImage``,
/// which ``TesseractRecognizer`` confines to its queue.
final class TesseractLibrary: @unchecked Sendable {
    typealias Handle = OpaquePointer

    /// Sonames tried in turn: Debian 12's, then later Debian and Ubuntu, then the unversioned names (macOS
    /// with Homebrew, or a development install).
    static let tesseractNames = [
        "libtesseract.so.5", "libtesseract.so", "libtesseract.5.dylib", "libtesseract.dylib",
        "/opt/homebrew/lib/libtesseract.dylib", "/usr/local/lib/libtesseract.dylib",
    ]
    static let leptonicaNames = [
        "liblept.so.5", "libleptonica.so.6", "libleptonica.so", "liblept.so", "libleptonica.6.dylib",
        "libleptonica.dylib", "/opt/homebrew/lib/libleptonica.dylib", "/usr/local/lib/libleptonica.dylib",
    ]

    /// What to tell someone whose machine lacks the libraries.
    static let installHint =
        "install Tesseract with `apt-get install libtesseract5 tesseract-ocr-eng` (Debian, Ubuntu) "
        + "or `brew install tesseract` (macOS)"

    /// The libraries, loaded on first use; the error says which package to install when they are missing.
    static let shared: Result<TesseractLibrary, ServiceError> = Result { try TesseractLibrary() }
        .mapError { $0 as? ServiceError ?? ServiceError(.ocrUnavailable, "\($0)") }

    /// The loaded libraries, or an ``HearthCore/ServiceError`` (`ocrUnavailable`) naming the package.
    static func load() throws -> TesseractLibrary { try shared.get() }

    // Tesseract (capi.h). BOOL is int there.
    let create: @convention(c) () -> Handle?
    let initialize: @convention(c) (Handle, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let delete: @convention(c) (Handle) -> Void
    let end: @convention(c) (Handle) -> Void
    let clear: @convention(c) (Handle) -> Void
    let setVariable: @convention(c) (Handle, UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32
    let setPageSegMode: @convention(c) (Handle, UInt32) -> Void
    let setImage: @convention(c) (Handle, OpaquePointer) -> Void
    let setSourceResolution: @convention(c) (Handle, Int32) -> Void
    let recognize: @convention(c) (Handle, OpaquePointer?) -> Int32
    let utf8Text: @convention(c) (Handle) -> UnsafeMutablePointer<CChar>?
    let deleteText: @convention(c) (UnsafePointer<CChar>) -> Void
    let meanTextConfidence: @convention(c) (Handle) -> Int32
    let iterator: @convention(c) (Handle) -> OpaquePointer?
    let iteratorDelete: @convention(c) (OpaquePointer) -> Void
    let iteratorPage: @convention(c) (OpaquePointer) -> OpaquePointer?
    let iteratorText: @convention(c) (OpaquePointer, UInt32) -> UnsafeMutablePointer<CChar>?
    let iteratorConfidence: @convention(c) (OpaquePointer, UInt32) -> Float
    let iteratorChoices: @convention(c) (OpaquePointer) -> OpaquePointer?
    let choiceDelete: @convention(c) (OpaquePointer) -> Void
    let choiceNext: @convention(c) (OpaquePointer) -> Int32
    let choiceText: @convention(c) (OpaquePointer) -> UnsafePointer<CChar>?
    let choiceConfidence: @convention(c) (OpaquePointer) -> Float
    let pageNext: @convention(c) (OpaquePointer?, UInt32) -> Int32

    // Leptonica (allheaders.h). PIX pointers are opaque here; l_ok is int, 0 when it went well.
    let setMessageSeverity: @convention(c) (Int32) -> Int32
    let pixReadMem: @convention(c) (UnsafePointer<UInt8>, Int) -> OpaquePointer?
    let pixDestroy: @convention(c) (UnsafeMutablePointer<OpaquePointer?>) -> Void
    let pixGetWidth: @convention(c) (OpaquePointer) -> Int32
    let pixGetHeight: @convention(c) (OpaquePointer) -> Int32
    let pixGetDepth: @convention(c) (OpaquePointer) -> Int32
    let pixGetRankValue: @convention(c) (OpaquePointer, Int32, Float, UnsafeMutablePointer<UInt32>) -> Int32
    let pixConvertTo8: @convention(c) (OpaquePointer, Int32) -> OpaquePointer?
    let pixInvert: @convention(c) (OpaquePointer?, OpaquePointer) -> OpaquePointer?
    let pixScaleGrayLI: @convention(c) (OpaquePointer, Float, Float) -> OpaquePointer?
    let pixMedianFilter: @convention(c) (OpaquePointer, Int32, Int32) -> OpaquePointer?
    let pixBackgroundNormSimple: @convention(c) (OpaquePointer, OpaquePointer?, OpaquePointer?) -> OpaquePointer?
    let pixOtsuAdaptiveThreshold:
        @convention(c) (
            OpaquePointer, Int32, Int32, Int32, Int32, Float,
            UnsafeMutablePointer<OpaquePointer?>?, UnsafeMutablePointer<OpaquePointer?>?
        ) -> Int32
    let pixAddBorder: @convention(c) (OpaquePointer, Int32, UInt32) -> OpaquePointer?
    let pixThresholdToBinary: @convention(c) (OpaquePointer, Int32) -> OpaquePointer?
    let pixFindSkewSweepAndSearch:
        @convention(c) (
            OpaquePointer, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, Int32, Int32, Float, Float, Float
        ) -> Int32
    let pixRotate: @convention(c) (OpaquePointer, Float, Int32, Int32, Int32, Int32) -> OpaquePointer?
    let pixCreate: @convention(c) (Int32, Int32, Int32) -> OpaquePointer?
    let pixScale: @convention(c) (OpaquePointer, Float, Float) -> OpaquePointer?
    let pixGetData: @convention(c) (OpaquePointer) -> UnsafeMutablePointer<UInt32>?
    let pixGetWpl: @convention(c) (OpaquePointer) -> Int32

    // Constants from publictypes.h, capi.h, pix.h and environ.h.
    static let pageSegModeSingleLine: UInt32 = 7  // PSM_SINGLE_LINE
    static let levelSymbol: UInt32 = 4  // RIL_SYMBOL
    static let rotateAreaMap: Int32 = 1  // L_ROTATE_AREA_MAP
    static let bringInWhite: Int32 = 1  // L_BRING_IN_WHITE
    static let severityNone: Int32 = 6  // L_SEVERITY_NONE

    private init() throws {
        let tesseract = try Self.open(Self.tesseractNames, what: "Tesseract")
        let leptonica = try Self.open(Self.leptonicaNames, what: "Leptonica")
        func symbol<F>(_ handle: UnsafeMutableRawPointer, _ name: String) throws -> F {
            guard let address = dlsym(handle, name) else {
                throw ServiceError(
                    .ocrUnavailable,
                    "The installed Tesseract or Leptonica library has no \(name) (too old?): \(Self.installHint), version 5 or later."
                )
            }
            return unsafeBitCast(address, to: F.self)
        }
        create = try symbol(tesseract, "TessBaseAPICreate")
        initialize = try symbol(tesseract, "TessBaseAPIInit3")
        delete = try symbol(tesseract, "TessBaseAPIDelete")
        end = try symbol(tesseract, "TessBaseAPIEnd")
        clear = try symbol(tesseract, "TessBaseAPIClear")
        setVariable = try symbol(tesseract, "TessBaseAPISetVariable")
        setPageSegMode = try symbol(tesseract, "TessBaseAPISetPageSegMode")
        setImage = try symbol(tesseract, "TessBaseAPISetImage2")
        setSourceResolution = try symbol(tesseract, "TessBaseAPISetSourceResolution")
        recognize = try symbol(tesseract, "TessBaseAPIRecognize")
        utf8Text = try symbol(tesseract, "TessBaseAPIGetUTF8Text")
        deleteText = try symbol(tesseract, "TessDeleteText")
        meanTextConfidence = try symbol(tesseract, "TessBaseAPIMeanTextConf")
        iterator = try symbol(tesseract, "TessBaseAPIGetIterator")
        iteratorDelete = try symbol(tesseract, "TessResultIteratorDelete")
        iteratorPage = try symbol(tesseract, "TessResultIteratorGetPageIterator")
        iteratorText = try symbol(tesseract, "TessResultIteratorGetUTF8Text")
        iteratorConfidence = try symbol(tesseract, "TessResultIteratorConfidence")
        iteratorChoices = try symbol(tesseract, "TessResultIteratorGetChoiceIterator")
        choiceDelete = try symbol(tesseract, "TessChoiceIteratorDelete")
        choiceNext = try symbol(tesseract, "TessChoiceIteratorNext")
        choiceText = try symbol(tesseract, "TessChoiceIteratorGetUTF8Text")
        choiceConfidence = try symbol(tesseract, "TessChoiceIteratorConfidence")
        pageNext = try symbol(tesseract, "TessPageIteratorNext")

        setMessageSeverity = try symbol(leptonica, "setMsgSeverity")
        pixReadMem = try symbol(leptonica, "pixReadMem")
        pixDestroy = try symbol(leptonica, "pixDestroy")
        pixGetWidth = try symbol(leptonica, "pixGetWidth")
        pixGetHeight = try symbol(leptonica, "pixGetHeight")
        pixGetDepth = try symbol(leptonica, "pixGetDepth")
        pixGetRankValue = try symbol(leptonica, "pixGetRankValue")
        pixConvertTo8 = try symbol(leptonica, "pixConvertTo8")
        pixInvert = try symbol(leptonica, "pixInvert")
        pixScaleGrayLI = try symbol(leptonica, "pixScaleGrayLI")
        pixMedianFilter = try symbol(leptonica, "pixMedianFilter")
        pixBackgroundNormSimple = try symbol(leptonica, "pixBackgroundNormSimple")
        pixOtsuAdaptiveThreshold = try symbol(leptonica, "pixOtsuAdaptiveThreshold")
        pixAddBorder = try symbol(leptonica, "pixAddBorder")
        pixThresholdToBinary = try symbol(leptonica, "pixThresholdToBinary")
        pixFindSkewSweepAndSearch = try symbol(leptonica, "pixFindSkewSweepAndSearch")
        pixRotate = try symbol(leptonica, "pixRotate")
        pixCreate = try symbol(leptonica, "pixCreate")
        pixScale = try symbol(leptonica, "pixScale")
        pixGetData = try symbol(leptonica, "pixGetData")
        pixGetWpl = try symbol(leptonica, "pixGetWpl")

        // Leptonica prints its own complaints on stderr; Hearth reports failures as errors instead.
        _ = setMessageSeverity(Self.severityNone)
    }

    /// The first of `names` that loads; the libraries stay loaded for the life of the process.
    private static func open(_ names: [String], what: String) throws -> UnsafeMutableRawPointer {
        for name in names {
            if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) { return handle }
        }
        throw ServiceError(
            .ocrUnavailable,
            "OCR needs the \(what) library, which is not installed (looked for \(names.prefix(2).joined(separator: ", "))): "
                + "\(installHint).")
    }
}
