import Foundation
import HearthTestSupport
import Testing

@testable import HearthFinance

extension StatementPeerTests {
    /// Writes a US dollar checking statement with ofxtools (`CURDEF` USD): one transaction in the statement's
    /// currency, one the bank converted from yen (`ORIGCURRENCY`, still in dollars) and one in pounds
    /// (`CURRENCY`). `PATH VERSION [closed|open]`.
    static let usdScript = #"""
        import sys
        from decimal import Decimal
        from datetime import datetime, timezone
        import xml.etree.ElementTree as ET
        from ofxtools.models import (OFX, SIGNONMSGSRSV1, SONRS, STATUS, BANKMSGSRSV1, STMTTRNRS, STMTRS,
            BANKACCTFROM, BANKTRANLIST, STMTTRN, LEDGERBAL, CURRENCY, ORIGCURRENCY)
        from ofxtools.header import make_header
        from ofxtools import utils

        path, version = sys.argv[1], int(sys.argv[2])
        closed = version >= 200 or (len(sys.argv) > 3 and sys.argv[3] == "closed")
        UTC = timezone.utc
        day = datetime(2025, 11, 3, 12, tzinfo=UTC)
        status = STATUS(code=0, severity="INFO")
        trns = [
            STMTTRN(trntype="DEBIT", dtposted=day, trnamt=Decimal("-12.50"), fitid="U1", name="Diner NYC"),
            STMTTRN(trntype="DEBIT", dtposted=day, trnamt=Decimal("-30.00"), fitid="U2", name="Tokyo Books",
                origcurrency=ORIGCURRENCY(currate=Decimal("0.0066"), cursym="JPY")),
            STMTTRN(trntype="DEBIT", dtposted=day, trnamt=Decimal("-8.20"), fitid="U3", name="London Cab",
                currency=CURRENCY(currate=Decimal("1.27"), cursym="GBP")),
        ]
        bank = STMTRS(curdef="USD", bankacctfrom=BANKACCTFROM(bankid="026009593", acctid="9876", accttype="CHECKING"),
            banktranlist=BANKTRANLIST(*trns, dtstart=day, dtend=day),
            ledgerbal=LEDGERBAL(balamt=Decimal("100.00"), dtasof=day))
        ofx = OFX(signonmsgsrsv1=SIGNONMSGSRSV1(sonrs=SONRS(status=status, dtserver=day, language="ENG")),
            bankmsgsrsv1=BANKMSGSRSV1(STMTTRNRS(trnuid="1", status=status, stmtrs=bank)))
        tree = ofx.to_etree()
        ET.indent(tree)
        body = ET.tostring(tree, encoding="utf_8", method="html") if closed else utils.tostring_unclosed_elements(tree)
        with open(path, "wb") as out:
            out.write(bytes(str(make_header(version=version)), "utf_8") + body)
        """#

    @Test(arguments: [(102, false), (220, true)])
    func anOFXStatementInDollarsImportsInDollarsIntoAEuroBook(version: Int, closed: Bool) async throws {
        guard let python = try await python() else { return }
        let file = folder.file("usd-\(version).ofx")
        let made = try await ChildProcess.run(
            python, ["-c", Self.usdScript, file.path, "\(version)", closed ? "closed" : "open"])
        try #require(made.status == 0, "\(made.stderr)")

        let (store, _) = try makeStore()
        #expect(try await store.bookCurrency() == .euro)
        let report = try await store.importStatement(from: file)
        #expect(report.added == 3)
        let byTitle = Dictionary(uniqueKeysWithValues: try await all(store).map { ($0.title, $0) })
        let usd = try CurrencyCode("USD")
        #expect(byTitle["Diner NYC"]?.currency == usd)
        #expect(byTitle["Diner NYC"]?.amount == Decimal(string: "-12.50"))
        // Converted by the bank from yen: the amount is in the statement's dollars.
        #expect(byTitle["Tokyo Books"]?.currency == usd)
        #expect(byTitle["London Cab"]?.currency == (try CurrencyCode("GBP")))

        // In a dollar book the same statement's dollar amounts are in the book currency.
        let (dollars, _) = try makeStore()
        try await dollars.setBookCurrency(usd)
        try await dollars.importStatement(from: file)
        let inDollars = try await all(dollars)
        #expect(inDollars.filter { $0.currency == nil }.map(\.title).sorted() == ["Diner NYC", "Tokyo Books"])
    }

    @Test func anUnknownCurrencyInAnOFXFileIsRefusedWithItsLine() async throws {
        let file = folder.file("bad-currency.ofx")
        let text = """
            OFXHEADER:100
            DATA:OFXSGML
            VERSION:102

            <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>XYZ
            <BANKACCTFROM><BANKID>1<ACCTID>42<ACCTTYPE>CHECKING</BANKACCTFROM>
            <BANKTRANLIST>
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20251103<TRNAMT>-1.00<FITID>A1<NAME>Shop</STMTTRN>
            </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>

            """
        try Data(text.utf8).write(to: file)
        let (store, _) = try makeStore()
        let error = await expectError(.validationFailed) { try await store.importStatement(from: file) }
        let message = error?.message ?? ""
        #expect(message.hasPrefix("bad-currency.ofx, line "), "\(message)")
        #expect(message.contains("the file's currency \"XYZ\" is not an active ISO 4217 currency code"), "\(message)")
        #expect(message.hasSuffix("Nothing was imported."), "\(message)")
        #expect(try await all(store).isEmpty)
    }

    @Test func aQIFFileTakesTheCurrencyItIsImportedWith() async throws {
        let file = folder.file("dollars.qif")
        try Data("!Type:Bank\nD11/03/2025\nT-4.50\nPDeli\n^\n".utf8).write(to: file)
        let (store, _) = try makeStore()
        try await store.importStatement(from: file, options: StatementImportOptions(currency: try CurrencyCode("usd")))
        #expect(try await all(store).map(\.currency) == [try CurrencyCode("USD")])
        // The book currency given: stored without one, as every book-currency amount is.
        let (euros, _) = try makeStore()
        try await euros.importStatement(from: file, options: StatementImportOptions(currency: .euro))
        #expect(try await all(euros).map(\.currency) == [nil])
    }
}
