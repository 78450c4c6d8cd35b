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
/// Reading a photo keeps a core busy for a while, so it runs on a thread of its own, never on the threads Swift's
/// tasks share: a server or a test run waiting on it keeps answering. Every recognizer in the process uses the
/// same one, a photo at a time: Tesseract and Leptonica are C libraries with process-wide state (their message
/// settings, OpenMP's thread pool), and none of their calls then overlap.
public final class TesseractRecognizer: TextRecognizing, @unchecked Sendable {
    /// Where the language data is and which passes run.
    public let configuration: TesseractConfiguration
    /// The one queue every call into Tesseract and Leptonica runs on; ``engines`` is used only there.
    private static let queue = DispatchQueue(label: "hearth.ocr.tesseract")
    private var engines: [OCRJob: TesseractEngine] = [:]

    /// Checks that Tesseract can start with `configuration`'s language data.
    ///
    /// - Throws: ``HearthCore/ServiceError`` (``HearthCore/ServiceError/Code/ocrUnavailable``) saying which
    ///   package to install when the libraries or the language data are missing.
    public init(configuration: TesseractConfiguration = TesseractConfiguration()) throws {
        self.configuration = configuration
        let engine = try Self.queue.sync { try TesseractEngine(job: .odometer, configuration: configuration) }
        engines[.odometer] = engine
    }

    deinit {
        // The engines are freed on the queue as well, never while another recognizer is reading.
        let retired = Retired(engines)
        engines = [:]
        Self.queue.async { retired.release() }
    }

    /// Engines on their way to the queue, to be freed there (`@unchecked`: only the queue touches them).
    private final class Retired: @unchecked Sendable {
        private var engines: [OCRJob: TesseractEngine]
        init(_ engines: [OCRJob: TesseractEngine]) { self.engines = engines }
        func release() { engines = [:] }
    }

    /// What each of the job's passes read from the image file at `url`.
    public func recognize(imageAt url: URL, for job: OCRJob) async throws -> [Recognition] {
        try await withCheckedThrowingContinuation { continuation in
            Self.queue.async {
                continuation.resume(with: Result { try self.recognizeOnQueue(imageAt: url, for: job) })
            }
        }
    }

    private func recognizeOnQueue(imageAt url: URL, for job: OCRJob) throws -> [Recognition] {
        dispatchPrecondition(condition: .onQueue(Self.queue))
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
                exists
                    ? "Cannot read the image \(url.path): check its permissions."
                    : "There is no image at \(url.path): check the path.",
                underlying: error)
        }
        guard let image = LeptonicaImage(decoding: data, api: try TesseractLibrary.load()) else {
            throw ServiceError(
                .unreadableImage,
                "\(url.path) is not an image Hearth can read (\(data.count) bytes); give a PNG, JPEG, TIFF, BMP, GIF or WebP photo."
            )
        }
        return image
    }
}
