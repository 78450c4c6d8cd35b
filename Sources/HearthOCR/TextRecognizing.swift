public import Foundation

/// An OCR engine: reads the one line of text a photo shows, the way `job` needs it.
///
/// ``TesseractRecognizer`` is the real one; tests and previews swap in their own.
public protocol TextRecognizing: Sendable {
    /// What the engine read from the image file at `url`, one ``Recognition`` per preprocessing pass.
    ///
    /// - Throws: ``HearthCore/ServiceError`` with ``HearthCore/ServiceError/Code/unreadableImage`` when the
    ///   file is missing or is not an image, or ``HearthCore/ServiceError/Code/ocrUnavailable`` when the engine
    ///   cannot start (its language data is missing, say).
    func recognize(imageAt url: URL, for job: OCRJob) async throws -> [Recognition]
}
