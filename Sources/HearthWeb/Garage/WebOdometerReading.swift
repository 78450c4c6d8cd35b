public import Foundation

/// What reading an odometer photo gave the pages: the mileage (nil when nothing could be read), the digits as
/// read, how sure the reader is (0 to 1), and its warnings in words.
public struct WebOdometerReading: Sendable, Equatable {
    public var mileage: Int?
    public var digits: String
    public var confidence: Double
    public var warnings: [String]

    public init(mileage: Int?, digits: String, confidence: Double, warnings: [String]) {
        self.mileage = mileage
        self.digits = digits
        self.confidence = confidence
        self.warnings = warnings
    }
}

/// Reads the odometer photo at `photo` (the server wires in Tesseract); `lastMileage` is the vehicle's mileage, which
/// a reading should not fall below. Throws ``HearthCore/ServiceError`` `validationFailed` when the photo cannot be
/// read at all, saying why.
public typealias OdometerPhotoReading = @Sendable (_ photo: URL, _ lastMileage: Int?) async throws -> WebOdometerReading
