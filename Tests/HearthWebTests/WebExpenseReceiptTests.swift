import Crypto
import Foundation
import HTTPTypes
import HearthCloudModel
import HearthCore
import HearthFinance
import HearthSync
import HearthTestSupport
import HearthWeb
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HearthServer

/// A group expense's receipt from its page: kept as an asset the expense record names, so a device receives
/// the record naming the file and can download it; what is not a PDF or picture, or another's, is refused.
@Suite("Web pages: a group expense's receipt", .timeLimit(.minutes(5)))
struct WebExpenseReceiptTests {
    @Test("kept from the expense's page, downloaded again, and named by the record a device receives; refusals named")
    func receipt() async throws {
        let configuration = try WebTest.configuration()
        let app = try await buildApplication(configuration)
        try await app.test(.live) { client in
            let (browser, device, book) = try await WebTest.seededBook(client)
            let flat = try #require(
                try await device.store.fetchExpenses(forGroup: book.trip.id).first { $0.title == "Flat" })
            let page =
                "/money/groups/\(book.trip.id.uuidString.lowercased())/expenses/\(flat.id.uuidString.lowercased())"
            #expect(try await browser.get(page).text.contains("No receipt kept with this expense yet."))
            let assets = try WebGarageFilesTests.assetCount(configuration.dataDirectory)

            let refused = try await browser.upload(
                "\(page)/receipt", [], file: ("receipt", "flat.html", Data("<html>paid</html>".utf8)))
            #expect(refused.status == .unprocessableContent)
            #expect(
                refused.text.contains("receipt: flat.html is not a PDF or a PNG, JPEG, GIF, BMP, TIFF or WebP picture"))
            #expect(try WebGarageFilesTests.assetCount(configuration.dataDirectory) == assets, "nothing is stored")

            try await browser.get(page)
            let kept = try await browser.upload(
                "\(page)/receipt", [], file: ("receipt", "flat invoice.pdf", WebGarageFilesTests.pdf))
            #expect(kept.status == .seeOther, "\(kept.text.prefix(300))")
            let shown = try await browser.get(page).text
            #expect(shown.contains("href=\"\(page)/receipt\"") && shown.contains("flat invoice.pdf"))
            let file = try await browser.get("\(page)/receipt")
            #expect(Data(file.body.readableBytesView) == WebGarageFilesTests.pdf)
            #expect(file.headers[.contentType] == "application/pdf")

            try await device.sync()
            let synced = try #require(
                try await device.store.fetchExpenses(forGroup: book.trip.id).first { $0.id == flat.id })
            let checksum = SHA256.hash(data: WebGarageFilesTests.pdf).map { String(format: "%02x", $0) }.joined()
            #expect(synced.receiptAsset?.fileChecksum == checksum && synced.receipt == "flat invoice.pdf")
            #expect(synced.amount == flat.amount && synced.title == "Flat", "the rest of the expense is as it was")

            let stranger = WebBrowser(client)
            try await WebTest.signUp(stranger, "stranger")
            #expect(try await stranger.get("\(page)/receipt").status == .notFound)
            try await stranger.get("/money")
            let theirs = try await stranger.upload(
                "\(page)/receipt", [], file: ("receipt", "mine.pdf", WebGarageFilesTests.pdf))
            #expect(theirs.status == .notFound)
        }
    }
}
