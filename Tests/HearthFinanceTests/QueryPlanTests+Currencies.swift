import Foundation
import GRDB
import Testing

@testable import HearthFinance

extension QueryPlanTests {
    @Test func currencyQueriesUseTheirIndexes() async throws {
        // Loading a currency's rates over a range of days reads one range of the primary key.
        let rates = try await plan(FinancePersistenceService.ratesOfQuoteSQL, ["USD", "2026-10-01", "2026-11-02"])
        #expect(
            rates.contains { $0.contains("financeExchangeRate USING PRIMARY KEY (quote=? AND day>? AND day<?)") },
            "\(rates)")
        // Asking whether anything is in another currency reads only the rows that have one (the outer
        // SELECT of three EXISTS reads no table: "SCAN CONSTANT ROW").
        let details = try await plan(FinancePersistenceService.otherCurrenciesSQL, ["EUR", "EUR", "EUR"])
        for index in ["financeTransaction_currency", "financeSubscription_currency", "financeGroupExpense_currency"] {
            #expect(details.contains { $0.contains(index) }, "\(index) in \(details)")
        }
        let fullScans = details.filter { $0.hasPrefix("SCAN finance") && !$0.contains("USING") }
        #expect(fullScans.isEmpty, "\(details)")
    }
}
