import Foundation
import HTTPTypes
import HearthCore
import HearthGarage
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import HearthServer

/// Imports from the browser: a Fuelly export uploaded into a vehicle, previewed with what would be added and
/// left out and why, imported once (again, it adds nothing); a Hearth export of one account's garage imported
/// into another's; a file that is not one, and a vehicle that is not the user's, write nothing.
@Suite("Web pages: garage imports previewed and imported", .timeLimit(.minutes(10)))
struct WebGarageImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HearthGarageTests/Fixtures")

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(name))
    }

    /// Adds a vehicle from the page; its id.
    static func vehicle(_ browser: WebBrowser, _ name: String = "Civic") async throws -> String {
        try await browser.get("/garage")
        let added = try await browser.post(
            "/garage/vehicles",
            [("vehicleName", name), ("make", "Honda"), ("model", "Civic"), ("year", "2019"), ("odometer", "50000")])
        return String(try #require(added.location?.firstMatch(of: /\/garage\/([0-9a-f-]{36})/)).1)
    }

    static func token(_ page: String) throws -> String {
        String(try #require(page.firstMatch(of: /name="upload" value="([0-9a-f]{32})"/)).1)
    }

    @Test("a Fuelly export previewed, imported once into the vehicle, and again adds nothing; a device receives it")
    func fuelly() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let server = URL(string: "http://127.0.0.1:\(try #require(client.port))")!
            let browser = WebBrowser(client)
            let email = try await WebTest.signUp(browser)
            let car = try await Self.vehicle(browser)
            let form = try await browser.get("/garage/import?vehicle=\(car)").text
            #expect(form.contains("<option value=\"\(car)\" selected>"))
            let file = try Self.fixture("fuelly-web.csv")

            let preview = try await browser.upload(
                "/garage/import", [("source", "auto"), ("vehicle", car)], file: ("export", "fuelly-web.csv", file))
            #expect(preview.status == .ok, "\(preview.text.prefix(800))")
            #expect(preview.text.contains("<strong>6</strong> records would be added"), "\(preview.text)")
            #expect(preview.text.contains("6 fill-ups") && preview.text.contains("the date is not a date"))
            let device = try await WebRecordsHarness.garageDevice(email, server: server, signUp: false)
            try await device.sync()
            let vehicle = try #require(UUID(uuidString: car))
            #expect(try await device.store.fuelLogs(of: vehicle).isEmpty, "the preview writes nothing")

            let imported = try await browser.post("/garage/import/confirm", [("upload", try Self.token(preview.text))])
            #expect(imported.location == "/garage/import?notice=imported&added=6")
            #expect(try await browser.get("/garage/import?notice=imported&added=6").text.contains("Imported 6 records"))
            try await device.sync()
            #expect(try await device.store.fuelLogs(of: vehicle).count == 6)
            #expect(try await browser.get("/garage/\(car)").text.contains("2024-01-05"))

            try await browser.get("/garage/import")
            let again = try await browser.upload(
                "/garage/import", [("vehicle", car)], file: ("export", "fuelly-web.csv", file))
            #expect(again.text.contains("<strong>0</strong> records would be added"), "\(again.text)")
            #expect(again.text.contains("<strong>6</strong> are here already"))
            #expect(!again.text.contains("Import 0 records"))
        }
    }

    @Test("one account's Hearth export imported into another account's garage")
    func hearthExport() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let first = WebBrowser(client)
            try await WebTest.signUp(first, "first")
            let car = try await Self.vehicle(first, "Weekend")
            try await first.get("/garage/\(car)")
            try await first.post("/garage/\(car)/services", [("preset", "Oil Change")])
            let export = try await first.get("/garage/export?format=json")
            let json = Data(export.body.readableBytesView)

            let second = WebBrowser(client)
            try await WebTest.signUp(second, "second")
            #expect(try await second.get("/garage").text.contains("import a Hearth export"))
            try await second.get("/garage/import")
            let preview = try await second.upload(
                "/garage/import", [("source", "hearth")], file: ("export", "hearth-garage.json", json))
            #expect(preview.status == .ok, "\(preview.text.prefix(800))")
            #expect(preview.text.contains("1 vehicles") && preview.text.contains("1 services"), "\(preview.text)")
            #expect(try await second.get("/garage").text.contains("No vehicles yet"), "the preview writes nothing")
            try await second.get("/garage/import")
            let imported = try await second.post(
                "/garage/import/confirm", [("upload", try Self.token(preview.text))])
            #expect(imported.status == .seeOther)
            let garage = try await second.get("/garage").text
            #expect(garage.contains("Weekend") && garage.contains("Oil Change"))
        }
    }

    @Test("a file that is not an export, no vehicle, another's vehicle, or broken JSON: named, nothing written")
    func hostile() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let browser = WebBrowser(client)
            try await WebTest.signUp(browser)
            let car = try await Self.vehicle(browser)
            try await browser.get("/garage/import")
            let photo = try await browser.upload(
                "/garage/import", [("vehicle", car)], file: ("export", "photo.png", try Self.fixture("photo.png")))
            #expect(photo.status == .unprocessableContent && photo.text.contains("photo.png is not a text file"))
            let noVehicle = try await browser.upload(
                "/garage/import", [], file: ("export", "fuelly-web.csv", try Self.fixture("fuelly-web.csv")))
            #expect(noVehicle.status == .unprocessableContent && noVehicle.text.contains("choose the vehicle"))
            let broken = try await browser.upload(
                "/garage/import", [("source", "hearth")], file: ("export", "garage.json", Data("{\"format\":".utf8)))
            #expect(broken.status == .unprocessableContent && broken.text.contains("Nothing was imported"))
            let none = try await browser.upload("/garage/import", [("vehicle", car)], file: nil)
            #expect(none.text.contains("none was chosen"))

            let stranger = WebBrowser(client)
            try await WebTest.signUp(stranger, "stranger")
            try await stranger.get("/garage/import")
            let theirs = try await stranger.upload(
                "/garage/import", [("vehicle", car)],
                file: ("export", "fuelly-web.csv", try Self.fixture("fuelly-web.csv")))
            #expect(theirs.status == .notFound)
            #expect(try await browser.get("/garage/\(car)").text.contains("Two fill-ups to full are needed"))
        }
    }
}
