import Foundation
import HearthCore
import HearthExchange
import HearthTestSupport
import Testing

@testable import HearthFinance

/// Bank statements shaped like real banks' files: SGML OFX without end tags, several accounts, decimal
/// commas, empty tags; QIF in Quicken's date shapes; CSV exports with their own columns.
@Suite(.timeLimit(.minutes(5))) struct StatementImportTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder(prefix: "statements")
    }

    func write(_ name: String, _ text: String) throws -> URL {
        let url = folder.file(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    func all(_ store: FinancePersistenceService) async throws -> [Transaction] {
        try await store.fetchTransactions(
            matching: TransactionQuery().sorted(by: .dateAscending), page: PageRequest(size: 1000)
        ).items
    }

    /// A European bank's OFX 1.02: no end tags on elements, two accounts, amounts with a decimal comma, an
    /// empty `<MEMO>`, a `PAYEE` aggregate, CRLF line ends and a Windows-1252 byte.
    static let sgml = """
        OFXHEADER:100\r
        DATA:OFXSGML\r
        VERSION:102\r
        SECURITY:NONE\r
        ENCODING:USASCII\r
        CHARSET:1252\r
        COMPRESSION:NONE\r
        OLDFILEUID:NONE\r
        NEWFILEUID:NONE\r
        \r
        <OFX>\r
        <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20251231120000<LANGUAGE>FRA</SONRS></SIGNONMSGSRSV1>\r
        <BANKMSGSRSV1><STMTTRNRS><TRNUID>0<STATUS><CODE>0<SEVERITY>INFO</STATUS>\r
        <STMTRS><CURDEF>EUR<BANKACCTFROM><BANKID>30004<BRANCHID>00001<ACCTID>FR7630004000<ACCTTYPE>CHECKING</BANKACCTFROM>\r
        <BANKTRANLIST><DTSTART>20251201<DTEND>20251231\r
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20251202<TRNAMT>-12,50<FITID>2025120200001<NAME>CARTE CAF\u{E9} DE FLORE<MEMO></STMTTRN>\r
        <STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20251203<TRNAMT>+1500,00<FITID>2025120300002<NAME>VIR SALAIRE</STMTTRN>\r
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20251204120000[-5:EST]<TRNAMT>-3,2<FITID>2025120400003<PAYEE><NAME>SNCF &amp; CO<ADDR1>1 rue X<CITY>Paris<POSTALCODE>75001</PAYEE><MEMO>Billet Paris &#8594; Lyon</STMTTRN>\r
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20251205<TRNAMT>0,00<FITID>2025120500004<NAME>AUTORISATION</STMTTRN>\r
        </BANKTRANLIST><LEDGERBAL><BALAMT>100,00<DTASOF>20251231</LEDGERBAL></STMTRS></STMTTRNRS>\r
        <STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>\r
        <STMTRS><CURDEF>EUR<BANKACCTFROM><BANKID>30004<ACCTID>FR7630004999<ACCTTYPE>SAVINGS</BANKACCTFROM>\r
        <BANKTRANLIST><DTSTART>20251201<DTEND>20251231\r
        <STMTTRN><TRNTYPE>INT<DTPOSTED>20251231<TRNAMT>4,17<FITID>2025120200001<NAME>INTERETS</STMTTRN>\r
        </BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1>\r
        </OFX>\r

        """

    /// `text` with every character below 256 as one byte (Latin-1), as a CHARSET:1252 file is.
    func latin1(_ name: String, _ text: String) throws -> URL {
        let url = folder.file(name)
        try Data(text.unicodeScalars.map { UInt8($0.value) }).write(to: url)
        return url
    }

    @Test func sgmlWithoutEndTagsSeveralAccountsAndDecimalCommas() async throws {
        let (store, _) = try makeStore(zone: "Europe/Paris")
        let file = try latin1("releve.ofx", Self.sgml)
        let report = try await store.importStatement(from: file)
        #expect(report.added == 4)
        #expect(report.accounts == ["FR7630004000", "FR7630004999"])
        #expect(report.skipped.byReason == [StatementSkip.zeroAmount: 1])
        #expect(report.skipped.listed.first?.line == 19)
        let stored = try await all(store)
        #expect(
            stored.map(\.title) == ["CARTE CAF\u{E9} DE FLORE", "VIR SALAIRE", "SNCF & CO", "INTERETS"])
        #expect(
            stored.map(\.amount) == [
                Decimal(string: "-12.50")!, 1500, Decimal(string: "-3.2")!, Decimal(string: "4.17")!,
            ])
        #expect(stored.map(\.subtitle) == ["", "", "Billet Paris \u{2192} Lyon", ""])
        #expect(stored.map(\.tags) == [["FR7630004000"], ["FR7630004000"], ["FR7630004000"], ["FR7630004999"]])
        // A bare day is that day in the store's time zone; a time with an offset is that instant.
        #expect(stored[0].date == date(2025, 12, 2, in: "Europe/Paris"))
        #expect(stored[2].date == date(2025, 12, 4, 17))
        // The same FITID in two accounts is two transactions.
        #expect(Set(stored.map(\.id)).count == 4)
        let again = try await store.importStatement(from: file)
        #expect(again.added == 0)
        #expect(again.skipped.byReason == [StatementSkip.alreadyImported: 4, StatementSkip.zeroAmount: 1])
    }

    @Test func importedTransactionsCountInSummariesAndUndoAsOneStep() async throws {
        let (store, _) = try makeStore(now: date(2025, 12, 20, 12), zone: "Europe/Paris")
        try await store.save(Transaction(title: "Own entry", amount: -1, date: date(2025, 12, 1, 12)))
        _ = try await store.importStatement(from: try latin1("releve.ofx", Self.sgml))
        #expect(try await store.calculateMonthlyExpenses() == Decimal(string: "16.70")!)
        #expect(try await store.calculateMonthlyIncome() == Decimal(string: "1504.17")!)
        try await store.undo()
        #expect(try await all(store).map(\.title) == ["Own entry"])
        try await store.redo()
        #expect(try await all(store).count == 5)
    }

    @Test func quickenDateShapesAndAccountBlocks() async throws {
        let qif = """
            !Option:AutoSwitch
            !Account
            NJoint checking
            TBank
            ^
            !Clear:AutoSwitch
            !Type:Bank
            D12/31'25
            T-1,234.56
            PLandlord
            MJanuary rent
            LBills & Utilities
            ^
            D1/ 5'26
            U25.00
            T25.00
            PRefund
            L[Savings]
            ^
            D12/31/2025
            T-4.50
            PCoffee
            ^
            D12/31/2025
            T-4.50
            PCoffee
            ^
            !Type:Invst
            D12/31/2025
            NBuy
            YACME
            T-100.00
            ^

            """
        let (store, _) = try makeStore()
        let file = try write("export.qif", qif)
        let report = try await store.importStatement(from: file)
        #expect(report.added == 4)
        #expect(report.skipped.byReason == [StatementSkip.notBank: 1])
        #expect(report.skipped.listed.first?.line == 29)
        let stored = try await all(store)
        #expect(stored.map(\.title) == ["Landlord", "Coffee", "Coffee", "Refund"])
        #expect(
            stored.map(\.amount) == [
                Decimal(string: "-1234.56")!, Decimal(string: "-4.5")!, Decimal(string: "-4.5")!, 25,
            ])
        #expect(stored.map(\.category) == [.bills, .other, .other, .transfer])
        #expect(stored.map(\.date) == [date(2025, 12, 31), date(2025, 12, 31), date(2025, 12, 31), date(2026, 1, 5)])
        #expect(stored.allSatisfy { $0.tags == ["Joint checking"] })
        // Two identical payments on one day are two transactions, and stay two on the next import.
        #expect(Set(stored.map(\.id)).count == 4)
        let again = try await store.importStatement(from: file)
        #expect(again.added == 0)
        #expect(again.skipped.byReason == [StatementSkip.alreadyImported: 4, StatementSkip.notBank: 1])
    }

    @Test func dayFirstQIFNeedsItsFlag() async throws {
        let (store, _) = try makeStore()
        let file = try write("eu.qif", "!Type:Bank\nD05/11/2025\nT-1.00\nPA\n^\nD31/12/2025\nT-2.00\nPB\n^\n")
        let error = await expectError(.validationFailed) { _ = try await store.importStatement(from: file) }
        #expect(error?.message.contains("eu.qif, line 6") == true)
        #expect(error?.message.contains("--day-first") == true)
        #expect(try await all(store).isEmpty)
        let report = try await store.importStatement(from: file, options: StatementImportOptions(dayFirst: true))
        #expect(report.added == 2)
        #expect(try await all(store).map(\.date) == [date(2025, 11, 5), date(2025, 12, 31)])
    }

    @Test func csvWithDecimalCommaDayFirstSemicolonsAndDebitCreditColumns() async throws {
        let csv = """
            Buchungstag;Wertstellung;Empf\u{E4}nger;Verwendungszweck;Soll;Haben;W\u{E4}hrung
            31.12.2025;31.12.2025;"REWE Markt; Berlin";Einkauf;1.234,56;;EUR
            02/01/2026;02/01/2026;Arbeitgeber GmbH;Gehalt Januar;;3.200,00;EUR
            03/01/2026;03/01/2026;Kaffee;;-3,20;;EUR
            03/01/2026;03/01/2026;Kaffee;;-3,20;;EUR
            ;;Kontostand;;;;EUR
            04/01/2026;04/01/2026;Storno;;0,00;;EUR

            """
        let (store, _) = try makeStore()
        let file = try write("umsaetze.csv", csv)
        let options = StatementImportOptions(
            csv: .init(
                dateColumn: "Buchungstag", debitColumn: "Soll", creditColumn: "haben", payeeColumn: "Empf\u{E4}nger",
                memoColumn: "4", delimiter: UInt8(ascii: ";")),
            dayFirst: true, decimalComma: true, account: "Girokonto")
        let report = try await store.importStatement(from: file, options: options)
        #expect(report.added == 4)
        #expect(report.skipped.byReason == [StatementSkip.noDate: 1, StatementSkip.zeroAmount: 1])
        #expect(report.skipped.listed.map(\.line) == [6, 7])
        #expect(report.accounts == ["Girokonto"])
        let stored = try await all(store)
        #expect(stored.map(\.title) == ["REWE Markt; Berlin", "Arbeitgeber GmbH", "Kaffee", "Kaffee"])
        #expect(stored.map(\.subtitle) == ["Einkauf", "Gehalt Januar", "", ""])
        #expect(
            stored.map(\.amount) == [
                Decimal(string: "-1234.56")!, 3200, Decimal(string: "-3.2")!, Decimal(string: "-3.2")!,
            ])
        #expect(stored.map(\.date) == [date(2025, 12, 31), date(2026, 1, 2), date(2026, 1, 3), date(2026, 1, 3)])
        #expect(stored.allSatisfy { $0.tags == ["Girokonto"] })
        let again = try await store.importStatement(from: file, options: options)
        #expect(again.added == 0)
        #expect(again.skipped.byReason[StatementSkip.alreadyImported] == 4)
    }

    @Test func csvColumnsFoundByTheirHeadersAndTheDelimiterGuessed() async throws {
        let csv = """
            Transaction Date\tDescription\tAmount\tNotes
            2025-12-30\tNETFLIX.COM\t-15.99\tmonthly
            12/31/2025\tPayroll\t"2,500.00"\t

            """
        let (store, _) = try makeStore()
        let report = try await store.importStatement(from: try write("bank.csv", csv))
        #expect(report.added == 2)
        let stored = try await all(store)
        #expect(stored.map(\.title) == ["NETFLIX.COM", "Payroll"])
        #expect(stored.map(\.subtitle) == ["monthly", ""])
        #expect(stored.map(\.amount) == [Decimal(string: "-15.99")!, 2500])
        #expect(stored.allSatisfy { $0.tags.isEmpty })

        let german = "Buchungstag;Empf\u{E4}nger;Verwendungszweck;Soll;Haben\n30.12.2025;REWE;Einkauf;12,30;\n"
        let (other, _) = try makeStore()
        let guessed = try await other.importStatement(
            from: try write("konto.csv", german), options: StatementImportOptions(decimalComma: true))
        #expect(guessed.added == 1)
        let row = try #require(try await all(other).first)
        #expect(row.title == "REWE")
        #expect(row.subtitle == "Einkauf")
        #expect(row.amount == Decimal(string: "-12.3")!)
    }

    @Test func csvWithoutAHeaderNamesColumnsByNumber() async throws {
        let (store, _) = try makeStore()
        let file = try write("plain.csv", "20251230,-9.99,Music\n20251231,-1.00,Tea\n")
        let options = StatementImportOptions(
            csv: .init(dateColumn: "1", amountColumn: "2", payeeColumn: "3", hasHeader: false))
        let report = try await store.importStatement(from: file, options: options)
        #expect(report.added == 2)
        #expect(try await all(store).map(\.title) == ["Music", "Tea"])
    }

    @Test func dryRunReportsAndWritesNothing() async throws {
        let (store, _) = try makeStore()
        let file = try latin1("releve.ofx", Self.sgml)
        let report = try await store.importStatement(from: file, options: StatementImportOptions(dryRun: true))
        #expect(report.dryRun)
        #expect(report.added == 4)
        #expect(report.addedListed.map(\.line) == [16, 17, 18, 24])
        #expect(try await all(store).isEmpty)
        #expect(try await store.importStatement(from: file).added == 4)
    }

    @Test func formatsAreDetectedFromContentBeforeExtension() throws {
        #expect(StatementFormat.detect(head: Array("\u{FEFF}OFXHEADER:100\n".utf8)) == .ofx)
        #expect(StatementFormat.detect(head: Array("<?xml version=\"1.0\"?>\n<?OFX OFXHEADER=\"200\"?>".utf8)) == .ofx)
        #expect(StatementFormat.detect(head: Array("\n!Type:Bank\n".utf8)) == .qif)
        #expect(StatementFormat.detect(head: Array("date,amount\n".utf8)) == nil)
        let qif = try write("looks-like.csv", "!Type:Bank\nD1/1/2025\nT-1\nPX\n^\n")
        #expect(try StatementFormat.detect(qif) == .qif)
        let unknown = try write("notes.dat", "hello")
        #expect(throws: PersistenceError.self) { try StatementFormat.detect(unknown) }
    }

    @Test func amountsAndDatesInBanksShapes() {
        let utc = StatementDays(calendar: calendar())
        #expect(StatementValues.amount("1,234.56", decimalComma: false) == Decimal(string: "1234.56"))
        #expect(StatementValues.amount("(12.50)", decimalComma: false) == Decimal(string: "-12.5"))
        #expect(StatementValues.amount("12.50-", decimalComma: false) == Decimal(string: "-12.5"))
        #expect(StatementValues.amount("12,50", decimalComma: false) == nil)
        #expect(StatementValues.amount("1.234,56", decimalComma: true) == Decimal(string: "1234.56"))
        #expect(StatementValues.amount("1 234,56", decimalComma: true) == Decimal(string: "1234.56"))
        #expect(StatementValues.amount("12.5.0", decimalComma: false) == nil)
        #expect(StatementValues.amount("abc", decimalComma: true) == nil)
        #expect(StatementValues.ofxAmount("-12,50") == Decimal(string: "-12.5"))
        #expect(StatementValues.ofxAmount("1e3") == nil)
        #expect(StatementValues.ofxDate("20251231", days: utc) == date(2025, 12, 31))
        #expect(
            StatementValues.ofxDate("20251231120000.500[+2:EET]", days: utc)
                == date(2025, 12, 31, 10).addingTimeInterval(0.5))
        #expect(StatementValues.ofxDate("20251231120000[-3.5:NST]", days: utc) == date(2025, 12, 31, 15, 30))
        #expect(StatementValues.ofxDate("20250230", days: utc) == nil)
        func day(_ text: String, dayFirst: Bool = false) -> Date? {
            try? StatementValues.date(text, dayFirst: dayFirst, days: utc).get()
        }
        #expect(day("12/31/2025") == date(2025, 12, 31))
        #expect(day("12/31'25") == date(2025, 12, 31))
        #expect(day("1/ 5/25") == date(2025, 1, 5))
        #expect(day("31/12/2025", dayFirst: true) == date(2025, 12, 31))
        #expect(day("31.12.2025") == date(2025, 12, 31))
        #expect(day("2025-12-31") == date(2025, 12, 31))
        #expect(day("20251231") == date(2025, 12, 31))
        #expect(day("31/12/2025") == nil)
        #expect(day("02/30/2025") == nil)
    }
}
