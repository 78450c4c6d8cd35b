public import Foundation
import HearthCore

/// Reads photos with Tesseract (Debian `libtesseract5` and `tesseract-ocr-eng`, loaded when first used), after
/// cleaning them up with Leptonica.
///
/// Each job gets its own engine, set up once and reused: a character whitelist (``OCRJob/characterWhitelist``),
/// single-line page segmentation, and per-character alternatives so that the readers can correct what
/// the engine was unsure of.
///
/// ```swift
/// let recognizer = try TesseractRecognizer()
/// let reader = PhotoReader(recognizer: recognizer)
/// let reading = try await reader.readVIN(at: URL(fileURLWithPath: "door-jamb.jpg"))
/// print(reading.vin ?? "unreadable", reading.confidence)
/// ```
///
/// Reading a photo keeps a core busy for a while, so it runs on a thread of the recognizer's own (one photo at a
/// time), never on the threads Swift's tasks share: a server or a test run waiting on it keeps answering.
public final class TesseractRecognizer: TextRecognizing, @unchecked Sendable {
    /// Where the language data is and which passes run.
    public let configuration: TesseractConfiguration
    /// Every use of ``engines`` runs on this queue.
    private let queue = DispatchQueue(label: "hearth.ocr.tesseract")
    private var engines: [OCRJob: TesseractEngine] = [:]

    /// Checks that Tesseract can start with `configuration`'s language data.
    ///
    /// - Throws: ``HearthCore/ServiceError`` (``HearthCore/ServiceError/Code/ocrUnavailable``) saying which
    ///   package to install when the libraries or the language data are missing.
    public init(configuration: TesseractConfiguration = TesseractConfiguration()) throws {
        self.configuration = configuration
        engines[.odometer] = try TesseractEngine(job: .odometer, configuration: configuration)
    }

    /// What each of the job's passes read from the image file at `url`.
    public func recognize(imageAt url: URL, for job: OCRJob) async throws -> [Recognition] {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try self.recognizeOnQueue(imageAt: url, for: job) })
            }
        }
    }

    private func recognizeOnQueue(imageAt url: URL, for job: OCRJob) throws -> [Recognition] {
        dispatchPrecondition(condition: .onQueue(queue))
        let grey = Preprocessing.darkTextGrey(try Self.load(url))
        let engine = try engine(for: job)
        let passes = configuration.passes[job] ?? Preprocessing.defaultPasses(for: job)
        return passes.map { pass in
            engine.read(pass.apply(to: grey), pass: pass.name)
        }
    }

    private func engine(for job: OCRJob) throws -> TesseractEngine {
        if let engine = engines[job] { return engine }
        let engine = try TesseractEngine(job: job, configuration: configuration)
        engines[job] = engine
        return engine
    }

    static func load(_ url: URL) throws -> LeptonicaImage {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            let exists = FileManager.default.fileExists(atPath: url.path)
            throw ServiceError(
                .unreadableImage,
                exists ? "Cannot read the image \(url.path): check its permissions." : "There is no image at \(url.path): check the path.",
                underlying: error)
        }
        guard let image = LeptonicaImage(decoding: data, api: try TesseractLibrary.load()) else {
            throw ServiceError(
                .unreadableImage,
                "\(url.path) is not an image Hearth can read (\(data.count) bytes); give a PNG, JPEG, TIFF, BMP, GIF or WebP photo.")
        }
        return image
    }
}
