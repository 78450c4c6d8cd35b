import Foundation
import HTTPTypes
import HearthCore
import HearthFinance
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HearthServer

/// Bank statements from the browser: a file uploaded as a browser sends it (`multipart/form-data`), previewed
/// with what would be added and left out and why, then imported once; the same file again adds nothing; a bad
/// file, a bad upload, an oversized one and a stranger's preview write nothing.
@Suite("Web pages: bank statements uploaded, previewed and imported", .timeLimit(.minutes(10)))
struct WebStatementsTests {
    static func ofx(_ transactions: [(fitid: Int, day: String, amount: String, name: String)]) -> Data {
        let lines = transactions.map {
            "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>\($0.day)<TRNAMT>\($0.amount)<FITID>\($0.fitid)<NAME>\($0.name)</STMTTRN>\n"
        }.joined()
        return Data(
            """
            OFXHEADER:100
            DATA:OFXSGML
            VERSION:102

            <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD
            <BANKACCTFROM><BANKID>1<ACCTID>42<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>
            \(lines)</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

            """.utf8)
    }

    static let march = ofx([
        (1, "20260301", "-42.10", "Grocer"), (2, "20260303", "-3.50", "Bakery"), (3, "20260305", "2400.00", "Payroll"),
        (4, "20260306", "0.00", "Card check"),
    ])

    @Test("an OFX file previewed, imported once, and again adds nothing; a device receives it")
    func ofxImport() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let server = URL(string: "http://127.0.0.1:\(try #require(client.port))")!
            let browser = WebBrowser(client)
            let email = try await WebTest.signUp(browser)
            #expect(try await browser.get("/money").text.contains("href=\"/money/statements\""))
            let form = try await browser.get("/money/statements").text
            #expect(form.contains("enctype=\"multipart/form-data\""))

            let preview = try await browser.upload(
                "/money/statements", [("hasHeader", "1")], file: ("statement", "march.ofx", Self.march))
            #expect(preview.status == .ok, "\(preview.text.prefix(600))")
            #expect(preview.text.contains("<strong>3</strong> transactions would be added"), "\(preview.text)")
            #expect(preview.text.contains("Grocer") && preview.text.contains("Payroll"))
            #expect(preview.text.contains("Import 3 transactions"))
            #expect(preview.text.contains("<h2>Left out</h2>"), "the zero amount is listed with its reason")

            // Nothing is written by the preview.
            let device = try await WebRecordsHarness.financeDevice(email, server: server, signUp: false)
            try await device.sync()
            #expect(
                try await device.store.fetchTransactions(matching: TransactionQuery(), page: PageRequest(size: 10))
                    .items.isEmpty)

            let token = String(try #require(preview.text.firstMatch(of: /name="upload" value="([0-9a-f]{32})"/)).1)
            let imported = try await browser.post("/money/statements/import", [("upload", token)])
            #expect(imported.location == "/money/statements?notice=imported&added=3&skipped=1")
            #expect(
                try await browser.get(try #require(imported.location)).text.contains(
                    "Imported 3 transactions; 1 left out"))
            try await device.sync()
            let stored = try await device.store.fetchTransactions(
                matching: TransactionQuery(), page: PageRequest(size: 10)
            )
            .items
            #expect(Set(stored.map(\.title)) == ["Grocer", "Bakery", "Payroll"])
            #expect(stored.first { $0.title == "Grocer" }?.amount == Decimal(string: "-42.10"))

            // The preview is spent; the same file again adds nothing.
            try await browser.get("/money/statements")
            #expect(try await browser.post("/money/statements/import", [("upload", token)]).status == .notFound)
            let again = try await browser.upload("/money/statements", [], file: ("statement", "march.ofx", Self.march))
            #expect(again.text.contains("<strong>0</strong> transactions would be added"))
            #expect(!again.text.contains("Import 0 transactions"), "nothing to import, no button")
        }
    }

    @Test("a bank's CSV with its columns chosen on the page: day first, decimal comma, semicolons")
    func csvMapping() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let browser = WebBrowser(client)
            try await WebTest.signUp(browser)
            try await browser.get("/money/statements")
            let csv = Data("Booked;Value;Who;Note\n31/01/2026;-1.234,50;Rent;January\n02/02/2026;15,00;Refund;\n".utf8)
            let unmapped = try await browser.upload(
                "/money/statements", [("format", "csv"), ("hasHeader", "1")], file: ("statement", "bank.csv", csv))
            #expect(unmapped.status == .unprocessableContent, "without its columns the file cannot be read")
            #expect(unmapped.text.contains("Nothing was imported") && unmapped.text.contains("bank.csv"))
            #expect(unmapped.text.contains("value=\"csv\" selected"), "the choices are kept")
            let preview = try await browser.upload(
                "/money/statements",
                [
                    ("format", "csv"), ("hasHeader", "1"), ("dateColumn", "Booked"), ("amountColumn", "Value"),
                    ("payeeColumn", "Who"), ("memoColumn", "Note"), ("dayFirst", "1"), ("decimalComma", "1"),
                ], file: ("statement", "bank.csv", csv))
            #expect(preview.status == .ok, "\(preview.text.prefix(800))")
            #expect(preview.text.contains("2026-01-31") && preview.text.contains("-€1,234.50"), "\(preview.text)")
            #expect(preview.text.contains("€15.00") && preview.text.contains("Import 2 transactions"))
            let token = String(try #require(preview.text.firstMatch(of: /name="upload" value="([0-9a-f]{32})"/)).1)
            #expect(try await browser.post("/money/statements/import", [("upload", token)]).status == .seeOther)
            let rent = try await browser.get("/money/transactions?q=Rent").text
            #expect(rent.contains("-€1,234.50"))
        }
    }

    @Test("hostile uploads write nothing: no file, a bad file, broken multipart, too large, a stranger's preview")
    func hostile() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let browser = WebBrowser(client)
            try await WebTest.signUp(browser)
            try await browser.get("/money/statements")
            let none = try await browser.upload("/money/statements", [], file: nil)
            #expect(none.status == .unprocessableContent && none.text.contains("none was chosen"))

            let cut = Self.march.prefix(Self.march.count / 2)
            let bad = try await browser.upload("/money/statements", [], file: ("statement", "cut.ofx", Data(cut)))
            #expect(bad.status == .unprocessableContent)
            #expect(
                bad.text.contains("cut.ofx") && bad.text.contains("Nothing was imported"), "\(bad.text.prefix(900))")

            // A path in the file name keeps only its last part; control characters go.
            let named = try await browser.upload(
                "/money/statements", [], file: ("statement", "..\\\\..\\\\etc/march\u{7}.ofx", Self.march))
            #expect(named.text.contains("Import march.ofx?"), "\(named.text.prefix(400))")

            let token = try #require(browser.csrfToken)
            let broken = try await browser.send(
                "/money/statements",
                Data("--b\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(token)\r\n--b\r\nno end".utf8),
                contentType: "multipart/form-data; boundary=b")
            #expect(broken.status == .badRequest && broken.text.contains("The form could not be read"))
            let noBoundary = try await browser.send(
                "/money/statements", Data("x".utf8), contentType: "multipart/form-data")
            #expect(noBoundary.status == .unsupportedMediaType)
            let manyParts = (0..<60).map { "--b\r\nContent-Disposition: form-data; name=\"f\($0)\"\r\n\r\nx\r\n" }
                .joined()
            let tooMany = try await browser.send(
                "/money/statements", Data((manyParts + "--b--\r\n").utf8),
                contentType: "multipart/form-data; boundary=b")
            #expect(tooMany.status == .badRequest && tooMany.text.contains("more than 50 parts"))
            try await browser.get("/money/statements")
            let huge = try await browser.upload(
                "/money/statements", [], file: ("statement", "huge.csv", Data(repeating: 0x41, count: 6 * 1024 * 1024)))
            #expect(huge.status == .contentTooLarge && huge.text.contains("larger than 5 MB"))
            // An upload to a form that takes none is refused before it is read.
            try await browser.get("/money")
            let elsewhere = try await browser.upload("/money/people", [("personName", "Ana")], file: nil)
            #expect(elsewhere.status == .unsupportedMediaType)

            // Another account's preview is not found, and importing it writes nothing.
            try await browser.get("/money/statements")
            let preview = try await browser.upload(
                "/money/statements", [], file: ("statement", "march.ofx", Self.march))
            let theirs = String(try #require(preview.text.firstMatch(of: /name="upload" value="([0-9a-f]{32})"/)).1)
            let stranger = WebBrowser(client)
            try await WebTest.signUp(stranger, "stranger")
            try await stranger.get("/money/statements")
            #expect(try await stranger.post("/money/statements/import", [("upload", theirs)]).status == .notFound)
            #expect(try await stranger.get("/money/transactions").text.contains("No transactions"))
            #expect(try await browser.get("/money/transactions").text.contains("No transactions"))
        }
    }
}
