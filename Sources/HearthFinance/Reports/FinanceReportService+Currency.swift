import Foundation

extension FinanceReportService {
    /// Income, expenses and count of the transactions in `range`: summed as stored, or converted to
    /// ``currency`` with the rate of each transaction's day.
    func periodTotals(in range: Range<Date>) async throws -> (income: Decimal, expenses: Decimal, count: Int) {
        guard let currency else { return try await store.totals(in: range) }
        let converted = try await store.convertedTotals(in: range, into: currency)
        return (converted.income, converted.expenses, converted.count)
    }

    /// Spending per category of the transactions in `range`, largest first, as ``periodTotals(in:)`` sums it.
    func periodSpending(in range: Range<Date>) async throws -> [CategorySpending] {
        guard let currency else { return try await store.spendingByCategory(in: range) }
        return try await store.convertedTotals(in: range, into: currency).spending
    }
}
