public import Foundation

/// Reads odometers and VINs from photos: an engine (any ``TextRecognizing``) and the readers that turn its
/// text into a checked mileage or VIN.
///
/// ```swift
/// let reader = PhotoReader(recognizer: try TesseractRecognizer())
/// let odometer = try await reader.readOdometer(at: photo, lastMileage: vehicle.currentMileage)
/// ```
public struct PhotoReader: Sendable {
    /// The engine that reads the photos.
    public var recognizer: any TextRecognizing
    /// Turns odometer text into a checked mileage.
    public var odometer: OdometerReader
    /// Turns VIN text into a VIN chosen by its check digit.
    public var vin: VINReader

    public init(
        recognizer: any TextRecognizing, odometer: OdometerReader = OdometerReader(), vin: VINReader = VINReader()
    ) {
        self.recognizer = recognizer
        self.odometer = odometer
        self.vin = vin
    }

    /// The mileage the photo at `url` shows, checked against `lastMileage` when given.
    public func readOdometer(at url: URL, lastMileage: Int? = nil) async throws -> OdometerReading {
        odometer.read(try await recognizer.recognize(imageAt: url, for: .odometer), lastMileage: lastMileage)
    }

    /// The VIN the photo at `url` shows.
    public func readVIN(at url: URL) async throws -> VINReading {
        vin.read(try await recognizer.recognize(imageAt: url, for: .vin))
    }
}
