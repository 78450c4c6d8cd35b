import Foundation
import HTTPTypes
import HearthCore
import HearthGarage
import HearthTestSupport
import HearthWeb
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HearthServer

/// An odometer photo from the vehicle page, at its boundary: what is not a picture, no file, or a file too large
/// is refused before anything reads it, and a server that reads no photos says so. (Photos read by Tesseract,
/// against `hearth garage ocr odometer`, are walked in Chromium by the browser tests.)
@Suite("Web pages: an odometer photo's refusals", .timeLimit(.minutes(5)))
struct WebOdometerPhotoTests {
    @Test("not a picture, none chosen or too large: refused, named, nothing read or saved; no reader: said so")
    func refusals() async throws {
        let read = Locked(0)
        // Counts the photos that reach it: none of these may.
        let reader: OdometerPhotoReading = { _, _ in
            read.withLock { $0 += 1 }
            throw ServiceError.validationFailed("a refused photo reached the reader")
        }
        let app = try await buildApplication(try WebTest.configuration(), readOdometer: reader)
        try await app.test(.live) { client in
            let (browser, _, device, seeded, car) = try await WebTest.seededGarage(client)
            let before = try await device.store.vehicles().first { $0.id == seeded.car.id }?.currentMileage
            let page = try await browser.get(car).text
            #expect(
                page.contains("action=\"\(car)/odometer-photo\"") && page.contains("enctype=\"multipart/form-data\""))

            let text = try await browser.upload(
                "\(car)/odometer-photo", [], file: ("photo", "odometer.txt", Data("042950 miles".utf8)))
            #expect(text.status == .unprocessableContent)
            #expect(text.text.contains("odometer.txt is not a PNG, JPEG, GIF, BMP, TIFF or WebP picture"))
            try await browser.get(car)
            let none = try await browser.upload("\(car)/odometer-photo", [], file: nil)
            #expect(none.status == .unprocessableContent && none.text.contains("none was chosen"))
            try await browser.get(car)
            var huge = Data([0xFF, 0xD8, 0xFF, 0xE0])
            huge.append(Data(count: 11 << 20))
            let tooLarge = try await browser.upload("\(car)/odometer-photo", [], file: ("photo", "big.jpg", huge))
            #expect(tooLarge.status == .contentTooLarge, "\(tooLarge.status)")
            #expect(read.withLock { $0 } == 0, "a refused photo is never read")

            try await device.sync()
            #expect(try await device.store.vehicles().first { $0.id == seeded.car.id }?.currentMileage == before)
        }
    }

    @Test("a server that reads no photos offers no photo, and says so to a form sent anyway")
    func noReader() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let (browser, _, _, _, car) = try await WebTest.seededGarage(client)
            #expect(!(try await browser.get(car).text.contains("odometer-photo")))
            let png = TestImages.png(width: 8, height: 8, colorType: .gray) { _, _, _ in 0 }
            let refused = try await browser.upload("\(car)/odometer-photo", [], file: ("photo", "dash.png", png))
            #expect(refused.status == .unprocessableContent && refused.text.contains("This server reads no photos"))
        }
    }
}
