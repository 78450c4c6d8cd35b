import Foundation
import HTTPTypes
import HearthCore
import HearthFinance
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import HearthServer

/// The money book kept from the browser: transactions found by month and category, corrected and deleted;
/// subscriptions changed, paused, resumed, renewed and deleted; a group's payments recorded until it is square;
/// budgets set with their month's bar, and removed. A device of the account receives each change.
@Suite("Web pages: the money book's changes from the browser", .timeLimit(.minutes(10)))
struct WebBookEditsTests {
    @Test("transactions filtered by month and category, corrected and deleted; a device follows")
    func transactions() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let (browser, device, _) = try await WebTest.seededBook(client)

            let march = try await browser.get("/money/transactions?month=2026-03").text
            #expect(march.contains("Coffee shop") && march.contains("Salary") && !march.contains("Groceries"))
            let food = try await browser.get("/money/transactions?month=2026-03&category=Food%20%26%20Dining").text
            #expect(
                food.contains("Coffee beans") && food.contains("Coffee shop") && !food.contains("Salary"), "\(food)")
            let february = try await browser.get("/money/transactions?q=coffee&month=2026-02").text
            #expect(february.contains("Coffee again") && !february.contains("Coffee shop"))
            let badMonth = try await browser.get("/money/transactions?month=March")
            #expect(
                badMonth.status == .unprocessableContent
                    && badMonth.text.contains("month &quot;March&quot; is not a month"))
            let badCategory = try await browser.get("/money/transactions?category=Yachts")
            #expect(badCategory.text.contains("category &quot;Yachts&quot; is not one of"))

            let stored = try await device.store.fetchTransactions(
                matching: TransactionQuery(), page: PageRequest(size: 100)
            ).items
            let shop = try #require(stored.first { $0.title == "Coffee shop" })
            let path = "/money/transactions/\(shop.id.uuidString.lowercased())"
            let form = try await browser.get(path).text
            #expect(
                form.contains("value=\"Coffee shop\"") && form.contains("value=\"-4.80\"")
                    && form.contains("value=\"2026-03-09\""))
            let refused = try await browser.post(path, [("title", ""), ("amount", "lots"), ("date", "2026-03-09")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("title is empty") && refused.text.contains("amount &quot;lots&quot;"))
            try await browser.get(path)
            let saved = try await browser.post(
                path,
                [
                    ("title", "Coffee shop"), ("amount", "-5.20"), ("date", "2026-03-10"),
                    ("category", "Food & Dining"),
                    ("subtitle", "with Ana"),
                ])
            #expect(saved.location == "/money/transactions?notice=saved")
            #expect(try await browser.get("/money/transactions?notice=saved").text.contains("The transaction is saved"))
            try await device.sync()
            let corrected = try #require(try await device.store.fetchTransaction(byID: shop.id))
            #expect(corrected.amount == Decimal(string: "-5.20") && corrected.subtitle == "with Ana")

            let cinema = try #require(stored.first { $0.title == "Cinema" })
            try await browser.get("/money/transactions/\(cinema.id.uuidString.lowercased())")
            let deleted = try await browser.post("/money/transactions/\(cinema.id.uuidString.lowercased())/delete")
            #expect(deleted.location == "/money/transactions?notice=deleted")
            try await device.sync()
            #expect(try await device.store.fetchTransaction(byID: cinema.id) == nil)
            #expect(
                try await browser.get("/money/transactions/\(cinema.id.uuidString.lowercased())").status == .notFound)

            // The month's report, as `hearth finance report --month 2026-03` writes it.
            let report = try await browser.get("/money/report?period=2026-03")
            #expect(report.headers[.contentType] == "application/pdf")
            #expect(report.headers[.contentDisposition]?.contains("Hearth_Finance_2026-03.pdf") == true)
            let pdf = Data(report.body.readableBytesView)
            #expect(pdf.starts(with: Data("%PDF-".utf8)))
            if try PDFTools.ready() {
                let file = scratchDirectory("hearth-web-finance-report").appendingPathExtension("pdf")
                try pdf.write(to: file)
                try await PDFTools.check(file)
                let text = try await PDFTools.text(file)
                #expect(text.contains("March 2026") && text.contains("3,200.00"), "\(text.prefix(800))")
            }
            let yearly = try await browser.get("/money/report?period=2026&format=html")
            #expect(yearly.status == .ok && yearly.text.contains("2026"))
            #expect(try await browser.get("/money/report?period=March").text.contains("is not a month or a year"))
            #expect(try await browser.get("/money/report?period=2026&format=doc").status == .unprocessableContent)
        }
    }

    @Test("subscriptions changed, paused, resumed, renewed and deleted; a device follows")
    func subscriptions() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let (browser, device, _) = try await WebTest.seededBook(client)
            let all = try await device.store.fetchAllSubscriptions()
            let music = try #require(all.first { $0.name == "Music" })
            let path = "/money/subscriptions/\(music.id.uuidString.lowercased())"
            #expect(try await browser.get("/money").text.contains("href=\"\(path)\""))

            let page = try await browser.get(path).text
            #expect(page.contains("value=\"Music\"") && page.contains("value=\"10.99\""))
            let refused = try await browser.post(
                path, [("subscriptionName", "Music"), ("price", "0"), ("cycle", "Hourly"), ("nextBill", "2026-03-18")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("price must be more than 0") && refused.text.contains("Hourly"))
            try await browser.get(path)
            let saved = try await browser.post(
                path,
                [
                    ("subscriptionName", "Music family"), ("price", "16.99"), ("cycle", "Monthly"),
                    ("nextBill", "2026-04-18"),
                    ("subscriptionCategory", "Entertainment"),
                ])
            #expect(saved.location == "/money?notice=subscriptionSaved")
            try await browser.get(path)
            #expect(try await browser.post("\(path)/pause").location == "/money?notice=subscriptionPaused")
            try await device.sync()
            var stored = try #require(try await device.store.fetchSubscription(byID: music.id))
            #expect(stored.name == "Music family" && stored.price == Decimal(string: "16.99") && !stored.isActive)
            #expect(try await browser.get(path).text.contains("Paused: it costs nothing"))
            #expect(try await browser.post("\(path)/resume").location == "/money?notice=subscriptionResumed")
            try await browser.get(path)
            #expect(try await browser.post("\(path)/renew").location == "/money?notice=subscriptionRenewed")
            try await device.sync()
            stored = try #require(try await device.store.fetchSubscription(byID: music.id))
            #expect(stored.isActive)
            // Renewing records each bill that fell due as a transaction and moves the next bill past today.
            #expect(stored.nextBillingDate > Date() && stored.lastBillingDate != nil)
            let bills = try await device.store.fetchTransactions(
                matching: TransactionQuery().matching("Music family"), page: PageRequest(size: 50)
            ).items
            #expect(!bills.isEmpty && bills.allSatisfy { $0.amount == Decimal(string: "-16.99") }, "\(bills)")

            let cloud = try #require(all.first { $0.name == "Cloud" })
            try await browser.get("/money/subscriptions/\(cloud.id.uuidString.lowercased())")
            #expect(
                try await browser.post("/money/subscriptions/\(cloud.id.uuidString.lowercased())/delete").location
                    == "/money?notice=subscriptionDeleted")
            try await device.sync()
            #expect(Set(try await device.store.fetchAllSubscriptions().map(\.name)) == ["Music family", "Paused"])
        }
    }

    @Test("a group's suggested payments recorded until it is square; a bad payment is named")
    func payments() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let (browser, device, seeded) = try await WebTest.seededBook(client)
            let path = "/money/groups/\(seeded.trip.id.uuidString.lowercased())"
            let ana = seeded.ana.id.uuidString.lowercased()

            let page = try await browser.get(path).text
            let suggested = page.matches(
                of:
                    /name="from" value="([0-9a-f-]{36})"><input type="hidden" name="to" value="([0-9a-f-]{36})"><input type="hidden" name="paid" value="([0-9.]+)"/
            ).map { (String($0.1), String($0.2), String($0.3)) }
            #expect(suggested.count == 2 && suggested.allSatisfy { $0.1 == ana }, "\(suggested)")

            let refused = try await browser.post(path + "/payments", [("from", ana), ("to", ana), ("paid", "-3")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("must be more than 0") && refused.text.contains("two different people"))
            let outsider = try await browser.post(
                path + "/payments", [("from", UUID().uuidString.lowercased()), ("to", ana), ("paid", "5")])
            #expect(outsider.text.contains("between members of Lisbon trip"))

            // A payment recorded by mistake is deleted from the page, and the group owes what it did.
            let (from, to, amount) = try #require(suggested.first)
            try await browser.get(path)
            #expect(
                try await browser.post(path + "/payments", [("from", from), ("to", to), ("paid", amount)]).location
                    == "\(path)?notice=payment")
            let paid = try await browser.get(path).text
            let payment = String(
                try #require(
                    paid.firstMatch(
                        of:
                            /\/expenses\/([0-9a-f-]{36})\/delete" class="inline"><input type="hidden" name="csrf" value="[^"]+"><button type="submit" class="link danger" aria-label="Delete Settlement/
                    )
                ).1)
            #expect(
                try await browser.post("\(path)/expenses/\(payment)/delete").location == "\(path)?notice=expenseDeleted"
            )
            #expect(
                try await browser.get(path).text.matches(of: /Record as paid/).count == 2,
                "both payments are owed again")

            for (from, to, amount) in suggested {
                try await browser.get(path)
                let recorded = try await browser.post(
                    path + "/payments", [("from", from), ("to", to), ("paid", amount)])
                #expect(recorded.location == "\(path)?notice=payment")
            }
            #expect(try await browser.get(path).text.contains("Everyone is settled."))
            try await device.sync()
            let group = try #require(try await device.store.fetchGroup(byID: seeded.trip.id))
            #expect(GroupBalances(group: group).isSettled)

            // Another group's expense is not found through this one.
            try await browser.get(path)
            #expect(
                try await browser.post("\(path)/expenses/\(UUID().uuidString.lowercased())/delete").status == .notFound)
        }
    }

    @Test("a budget set shows its month's bar; removed, it goes; a device follows")
    func budgets() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let server = URL(string: "http://127.0.0.1:\(try #require(client.port))")!
            let browser = WebBrowser(client)
            let email = try await WebTest.signUp(browser)
            #expect(try await browser.get("/money").text.contains("No budgets yet"))
            let refused = try await browser.post("/money/budgets", [("budgetCategory", "Yachts"), ("budget", "lots")])
            #expect(refused.status == .unprocessableContent)
            #expect(
                refused.text.contains("budget category &quot;Yachts&quot;")
                    && refused.text.contains("budget &quot;lots&quot;"))
            try await browser.get("/money")
            #expect(
                try await browser.post("/money/budgets", [("budgetCategory", "Food & Dining"), ("budget", "100")])
                    .location
                    == "/money?notice=budget")
            try await browser.get("/money")
            try await browser.post(
                "/money/transactions", [("title", "Groceries"), ("amount", "-85"), ("category", "Food & Dining")])
            let page = try await browser.get("/money").text
            #expect(page.contains("Food &amp; Dining</strong>: €85.00 of €100.00 (85&nbsp;%)"), "\(page)")
            #expect(page.contains("class=\"bar-dueSoon\" max=\"100\" value=\"85\""))

            let device = try await WebRecordsHarness.financeDevice(email, server: server, signUp: false)
            try await device.sync()
            #expect(try await device.store.fetchBudgets().map(\.amount) == [100])

            #expect(
                try await browser.post("/money/budgets/remove", [("budgetCategory", "Food & Dining")]).location
                    == "/money?notice=budgetRemoved")
            #expect(try await browser.get("/money").text.contains("No budgets yet"))
            try await device.sync()
            #expect(try await device.store.fetchBudgets().isEmpty)
        }
    }
}
