import Foundation
import HTTPTypes
import HearthCore
import HearthFinance
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HearthServer

/// Sharing a money book from the pages: the owner shares theirs from the money page, the member accepts it on
/// theirs, opens it beside their own and changes it within their rights, and loses it at once when taken out.
@Suite("Web pages: sharing a money book", .timeLimit(.minutes(5)))
struct WebBookSharingTests {
    @Test(
        "shared read-only, then read-write, switched between books, then taken out: as the member's pages and the owner's device see it"
    )
    func sharing() async throws {
        let configuration = try WebTest.configuration()
        let app = try await buildApplication(configuration)
        try await app.test(.live) { client in
            let server = URL(string: "http://127.0.0.1:\(try #require(client.port))")!
            let owner = WebBrowser(client)
            let ownerEmail = try await WebTest.signUp(owner, "owner")
            let device = try await WebRecordsHarness.financeDevice(ownerEmail, server: server, signUp: false)
            _ = try await FinanceRecordsTests.seed(device.store)
            try await device.sync()
            let member = WebBrowser(client)
            let memberEmail = try await WebTest.signUp(member, "member")
            try await WebVehicleSharingTests.verify(memberEmail, configuration)
            try await member.get("/money")
            let tea = try await member.post(
                "/money/transactions", [("title", "Member's own tea"), ("amount", "-2"), ("date", "2026-03-02")])
            #expect(tea.status == .seeOther, "\(tea.text.prefix(400))")

            let page = try await owner.get("/money").text
            #expect(!page.contains("Book of <strong>") && page.contains("Only you have this book"))
            let bad = try await owner.post("/money/share", [("email", "not an address"), ("rights", "readOnly")])
            #expect(bad.status == .unprocessableContent)
            #expect(bad.text.contains("is not an e-mail address") && bad.text.contains("not an address"))
            let shared = try await owner.post("/money/share", [("email", memberEmail), ("rights", "readOnly")])
            #expect(shared.location == "/money?notice=bookShared", "\(shared.text.prefix(400))")
            #expect(try await owner.get("/money").text.contains("\(memberEmail) · read-only · invited"))

            // The member accepts on their money page, and the owner's book opens.
            let invited = try await member.get("/money").text
            #expect(invited.contains("\(ownerEmail) offers you their money book"))
            let token = String(try #require(invited.firstMatch(of: /name="token" value="([^"]+)"/)).1)
            let accepted = try await member.post("/money/shares/accept", [("token", token)])
            #expect(accepted.location == "/money?notice=bookAccepted", "\(accepted.text.prefix(400))")
            let book = try await member.get("/money").text
            #expect(book.contains("Book of <strong>\(ownerEmail)</strong>, shared with you, read-only"))
            #expect(!book.contains("Add transaction") && book.contains("its owner's to set"), "no form to be refused")
            let listed = try await member.get("/money/transactions").text
            #expect(listed.contains("Coffee shop") && !listed.contains("Member&#39;s own tea"), "the owner's book only")

            // Read-only: a change is refused, saying why, and nothing reaches the owner; nor the currency.
            let refused = try await member.post(
                "/money/transactions", [("title", "Not mine to add"), ("amount", "-1"), ("date", "2026-03-03")])
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains("shared with you read-only"))
            let currency = try await member.post("/money/currency", [("currency", "USD")])
            #expect(currency.status == .forbidden && currency.text.contains("its owner&#39;s to set"))
            try await device.sync()
            let titles = {
                try await device.store.fetchTransactions(matching: TransactionQuery(), page: PageRequest(size: 200))
                    .items.map(\.title)
            }
            #expect(!(try await titles()).contains("Not mine to add"))

            // Read-write: the member's transaction goes to the owner's devices.
            try await owner.get("/money")
            #expect(
                try await owner.post("/money/share", [("email", memberEmail), ("rights", "readWrite")]).status
                    == .seeOther)
            try await member.get("/money")
            let added = try await member.post(
                "/money/transactions", [("title", "Groceries for us"), ("amount", "-40"), ("date", "2026-03-04")])
            #expect(added.status == .seeOther, "\(added.text.prefix(400))")
            try await device.sync()
            #expect(try await titles().contains("Groceries for us"))

            // Back to their own book, and to the shared one again.
            let own = try await member.post("/money/book", [("owner", "")])
            #expect(own.location == "/money?notice=bookOpened")
            let ownPage = try await member.get("/money").text
            #expect(ownPage.contains("Your own book."))
            // From their own book, the books shared with them are listed, each with its way to give it back.
            #expect(ownPage.contains("\(ownerEmail)'s book · may change it"), "\(ownPage)")
            #expect(ownPage.contains("aria-label=\"Give back \(ownerEmail)'s book\""))
            let ownList = try await member.get("/money/transactions").text
            #expect(ownList.contains("Member&#39;s own tea") && !ownList.contains("Groceries for us"))
            let stranger = try await member.post("/money/book", [("owner", "_not-an-account")])
            #expect(stranger.status == .notFound)
            let ownerID = String(try #require(book.firstMatch(of: /<option value="([^"]+)" selected>/)).1)
            #expect(try await member.post("/money/book", [("owner", ownerID)]).status == .seeOther)
            #expect(try await member.get("/money/transactions").text.contains("Groceries for us"))

            // Taken out: the member's pages show their own book at once, and their writes stay there.
            try await owner.get("/money")
            let removed = try await owner.post("/money/share/remove", [("participant", memberEmail)])
            #expect(removed.location == "/money?notice=bookUnshared", "\(removed.text.prefix(400))")
            #expect(!(try await owner.get("/money").text.contains(memberEmail)))
            let after = try await member.get("/money").text
            #expect(!after.contains("Book of <strong>") && after.contains("Add transaction"))
            #expect(!(try await member.get("/money/transactions").text.contains("Groceries for us")))
            try await member.get("/money")
            #expect(
                try await member.post(
                    "/money/transactions", [("title", "After leaving"), ("amount", "-1"), ("date", "2026-03-05")]
                ).status == .seeOther)
            try await device.sync()
            #expect(!(try await titles()).contains("After leaving"))
        }
    }
}
