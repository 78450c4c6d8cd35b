import Foundation
import HTTPTypes
import HearthCore
import HearthFinance
import HearthTestSupport
import HearthWeb
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HearthServer

/// The money book's currency and rates from the money page: amounts shown in the book currency (or an item's
/// own), amounts in other currencies converted with the rates of an uploaded ECB file to the figures a device
/// computes with the same file, and a bad code or file refused with nothing kept.
@Suite("Web pages: the money book's currency and rates", .timeLimit(.minutes(5)))
struct WebCurrencyTests {
    /// An `eurofxref-hist.csv` in the bank's layout with the rates of `days` (newest first).
    static func ratesFile(days: [String]) -> Data {
        var text = "Date,USD,GBP,\n"
        for (index, day) in days.enumerated() {
            text += "\(day),\(1.08 + Double(index) / 1000),\(0.84 + Double(index) / 1000),\n"
        }
        return Data(text.utf8)
    }

    @Test(
        "a USD amount counts once the rates are imported, as a device counts it; the book shown in USD; bad input named"
    )
    func currencyAndRates() async throws {
        let configuration = try WebTest.configuration()
        let app = try await buildApplication(configuration)
        try await app.test(.live) { client in
            let (browser, device, _) = try await WebTest.seededBook(client)
            let usd = try CurrencyCode("USD")
            let euro = try CurrencyCode("EUR")
            let now = Date()
            _ = try await device.store.save(
                Transaction(title: "Books", amount: Decimal(string: "-24.99")!, date: now, currency: usd))
            try await device.sync()

            var page = try await browser.get("/money").text
            #expect(page.contains("Amounts without a currency of their own are in EUR"))
            #expect(page.contains("Amounts in other currencies than EUR are counted as they are"), "no rates yet")

            // A file that is not the bank's: refused, named, nothing kept.
            let assets = try WebGarageFilesTests.assetCount(configuration.dataDirectory)
            let bad = try await browser.upload(
                "/money/rates", [], file: ("rates", "rates.csv", Data("Date,USD,Japanese Yen\n".utf8)))
            #expect(bad.status == .unprocessableContent && bad.text.contains("Japanese Yen"), "\(bad.text.prefix(600))")
            #expect(try WebGarageFilesTests.assetCount(configuration.dataDirectory) == assets)

            let utc = ISO8601DateFormatter()
            utc.formatOptions = [.withFullDate]
            let days = (0..<5).map { utc.string(from: now.addingTimeInterval(Double(-$0) * 86_400)) }
            let file = Self.ratesFile(days: days)
            try await browser.get("/money")
            let imported = try await browser.upload("/money/rates", [], file: ("rates", "eurofxref-hist.csv", file))
            #expect(imported.status == .seeOther, "\(imported.text.prefix(600))")
            page = try await browser.get("/money").text
            #expect(!page.contains("are counted as they are"))

            // The device, given the same file, counts the month the same.
            let copy = scratchDirectory("hearth-web-rates").appendingPathExtension("csv")
            try file.write(to: copy)
            try await device.store.importECBRates(from: copy)
            let month = try await device.store.convertedMonth(containing: now, into: euro)
            #expect(month.summary.expenses > 0)
            #expect(
                page.contains(Formatting.currency(month.summary.expenses, code: "EUR")),
                "the month's spending is \(Formatting.currency(month.summary.expenses, code: "EUR"))")

            // The book shown in USD: the USD amount as it is, and a bad code refused with the page as it was.
            let saved = try await browser.post("/money/currency", [("currency", "usd")])
            #expect(saved.status == .seeOther)
            page = try await browser.get("/money").text
            #expect(page.contains("Amounts without a currency of their own are in USD"))
            let transactions = try await browser.get("/money/transactions?q=Books").text
            #expect(transactions.contains("-$24.99"))
            let refused = try await browser.post("/money/currency", [("currency", "XYZ")])
            #expect(refused.status == .unprocessableContent && refused.text.contains("XYZ"))
            #expect(try await browser.get("/money").text.contains("are in USD"))
        }
    }

    @Test("the account's currency and rates come back in a copy made afresh (a restart, an evicted copy)")
    func preferencesOutliveTheCopy() async throws {
        let harness = try await WebRecordsHarness.start()
        defer { Task { await harness.stop() } }
        let device = try await harness.financeDevice("currency@example.com")
        _ = try await FinanceRecordsTests.seed(device.store)
        let now = FinanceRecordsTests.now
        _ = try await device.store.save(
            Transaction(title: "Books", amount: -20, date: now, currency: try CurrencyCode("GBP")))
        try await device.sync()
        let first = FinanceRecordsTests.records(harness)
        #expect(try await first.overview(userID: device.userID, now: now).conversionProblem != nil)
        try await first.setBookCurrency("usd", userID: device.userID, now: now)
        let utc = ISO8601DateFormatter()
        utc.formatOptions = [.withFullDate]
        try await first.importRates(
            Self.ratesFile(days: [utc.string(from: now)]), fileName: "eurofxref-hist.csv", userID: device.userID,
            now: now)

        let afresh = FinanceRecordsTests.records(harness)
        #expect(try await afresh.bookCurrency(userID: device.userID, now: now).code == "USD")
        let overview = try await afresh.overview(userID: device.userID, now: now)
        #expect(overview.currency.code == "USD" && overview.conversionProblem == nil)
        // 20 GBP at 0.84 GBP and 1.08 USD to the euro.
        let expected = try await first.overview(userID: device.userID, now: now).month.expenses
        #expect(overview.month.expenses == expected && expected > 20)
    }
}
