import Foundation
import HearthTestSupport
import Testing

@testable import HearthFinance

extension FinanceCLITests {
    @Test func statementImportFromTheCommandLine() async throws {
        let csv = folder.file("konto.csv")
        try Data(
            "Datum;Name;Betrag;Zweck\n31.12.2025;B\u{E4}ckerei;-4,20;Br\u{F6}tchen\n02.01.2026;Lohn;2.500,00;\n".utf8
        )
        .write(to: csv)
        let arguments = [
            "statements", "import", csv.path, "--date-column", "Datum", "--amount-column", "Betrag", "--payee-column",
            "Name", "--memo-column", "Zweck", "--decimal-comma", "--delimiter", ";", "--account", "Giro",
        ]
        let dry = try await hearth(arguments + ["--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("Would import konto.csv (CSV, Giro): 2 added, 0 skipped"), "\(dry.stdout)")
        #expect(try await contents().transactions.isEmpty)

        let report = try #require(try await json(arguments) as? [String: Any])
        #expect(report["added"] as? Int == 2)
        #expect(report["format"] as? String == "csv")
        let stored = try await contents().transactions
        #expect(stored.map(\.title) == ["B\u{E4}ckerei", "Lohn"])
        #expect(stored.map(\.amount) == [Decimal(string: "-4.2")!, 2500])
        #expect(stored.map(\.tags) == [["Giro"], ["Giro"]])

        let again = try await hearth(arguments)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("0 added, 2 skipped"), "\(again.stdout)")
        #expect(again.stdout.contains("2 × already imported"), "\(again.stdout)")
        // Piped stderr draws no progress.
        #expect(again.stderr.isEmpty)
    }

    @Test func statementImportRefusalsLeaveTheDatabaseAlone() async throws {
        try await hearth(["transactions", "add", "--title", "Rent", "--amount", "-900", "--date", "2025-12-01"])
        let truncated = folder.file("cut.ofx")
        try Data("OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST><STMTTRN><TRNAMT>-1".utf8)
            .write(to: truncated)
        try await expectFailure(["statements", "import", truncated.path], "cut.ofx ends at line 3 before </OFX>")
        try await expectFailure(
            ["statements", "import", truncated.path, "--format", "mt940"], "--format \"mt940\" is not ofx, qif or csv")
        try await expectFailure(
            ["statements", "import", truncated.path, "--debit-column", "Out"],
            "--debit-column and --credit-column go together")
        try await expectFailure(["statements", "import", folder.file("missing.qif").path], "Cannot read")
    }
}
