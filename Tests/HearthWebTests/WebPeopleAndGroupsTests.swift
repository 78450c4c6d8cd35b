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
@testable import HearthWeb

/// People and groups kept from the browser: a person renamed or deleted (refused while a group names them), a
/// group renamed, its members changed or the group deleted; a group expense added and corrected with each of
/// the four ways of splitting; and the pages' last change undone. A device of the account receives each change.
@Suite("Web pages: people, groups, split expenses and undo from the browser", .timeLimit(.minutes(10)))
struct WebPeopleAndGroupsTests {
    private static func path(_ id: UUID) -> String { id.uuidString.lowercased() }

    @Test("a person renamed, refused while in a group, deleted; a group renamed, grown and deleted")
    func peopleAndGroups() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let (browser, device, book) = try await WebTest.seededBook(client)
            let ana = "/money/people/\(Self.path(book.ana.id))"
            #expect(try await browser.get("/money").text.contains("href=\"\(ana)\""))

            #expect(try await browser.get(ana).text.contains("value=\"Ana\""))
            let refused = try await browser.post(ana, [("personName", "Ana Lima"), ("personEmail", "ana at home")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("is not an address") && refused.text.contains("value=\"Ana Lima\""))
            try await browser.get(ana)
            let saved = try await browser.post(ana, [("personName", "Ana Lima"), ("personEmail", "ana@example.com")])
            #expect(saved.location == "/money?notice=personSaved")
            try await device.sync()
            let renamed = try #require(try await device.store.fetchPerson(byID: book.ana.id))
            #expect(renamed.name == "Ana Lima" && renamed.email == "ana@example.com")

            // Cy is in the trip: deleting them is refused, with the group named, and nothing changes.
            let cy = "/money/people/\(Self.path(book.cy.id))"
            try await browser.get(cy)
            let kept = try await browser.post("\(cy)/delete")
            #expect(kept.status == .unprocessableContent)
            #expect(kept.text.contains("Lisbon trip"), "\(kept.text.prefix(2_000))")
            // Nor can Cy leave the group while its expenses name them.
            let trip = "/money/groups/\(Self.path(book.trip.id))"
            let page = try await browser.get(trip).text
            #expect(page.contains("Change the group") && page.contains("Delete Lisbon trip"))
            let leaving = try await browser.post(
                "\(trip)/edit",
                [
                    ("groupName", "Lisbon trip"), ("members", Self.path(book.ana.id)),
                    ("members", Self.path(book.ben.id)),
                ])
            #expect(leaving.status == .unprocessableContent)
            #expect(leaving.text.contains("Cannot remove &quot;Cy&quot;"), "\(leaving.text.prefix(2_000))")

            // Dee joins: added on the money page, then ticked in the group under its new name.
            try await browser.get("/money")
            #expect(try await browser.post("/money/people", [("personName", "Dee")]).location == "/money?notice=person")
            try await device.sync()
            let dee = try #require(try await device.store.fetchAllPeople().first { $0.name == "Dee" })
            try await browser.get(trip)
            let grown = try await browser.post(
                "\(trip)/edit",
                [("groupName", "Lisbon 2026")]
                    + [book.ana.id, book.ben.id, book.cy.id, dee.id].map {
                        ("members", Self.path($0))
                    })
            #expect(grown.location == "\(trip)?notice=groupSaved")
            try await device.sync()
            let group = try #require(try await device.store.fetchGroup(byID: book.trip.id))
            #expect(group.name == "Lisbon 2026" && group.members.count == 4 && group.expenses.count == 2)

            // The group deleted with its expenses; then Cy, no longer in a group, can go.
            try await browser.get(trip)
            #expect(try await browser.post("\(trip)/delete").location == "/money?notice=groupDeleted")
            try await browser.get(cy)
            #expect(try await browser.post("\(cy)/delete").location == "/money?notice=personDeleted")
            try await device.sync()
            #expect(try await device.store.fetchGroup(byID: book.trip.id) == nil)
            #expect(try await device.store.fetchExpense(byID: group.expenses[0].id) == nil)
            #expect(try await device.store.fetchPerson(byID: book.cy.id) == nil)
            #expect(try await browser.get(trip).status == .notFound)
            #expect(try await browser.get(cy).status == .notFound)
        }
    }

    @Test("a group expense added and corrected with each way of splitting; the balances follow")
    func splitModes() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let (browser, device, book) = try await WebTest.seededBook(client)
            let trip = "/money/groups/\(Self.path(book.trip.id))"
            let (ana, ben, cy) = (Self.path(book.ana.id), Self.path(book.ben.id), Self.path(book.cy.id))
            let page = try await browser.get(trip).text
            #expect(page.contains("By percentages") && page.contains("name=\"part-\(ben)\""))

            func expense(_ mode: String, _ parts: [(String, String)], title: String = "Museum", amount: String = "60")
                -> [(String, String)]
            {
                [("title", title), ("amount", amount), ("paidBy", ana), ("splitMode", mode), ("date", "2026-03-04")]
                    + parts.flatMap { [("share-\($0.0)", "1"), ("part-\($0.0)", $0.1)] }
            }
            // Refused, each problem named with the person, and what was typed kept.
            let missing = try await browser.post(
                "\(trip)/expenses", expense("shares", [(ana, "2"), (ben, ""), (cy, "1")]))
            #expect(missing.status == .unprocessableContent)
            #expect(missing.text.contains("Ben&#39;s part is empty") || missing.text.contains("Ben's part is empty"))
            #expect(missing.text.contains("value=\"Museum\"") && missing.text.contains("value=\"2\""))
            try await browser.get(trip)
            let over = try await browser.post(
                "\(trip)/expenses", expense("percentages", [(ana, "50"), (ben, "30"), (cy, "30")]))
            #expect(over.status == .unprocessableContent && over.text.contains("add up to 110 %"))

            // Added by percentages: 60 split 50/25/25.
            try await browser.get(trip)
            let added = try await browser.post(
                "\(trip)/expenses", expense("percentages", [(ana, "50"), (ben, "25"), (cy, "25")]))
            #expect(added.location == "\(trip)?notice=expense")
            try await device.sync()
            let museum = try #require(
                try await device.store.fetchExpenses(forGroup: book.trip.id).first { $0.title == "Museum" })
            #expect(museum.split == .percentages([book.ana.id: 50, book.ben.id: 25, book.cy.id: 25]))
            #expect(museum.splitBetween == [book.ana.id, book.ben.id, book.cy.id])

            // Dinner (exact amounts) opens with its parts, and is corrected to shares between Ben and Cy.
            let dinner = try #require(
                try await device.store.fetchExpenses(forGroup: book.trip.id).first { $0.title == "Dinner" })
            let dinnerPath = "\(trip)/expenses/\(Self.path(dinner.id))"
            #expect(page.contains("href=\"\(dinnerPath)\""))
            let form = try await browser.get(dinnerPath).text
            #expect(
                form.contains("<option value=\"exactAmounts\" selected>") && form.contains("value=\"40.50\"")
                    && form.contains("value=\"50.00\""), "\(form)")
            let corrected = try await browser.post(
                dinnerPath,
                expense("shares", [(ben, "1"), (cy, "3")], title: "Dinner", amount: "80") + [
                    ("paidBy", ben)
                ])
            #expect(corrected.location == "\(trip)?notice=expenseSaved")
            // Exact amounts too, then evenly: each a correction the device receives.
            try await browser.get(dinnerPath)
            let exact = try await browser.post(
                dinnerPath, expense("exactAmounts", [(ben, "30.25"), (cy, "49.75")], title: "Dinner", amount: "80"))
            #expect(exact.location == "\(trip)?notice=expenseSaved")
            try await device.sync()
            var stored = try #require(try await device.store.fetchExpense(byID: dinner.id))
            #expect(stored.amount == 80 && stored.splitBetween == [book.ben.id, book.cy.id])
            #expect(
                stored.split
                    == .exactAmounts([book.ben.id: Decimal(string: "30.25")!, book.cy.id: Decimal(string: "49.75")!]))
            try await browser.get(dinnerPath)
            let even = try await browser.post(
                dinnerPath, expense("evenly", [(ana, ""), (ben, ""), (cy, "")], title: "Dinner", amount: "81"))
            #expect(even.location == "\(trip)?notice=expenseSaved")
            try await device.sync()
            stored = try #require(try await device.store.fetchExpense(byID: dinner.id))
            #expect(stored.split == .evenly && stored.splitBetween.count == 3 && stored.amount == 81)

            // The page's balances are the device's own figures for the same group.
            let synced = try #require(try await device.store.fetchGroup(byID: book.trip.id))
            let names = Dictionary(
                uniqueKeysWithValues: try await device.store.fetchAllPeople().map { ($0.id, $0.name) })
            let figures = FinanceGroupBalances(group: synced, names: names)
            let shown = try await browser.get(trip).text
            for balance in figures.balances where balance.balance != 0 {
                #expect(
                    shown.contains(WebFormat.money(abs(balance.balance), in: try CurrencyCode("EUR"))),
                    "\(balance.name) \(balance.balance)")
            }
        }
    }

    @Test("hostile expense forms: parts that are not numbers, huge, negative or for strangers; too many fields")
    func hostileExpenses() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let (browser, device, book) = try await WebTest.seededBook(client)
            let trip = "/money/groups/\(Self.path(book.trip.id))"
            let (ana, ben) = (Self.path(book.ana.id), Self.path(book.ben.id))
            let before = try await device.store.fetchExpenses(forGroup: book.trip.id).count
            let cases: [([(String, String)], String)] = [
                (
                    [("splitMode", "exactAmounts"), ("part-\(ana)", "1e999999"), ("part-\(ben)", "NaN")],
                    "is not an amount"
                ),
                ([("splitMode", "percentages"), ("part-\(ana)", "-50"), ("part-\(ben)", "150")], "below 0"),
                (
                    [("splitMode", "shares"), ("part-\(ana)", "99999999999"), ("part-\(ben)", "1")],
                    "not a whole number"
                ),
                ([("splitMode", "shares"), ("part-\(ana)", "0"), ("part-\(ben)", "0")], "every part is 0"),
                ([("splitMode", "evenly"), ("share-\(UUID().uuidString.lowercased())", "1")], "not a member"),
                ([("splitMode", "evenly"), ("share-not-an-id", "1")], "A person sharing the cost"),
            ]
            for (fields, problem) in cases {
                try await browser.get(trip)
                let answer = try await browser.post(
                    "\(trip)/expenses",
                    [("title", "Odd"), ("amount", "10"), ("paidBy", ana), ("share-\(ana)", "1"), ("share-\(ben)", "1")]
                        + fields)
                #expect(answer.status.code >= 400 && answer.text.contains(problem), "\(fields): \(answer.status)")
            }
            try await browser.get(trip)
            let flood = try await browser.post(
                "\(trip)/expenses", (0..<300).map { _ in ("share-\(UUID().uuidString.lowercased())", "1") })
            #expect(flood.status == .badRequest && flood.text.contains("more than 200 fields"))
            try await device.sync()
            #expect(try await device.store.fetchExpenses(forGroup: book.trip.id).count == before, "nothing was saved")
        }
    }

    @Test("the pages' last change undone, then the one before; a device follows")
    func undo() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let (browser, device, _) = try await WebTest.seededBook(client)
            #expect(!(try await browser.get("/money").text.contains("Last change from these pages")))
            let music = try #require(try await device.store.fetchAllSubscriptions().first { $0.name == "Music" })
            let musicPath = "/money/subscriptions/\(Self.path(music.id))"
            try await browser.get(musicPath)
            try await browser.post(
                musicPath,
                [("subscriptionName", "Music"), ("price", "12.99"), ("cycle", "Monthly"), ("nextBill", "2026-03-18")])
            try await browser.get("/money")
            try await browser.post("/money/transactions", [("title", "Bakery"), ("amount", "-7.25")])
            try await device.sync()
            #expect(try await Self.titles(device).contains("Bakery"))

            let money = try await browser.get("/money").text
            #expect(money.contains("Last change from these pages: Save transaction Bakery"), "\(money.prefix(3_000))")
            #expect(try await browser.post("/money/undo").location == "/money?notice=undone")
            #expect(try await browser.get("/money").text.contains("Update subscription Music"))
            #expect(try await browser.post("/money/undo").location == "/money?notice=undone")
            try await device.sync()
            #expect(!(try await Self.titles(device).contains("Bakery")))
            #expect(try await device.store.fetchSubscription(byID: music.id)?.price == Decimal(string: "10.99"))

            let none = try await browser.get("/money")
            #expect(!none.text.contains("Last change from these pages"))
            #expect(try await browser.post("/money/undo").location == "/money?notice=nothingToUndo")
            #expect(try await browser.get("/money?notice=nothingToUndo").text.contains("no change from these pages"))
        }
    }

    private static func titles(_ device: FinanceWebDevice) async throws -> [String] {
        try await device.store.fetchTransactions(matching: TransactionQuery(), page: PageRequest(size: 100)).items.map(
            \.title)
    }
}
