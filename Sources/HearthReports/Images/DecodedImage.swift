import Foundation
import HearthCore

/// An image ready to place in a PDF: its size, colour space, and either JPEG bytes to pass through or
/// 8-bit samples (with an optional alpha channel) to compress.
struct DecodedImage {
    enum ColorSpace: Equatable {
        case gray, rgb, cmyk

        var components: Int {
            switch self {
            case .gray: 1
            case .rgb: 3
            case .cmyk: 4
            }
        }

        var pdfName: String {
            switch self {
            case .gray: "/DeviceGray"
            case .rgb: "/DeviceRGB"
            case .cmyk: "/DeviceCMYK"
            }
        }
    }

    enum Pixels {
        /// A JPEG file, embedded unchanged with `/DCTDecode`.
        case jpeg([UInt8])
        /// 8-bit samples, row by row, no padding.
        case samples([UInt8])
    }

    enum Format: String {
        case jpeg, png

        var mimeType: String { self == .jpeg ? "image/jpeg" : "image/png" }
    }

    var format: Format
    var width: Int
    var height: Int
    var colorSpace: ColorSpace
    var pixels: Pixels
    /// One 8-bit alpha sample per pixel, when the image has any transparency.
    var alpha: [UInt8]?
    /// Whether a CMYK JPEG stores inverted values (Adobe's convention), so the PDF must invert them back.
    var invertedCMYK = false

    /// The largest image the renderers accept, in pixels.
    static let maximumPixels = 40_000_000

    /// Decodes `image`, or throws a ``ServiceError`` `invalidImage` that names it and says what is wrong.
    static func decode(_ image: ReportImage) throws -> DecodedImage {
        let bytes = [UInt8](image.data)
        do {
            if bytes.starts(with: [0xFF, 0xD8]) { return try JPEGReader.read(bytes) }
            if bytes.starts(with: PNGDecoder.signature) { return try PNGDecoder.decode(bytes) }
            throw ImageProblem("it is neither a JPEG nor a PNG file (it starts with \(Self.describe(bytes.prefix(4))))")
        } catch let problem as ImageProblem {
            throw ServiceError(
                .invalidImage,
                "The image \"\(image.name)\" cannot be used: \(problem.reason). Give the bytes of a JPEG or PNG file (open it and save it again if it is damaged)."
            )
        }
    }

    private static func describe(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.isEmpty ? "nothing" : bytes.map { String(format: "%02X", $0) }.joined(separator: " ")
    }
}

/// What is wrong with image bytes, in words; ``DecodedImage/decode(_:)`` adds the image's name.
struct ImageProblem: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}
