import Foundation
import HearthTestSupport
import Testing

@testable import HearthFinance

extension FinanceCLITests {
    @Test func statementImportTakesTheCurrencyOfAFileThatDoesNotSayIt() async throws {
        let qif = folder.file("chase.qif")
        try Data("!Type:Bank\nD11/03/2025\nT-4.50\nPDeli\n^\n".utf8).write(to: qif)
        try await expectFailure(
            ["statements", "import", qif.path, "--currency", "dollars"],
            "--currency \"dollars\" is not an active ISO 4217 currency code")
        let result = try await hearth(["statements", "import", qif.path, "--currency", "usd"])
        #expect(result.status == 0, "\(result.stderr)")
        let stored = try await contents().transactions
        #expect(stored.map(\.currency) == [try CurrencyCode("USD")])
        let listed = try await hearth(["transactions", "list"])
        #expect(listed.stdout.contains("USD"), "\(listed.stdout)")
    }
}
