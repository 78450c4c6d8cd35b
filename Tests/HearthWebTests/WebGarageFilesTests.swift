import Foundation
import GRDB
import HTTPTypes
import HearthCloud
import HearthCloudModel
import HearthCore
import HearthGarage
import HearthSync
import HearthTestSupport
import HearthWeb
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HearthServer

/// The garage's files from the pages and the devices: a document's scan, a vehicle's photo and a service's
/// receipt kept on one side reach the other at the device's next sync, byte for byte; and what is not a PDF or
/// a picture, too large, or another's, is refused with nothing stored.
@Suite("Web pages: the garage's files", .timeLimit(.minutes(5)))
struct WebGarageFilesTests {
    /// A small PDF, as a scanner writes one (what matters to the pages is its `%PDF-` start).
    static let pdf = Data("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".utf8)

    /// The `assets` rows of the server whose data directory is `directory`.
    static func assetCount(_ directory: URL) throws -> Int {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(
            path: directory.appendingPathComponent("cloud.sqlite").path, configuration: configuration)
        return try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM assets") ?? 0 }
    }

    @Test(
        "a document kept on the page reaches the device's folder; one kept on a device opens on the page; deleted on the page, gone on the device"
    )
    func documentsBothWays() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let (browser, _, device, seeded, car) = try await WebTest.seededGarage(client)
            try await browser.get(car)
            let kept = try await browser.upload(
                "\(car)/documents",
                [("documentKind", "insurance"), ("documentLabel", "Geico card"), ("documentExpires", "2027-01-31")],
                file: ("documentFile", "card scan.pdf", Self.pdf))
            #expect(kept.status == .seeOther, "\(kept.text.prefix(400))")
            let page = try await browser.get(car).text
            let link = try #require(
                page.firstMatch(of: /href="(\/garage\/[0-9a-f-]+\/documents\/[0-9a-f-]+\/file)"/).map { String($0.1) })
            #expect(page.contains("Geico card") && page.contains("2027-01-31"))
            let file = try await browser.get(link)
            #expect(file.status == .ok && Data(file.body.readableBytesView) == Self.pdf)
            #expect(file.headers[.contentType] == "application/pdf")
            #expect(file.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"card scan.pdf\"") == true)

            try await device.sync()
            let onDevice = try #require(try await device.store.documents(of: seeded.car.id).first)
            #expect(
                onDevice.label == "Geico card" && onDevice.kind == .insurance && onDevice.byteCount == Self.pdf.count)
            let copy = try #require(device.store.fileURL(of: onDevice))
            #expect(try Data(contentsOf: copy) == Self.pdf, "the device downloaded the page's file into its folder")
            #expect(try FileManager.default.attributesOfItem(atPath: copy.path)[.posixPermissions] as? Int == 0o600)

            // A registration kept on the device: its file is uploaded at the device's next sync.
            let scan = scratchDirectory("hearth-web-scan").appendingPathComponent("registration.png")
            try FileManager.default.createDirectory(
                at: scan.deletingLastPathComponent(), withIntermediateDirectories: true)
            let png = TestImages.png(width: 12, height: 8, colorType: .gray) { x, y, _ in (x * 20 + y) % 256 }
            try png.write(to: scan)
            let registration = try await device.store.addDocument(
                DocumentDraft(kind: "registration", label: "PR registration"), copying: scan.path, to: seeded.car.id)
            let report = try await device.sync()
            #expect(report.problems.isEmpty, "\(report.problems)")

            // Deleted on the page (a write, which brings the page's copy up to date first): the device loses the
            // record and its copy, and the page lists the device's registration, its file ready to download.
            try await browser.get(car)
            let deleted = try await browser.post("\(car)/documents/\(onDevice.id.uuidString.lowercased())/delete")
            #expect(deleted.status == .seeOther)
            let after = try await browser.get(car).text
            let registrationLink = "\(car)/documents/\(registration.id.uuidString.lowercased())/file"
            #expect(after.contains(registrationLink) && !after.contains("card scan.pdf"))
            let downloaded = try await browser.get(registrationLink)
            #expect(Data(downloaded.body.readableBytesView) == png && downloaded.headers[.contentType] == "image/png")
            try await device.sync()
            #expect(try await device.store.documents(of: seeded.car.id).map(\.id) == [registration.id])
            #expect(!FileManager.default.fileExists(atPath: copy.path), "the deleted document's copy is removed")
        }
    }

    @Test("a photo shows on the page and reaches the device; a receipt sent with the work is kept with its entry")
    func photoAndReceipt() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let (browser, _, device, seeded, car) = try await WebTest.seededGarage(client)
            #expect(!(try await browser.get(car).text.contains("\(car)/photo\" alt")))
            let png = TestImages.png(width: 16, height: 10, colorType: .gray) { x, _, _ in x * 12 }
            let saved = try await browser.upload("\(car)/photo", [], file: ("photo", "car.png", png))
            #expect(saved.status == .seeOther, "\(saved.text.prefix(400))")
            #expect(try await browser.get(car).text.contains("src=\"\(car)/photo\""))
            let shown = try await browser.get("\(car)/photo")
            #expect(shown.status == .ok && Data(shown.body.readableBytesView) == png)
            #expect(shown.headers[.contentType] == "image/png")
            #expect(shown.headers[.contentDisposition]?.hasPrefix("inline") == true)

            let service = try #require(try await device.store.services(of: seeded.car.id).first)
            try await browser.get(car)
            let logged = try await browser.upload(
                "\(car)/service",
                [("service", service.id.uuidString.lowercased()), ("date", "2026-03-01"), ("mileage", "42950")],
                file: ("receipt", "invoice.pdf", Self.pdf))
            #expect(logged.status == .seeOther, "\(logged.text.prefix(400))")
            let page = try await browser.get(car).text
            let receiptLink = try #require(
                page.firstMatch(of: /href="(\/garage\/[0-9a-f-]+\/history\/[0-9a-f-]+\/receipt)"/).map { String($0.1) })
            #expect(Data(try await browser.get(receiptLink).body.readableBytesView) == Self.pdf)

            try await device.sync()
            let vehicle = try #require(try await device.store.vehicles().first { $0.id == seeded.car.id })
            let folder = try #require(device.store.documentsFolder)
            let photo = try #require(vehicle.photoFile)
            #expect(photo.hasSuffix(".png"))
            #expect(try Data(contentsOf: folder.appendingPathComponent(photo)) == png)
            let log = try #require(try await device.store.logs(of: seeded.car.id).first { $0.receiptFile != nil })
            #expect(log.mileageAtService == 42950)
            #expect(try Data(contentsOf: folder.appendingPathComponent(try #require(log.receiptFile))) == Self.pdf)

            // Removed: the page shows the icon again, and the device's record no longer names a photo.
            try await browser.get(car)
            #expect(try await browser.upload("\(car)/photo", [("remove", "1")], file: nil).status == .seeOther)
            #expect(try await browser.get("\(car)/photo").status == .notFound)
            try await device.sync()
            #expect(try await device.store.vehicles().first { $0.id == seeded.car.id }?.photoFile == nil)
        }
    }

    @Test("not a PDF or picture, none, too large, a bad field, or another's: refused and named, nothing stored")
    func refusals() async throws {
        let configuration = try WebTest.configuration()
        let app = try await buildApplication(configuration)
        try await app.test(.live) { client in
            let (browser, _, device, seeded, car) = try await WebTest.seededGarage(client)
            let assets = try Self.assetCount(configuration.dataDirectory)
            try await browser.get(car)
            let script = try await browser.upload(
                "\(car)/documents", [("documentKind", "insurance")],
                file: ("documentFile", "card.pdf", Data("<script>alert(1)</script>".utf8)))
            #expect(script.status == .unprocessableContent)
            #expect(script.text.contains("card.pdf is not a PDF or a PNG, JPEG, GIF, BMP, TIFF or WebP picture"))
            try await browser.get(car)
            let none = try await browser.upload("\(car)/documents", [("documentKind", "insurance")], file: nil)
            #expect(none.status == .unprocessableContent && none.text.contains("document file: none was chosen"))
            try await browser.get(car)
            let badKind = try await browser.upload(
                "\(car)/documents", [("documentKind", "passport"), ("documentLabel", "Kept typing")],
                file: ("documentFile", "card.pdf", Self.pdf))
            #expect(
                badKind.status == .unprocessableContent
                    && badKind.text.contains("passport&quot; is not a document kind"))
            #expect(badKind.text.contains("value=\"Kept typing\""), "what was typed is kept")
            try await browser.get(car)
            let badDay = try await browser.upload(
                "\(car)/documents",
                [("documentKind", "insurance"), ("documentIssued", "2026-05-01"), ("documentExpires", "2026-01-01")],
                file: ("documentFile", "card.pdf", Self.pdf))
            #expect(badDay.status == .unprocessableContent && badDay.text.contains("is before the issue day"))
            try await browser.get(car)
            var huge = Self.pdf
            huge.append(Data(count: GarageStore.maxDocumentBytes))
            let tooLarge = try await browser.upload(
                "\(car)/documents", [("documentKind", "insurance")], file: ("documentFile", "huge.pdf", huge))
            #expect(tooLarge.status == .unprocessableContent && tooLarge.text.contains("larger than the 25 MB"))
            try await browser.get(car)
            let pdfPhoto = try await browser.upload("\(car)/photo", [], file: ("photo", "car.pdf", Self.pdf))
            #expect(
                pdfPhoto.status == .unprocessableContent
                    && pdfPhoto.text.contains("vehicle photo: car.pdf is not a PNG"))
            try await browser.get(car)
            let service = try #require(try await device.store.services(of: seeded.car.id).first)
            let logsBefore = try await device.store.logs(of: seeded.car.id).count
            let badReceipt = try await browser.upload(
                "\(car)/service", [("service", service.id.uuidString.lowercased()), ("mileage", "42950")],
                file: ("receipt", "invoice.txt", Data("paid".utf8)))
            #expect(
                badReceipt.status == .unprocessableContent && badReceipt.text.contains("receipt: invoice.txt is not"))
            #expect(try Self.assetCount(configuration.dataDirectory) == assets, "a refused file is never stored")
            try await device.sync()
            #expect(try await device.store.documents(of: seeded.car.id).isEmpty)
            #expect(try await device.store.logs(of: seeded.car.id).count == logsBefore, "the work is not logged either")

            // Another account's browser finds nothing of this garage's files.
            try await browser.get(car)
            #expect(
                try await browser.upload(
                    "\(car)/documents", [("documentKind", "title")], file: ("documentFile", "title.pdf", Self.pdf)
                ).status == .seeOther)
            let link = try #require(
                try await browser.get(car).text.firstMatch(
                    of: /href="(\/garage\/[0-9a-f-]+\/documents\/[0-9a-f-]+\/file)"/
                )
                .map { String($0.1) })
            let stranger = WebBrowser(client)
            try await WebTest.signUp(stranger, "stranger")
            #expect(try await stranger.get(link).status == .notFound)
            #expect(try await stranger.get("\(car)/photo").status == .notFound)
            try await stranger.get("/garage")
            let foreign = try await stranger.upload(
                "\(car)/photo", [],
                file: ("photo", "mine.png", TestImages.png(width: 4, height: 4, colorType: .gray) { _, _, _ in 9 }))
            #expect(foreign.status == .notFound || foreign.status == .unprocessableContent)
            #expect(
                try Self.assetCount(configuration.dataDirectory) == assets + 1,
                "only the owner's one document is stored")
        }
    }

    @Test(
        "a document's page changes its expiry and replaces its scan; the device follows, its old copy gone; a bad day is named"
    )
    func documentEdited() async throws {
        let configuration = try WebTest.configuration()
        let app = try await buildApplication(configuration)
        try await app.test(.live) { client in
            let (browser, _, device, seeded, car) = try await WebTest.seededGarage(client)
            try await browser.get(car)
            try await browser.upload(
                "\(car)/documents", [("documentKind", "insurance"), ("documentExpires", "2026-12-31")],
                file: ("documentFile", "card.pdf", Self.pdf))
            try await device.sync()
            let kept = try #require(try await device.store.documents(of: seeded.car.id).first)
            let oldCopy = try #require(device.store.fileURL(of: kept))
            #expect(FileManager.default.fileExists(atPath: oldCopy.path))
            let page = "\(car)/documents/\(kept.id.uuidString.lowercased())"
            #expect(try await browser.get(car).text.contains("href=\"\(page)\""), "the label opens its page")
            #expect(try await browser.get(page).text.contains("value=\"2026-12-31\""))

            let assets = try Self.assetCount(configuration.dataDirectory)
            let png = TestImages.png(width: 9, height: 9, colorType: .gray) { x, y, _ in x * y }
            let refused = try await browser.upload(
                page,
                [("documentKind", "insurance"), ("documentIssued", "2027-02-01"), ("documentExpires", "2027-01-31")],
                file: ("documentFile", "renewed.png", png))
            #expect(refused.status == .unprocessableContent && refused.text.contains("is before the issue day"))
            #expect(refused.text.contains("value=\"2027-02-01\""), "what was typed is kept")
            #expect(try Self.assetCount(configuration.dataDirectory) == assets, "the refused form's file is not stored")

            try await browser.get(page)
            let saved = try await browser.upload(
                page,
                [("documentKind", "insurance"), ("documentLabel", "Geico 2027"), ("documentExpires", "2027-12-31")],
                file: ("documentFile", "renewed.png", png))
            #expect(saved.status == .seeOther, "\(saved.text.prefix(400))")
            try await device.sync()
            let renewed = try #require(try await device.store.documents(of: seeded.car.id).first)
            #expect(renewed.id == kept.id && renewed.label == "Geico 2027")
            #expect(renewed.expiresOn == CalendarDay(iso: "2027-12-31") && renewed.originalName == "renewed.png")
            let newCopy = try #require(device.store.fileURL(of: renewed))
            #expect(try Data(contentsOf: newCopy) == png, "the new scan downloaded")
            #expect(!FileManager.default.fileExists(atPath: oldCopy.path), "the old scan's copy is removed")
        }
    }

    @Test(
        "a photo set on a device (hearth garage vehicle photo) is uploaded at its sync and shown by the pages; no picture, refused"
    )
    func photoFromADevice() async throws {
        let harness = try await WebRecordsHarness.start()
        defer { Task { await harness.stop() } }
        let device = try await harness.garageDevice("photo@example.com")
        let seeded = try await GarageRecordsTests.seed(device.store)
        let folder = scratchDirectory("hearth-web-photo")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = folder.appendingPathComponent("car.png")
        try Data("not a picture".utf8).write(to: text)
        await #expect(throws: ServiceError.self) {
            try await device.store.setPhoto(copying: text.path, of: seeded.car.id)
        }
        #expect(try await device.store.vehicles().first { $0.id == seeded.car.id }?.photoFile == nil)

        let picture = folder.appendingPathComponent("car.jpg")
        let png = TestImages.png(width: 7, height: 5, colorType: .gray) { x, y, _ in x + y * 7 }
        try png.write(to: picture)
        let set = try await device.store.setPhoto(copying: picture.path, of: seeded.car.id)
        #expect(set.photoFile?.hasSuffix(".png") == true && set.photoAsset == nil, "named by what its bytes are")
        let report = try await device.sync()
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(
            try await device.store.vehicles().first { $0.id == seeded.car.id }?.photoAsset?.size == Int64(png.count))

        let shown = try await GarageRecordsTests.records(harness).photo(
            of: seeded.car.id, userID: device.userID, now: GarageRecordsTests.now)
        #expect(try await shown.download.collect() == png && shown.contentType == "image/png" && shown.inline)
    }
}
