import Foundation
import HTTPTypes
import HearthCore
import HearthFinance
import HearthReports
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
        // The chart's last month (this one) is the converted month, not the amounts as they stand.
        let charted = overview.spendingChart.chart.series.compactMap(\.points.last).reduce(0.0) { $0 + $1.value }
        let spent = overview.spendingByCategory.reduce(Decimal(0)) { $0 + $1.amount }
        #expect(abs(charted - NSDecimalNumber(decimal: spent).doubleValue) < 0.005, "\(charted) against \(spent)")
    }

    @Test(
        "a transaction, a subscription and a group expense in another currency from the pages; a bad code refused; the device has each one's"
    )
    func amountsInOtherCurrencies() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let (browser, device, book) = try await WebTest.seededBook(client)
            try await browser.get("/money")
            let bad = try await browser.post(
                "/money/transactions", [("title", "Gift"), ("amount", "-10"), ("txCurrency", "XYZ")])
            #expect(bad.status == .unprocessableContent && bad.text.contains("XYZ"), "\(bad.text.prefix(400))")
            #expect(bad.text.contains("value=\"XYZ\""), "what was typed is kept")
            try await browser.get("/money")
            #expect(
                try await browser.post(
                    "/money/transactions", [("title", "Pub"), ("amount", "-12.40"), ("txCurrency", "gbp")]
                ).status == .seeOther)
            try await browser.get("/money")
            #expect(
                try await browser.post(
                    "/money/subscriptions",
                    [("subscriptionName", "Paper"), ("price", "9.99"), ("subscriptionCurrency", "GBP")]
                ).status == .seeOther)
            let trip = "/money/groups/\(book.trip.id.uuidString.lowercased())"
            let ana = book.ana.id.uuidString.lowercased()
            try await browser.get(trip)
            let taxi = try await browser.post(
                "\(trip)/expenses",
                [
                    ("title", "Taxi"), ("amount", "30"), ("paidBy", ana), ("splitMode", "evenly"),
                    ("expenseCurrency", "USD"), ("share-\(ana)", "1"),
                ])
            #expect(taxi.status == .seeOther, "\(taxi.text.prefix(400))")
            #expect(try await browser.get("/money/transactions?q=Pub").text.contains("-£12.40"))
            let group = try await browser.get(trip).text
            #expect(
                group.contains("$30.00")
                    && group.contains("Expenses in other currencies than EUR are counted as they are"))

            try await device.sync()
            var query = TransactionQuery()
            query.text = "Pub"
            let pub = try #require(
                try await device.store.fetchTransactions(matching: query, page: PageRequest(size: 5)).items.first)
            #expect(pub.currency?.code == "GBP" && pub.amount == Decimal(string: "-12.40"))
            #expect(
                try await device.store.fetchAllSubscriptions().first { $0.name == "Paper" }?.currency?.code == "GBP")
            #expect(
                try await device.store.fetchExpenses(forGroup: book.trip.id).first { $0.title == "Taxi" }?.currency?
                    .code
                    == "USD")

            // Corrected on its page with the currency emptied: back in the book currency.
            let page = "/money/transactions/\(pub.id.uuidString.lowercased())"
            #expect(try await browser.get(page).text.contains("value=\"GBP\""))
            #expect(
                try await browser.post(page, [("title", "Pub"), ("amount", "-12.40"), ("txCurrency", "")]).status
                    == .seeOther)
            try await device.sync()
            #expect(try await device.store.fetchTransaction(byID: pub.id)?.currency == nil)
        }
    }
}
