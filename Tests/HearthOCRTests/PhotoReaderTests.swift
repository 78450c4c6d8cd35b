import Foundation
import HearthOCR
import Testing

/// An engine that returns what it is told, so the readers are tested through ``PhotoReader`` without Tesseract.
struct ScriptedRecognizer: TextRecognizing {
    var odometer: [Recognition]
    var vin: [Recognition]

    func recognize(imageAt url: URL, for job: OCRJob) async throws -> [Recognition] {
        job == .odometer ? odometer : vin
    }
}

@Suite struct PhotoReaderTests {
    @Test func theEngineCanBeSwapped() async throws {
        let engine = ScriptedRecognizer(
            odometer: [Recognition(pass: "a", text: "052 118", confidence: 88)],
            vin: [Recognition(pass: "a", text: "1HGCM82633AOO4352", confidence: 91)])
        let reader = PhotoReader(recognizer: engine)
        let photo = URL(fileURLWithPath: "/nonexistent/photo.png")
        let odometer = try await reader.readOdometer(at: photo, lastMileage: 50_000)
        #expect(odometer.value == 52_118)
        #expect(odometer.warnings.isEmpty)
        let vin = try await reader.readVIN(at: photo)
        #expect(vin.vin == "1HGCM82633A004352")
    }

    @Test func readingsEncodeTheirValue() throws {
        let reading = OdometerReader().read([Recognition(pass: "a", text: "1234", confidence: 90)])
        let json = String(decoding: try JSONEncoder().encode(reading), as: UTF8.self)
        #expect(json.contains("\"value\":1234"))
    }
}
