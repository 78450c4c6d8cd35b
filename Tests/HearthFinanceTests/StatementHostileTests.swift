import Foundation
import HearthCore
import HearthExchange
import HearthTestSupport
import Testing

@testable import HearthFinance

/// Statement files that are not what they claim: each is refused with a message naming the file, the line
/// and the way out, and the store is left exactly as it was.
@Suite(.timeLimit(.minutes(5))) struct StatementHostileTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder(prefix: "statements-hostile")
    }

    func write(_ name: String, _ text: String) throws -> URL {
        let url = folder.file(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// A store holding one transaction of its own.
    func store() async throws -> FinancePersistenceService {
        let (store, _) = try makeStore()
        try await store.save(Transaction(title: "Own entry", amount: -1, date: date(2025, 3, 1)))
        return store
    }

    /// Imports `file`, expecting a refusal whose message holds each of `parts`, and nothing written.
    func expectRefused(
        _ file: URL, options: StatementImportOptions = StatementImportOptions(), _ parts: String...,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let store = try await store()
        let before = try await snapshot(store)
        let error = await expectError(.validationFailed, sourceLocation: sourceLocation) {
            _ = try await store.importStatement(from: file, options: options)
        }
        for part in parts {
            #expect(error?.message.contains(part) == true, "\(error?.message ?? "")", sourceLocation: sourceLocation)
        }
        #expect(try await snapshot(store) == before, sourceLocation: sourceLocation)
        // Nothing was journaled either: undo takes back the store's own entry, not a half import.
        #expect(try await store.undo()?.label == "Save transaction Own entry", sourceLocation: sourceLocation)
    }

    static func ofx(_ transactions: String, end: String = "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n")
        -> String
    {
        """
        OFXHEADER:100
        DATA:OFXSGML
        VERSION:102

        <OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD
        <BANKACCTFROM><BANKID>1<ACCTID>42<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>

        """ + transactions + end
    }

    static func trn(_ fitid: Int, amount: String = "-1.00") -> String {
        "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20250301<TRNAMT>\(amount)<FITID>\(fitid)<NAME>Shop \(fitid)</STMTTRN>\n"
    }

    @Test func truncatedOFXIsRefusedWhole() async throws {
        let whole = Self.ofx((1...50).map { Self.trn($0) }.joined())
        let cut = try write("cut.ofx", String(whole.prefix(whole.count / 2)))
        try await expectRefused(cut, "cut.ofx", "cut short", "Download the statement again")
        let noEnd = try write("noend.ofx", Self.ofx(Self.trn(1), end: ""))
        try await expectRefused(noEnd, "noend.ofx", "before </OFX>")
        let unclosed = try write(
            "unclosed.ofx", Self.ofx("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20250301<TRNAMT>-1<FITID>1<NAME>A\n"))
        try await expectRefused(unclosed, "unclosed.ofx", "line 7", "</STMTTRN>")
    }

    @Test func aBadAmountOrDateAnywhereWritesNothing() async throws {
        let transactions = (1...30).map { Self.trn($0) }.joined() + Self.trn(31, amount: "12.5.0")
        try await expectRefused(
            try write("bad.ofx", Self.ofx(transactions)), "bad.ofx, line 37", "\"12.5.0\" is not an amount")
        let date = Self.ofx("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>2025-03-01<TRNAMT>-1<FITID>9<NAME>A</STMTTRN>\n")
        try await expectRefused(try write("date.ofx", date), "date.ofx, line 7", "is not an OFX date")
        try await expectRefused(
            try write("bad.csv", "date,amount,payee\n2025-03-01,-1.00,A\n2025-03-02,twelve,B\n"), "bad.csv, line 3",
            "\"twelve\" is not an amount")
        try await expectRefused(
            try write("comma.csv", "date,amount,payee\n2025-03-01,\"-12,50\",A\n"), "comma.csv, line 2",
            "--decimal-comma")
        try await expectRefused(
            try write("cents.qif", "!Type:Bank\nD3/1/2025\nT-1.005\nPA\n^\n"), "cents.qif, line 2",
            "more than 2 decimal places")
    }

    @Test func wrongFormatsAreNamed() async throws {
        let csv = try write("really.csv", "date,amount\n2025-03-01,-1\n")
        try await expectRefused(
            csv, options: StatementImportOptions(format: .ofx), "really.csv is not an OFX file", "--format")
        try await expectRefused(
            csv, options: StatementImportOptions(format: .qif), "really.csv is not a QIF file", "line 1")
        let html = try write("statement.ofx", "<html><body>Session expired</body></html>")
        try await expectRefused(html, "statement.ofx is not an OFX file", "<html>")
        try await expectRefused(try write("empty.ofx", ""), "empty.ofx is not an OFX file", "empty")
        let binary = try write("photo.qif", "!Type:Bank\nD\u{0}\u{0}\n")
        try await expectRefused(binary, "photo.qif is not a text file")
        let investments = Self.ofx("", end: "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n")
            .replacingOccurrences(of: "STMTRS", with: "INVSTMTRS")
        try await expectRefused(try write("inv.ofx", investments), "no bank or credit card statement")
        let qifCut = try write("cut.qif", "!Type:Bank\nD3/1/2025\nT-1.00\nPA\n^\nD3/2/2025\nT-2.00\n")
        try await expectRefused(qifCut, "cut.qif ends in the middle", "line 6", "cut short")
    }

    @Test func csvWithoutTheMappedColumns() async throws {
        let csv = try write("export.csv", "Booked,Value,Text\n2025-03-01,-1,A\n")
        try await expectRefused(csv, "export.csv has no date column", "Booked, Value, Text", "--date-column")
        try await expectRefused(
            csv, options: StatementImportOptions(csv: .init(dateColumn: "Booked")), "no amount column",
            "--amount-column")
        try await expectRefused(
            csv, options: StatementImportOptions(csv: .init(dateColumn: "Booked", amountColumn: "Betrag")),
            "no column \"Betrag\"", "--amount-column")
        let short = try write("short.csv", "date,amount,payee\n2025-03-01,-1,A\n2025-03-02\n")
        try await expectRefused(short, "short.csv, line 3", "--delimiter")
        try await expectRefused(try write("none.csv", ""), "none.csv is empty")
    }

    @Test func absurdLinesAreRefusedBeforeTheyAreReadWhole() async throws {
        let huge = String(repeating: "x", count: 70_000)
        try await expectRefused(
            try write("huge.csv", "date,amount,payee\n2025-03-01,-1,\(huge)\n"), "huge.csv, line 2", "64 KiB")
        try await expectRefused(
            try write("quoted.csv", "date,amount,payee\n2025-03-01,-1,\"\(huge)"), "quoted.csv, line 2", "64 KiB")
        try await expectRefused(try write("huge.qif", "!Type:Bank\nP\(huge)\n^\n"), "huge.qif, line 2", "64 KiB")
        try await expectRefused(
            try write("huge.ofx", Self.ofx("<STMTTRN><NAME>\(huge)</STMTTRN>")), "huge.ofx, line 7", "64 KiB")
        try await expectRefused(
            try write("tag.ofx", Self.ofx("<STMTTRN \(huge)>")), "tag.ofx, line 7", "64 KiB")
        // One line of a whole megabyte without a line end: refused at the bound, not read into memory.
        let endless = folder.file("endless.qif")
        try Data(("!Type:Bank\nP" + String(repeating: "y", count: 1 << 20)).utf8).write(to: endless)
        try await expectRefused(endless, "endless.qif, line 2", "64 KiB")
    }

    @Test func manyRecordFieldsAreBounded() async throws {
        let lines = String(repeating: "Mmemo\n", count: 5_000)
        try await expectRefused(
            try write("fields.qif", "!Type:Bank\nD3/1/2025\n\(lines)^\n"), "fields.qif", "more than 4096 lines")
    }
}
