import ArgumentParser
import Foundation
import HearthCore
import HearthExchange
import HearthFinance

/// `hearth finance …`: people, subscriptions, transactions, groups and expenses in a local database.
struct Finance: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Track people, subscriptions, transactions and shared group expenses.",
        discussion: "Everything is kept in one SQLite file: --db PATH, by default finance.sqlite in the data directory (HEARTH_DATA_DIR, or ./hearth-data). Dates are YYYY-MM-DD in your time zone (TZ) or ISO 8601 timestamps; amounts are decimals such as -12.50 (negative for money out). People and groups can be named by id or by name. Add --json to any command for machine-readable output.",
        subcommands: [
            FinancePeople.self, FinanceSubscriptions.self, FinanceTransactions.self, FinanceGroups.self,
            FinanceExpenses.self, FinanceSettle.self, FinanceSummary.self, FinanceBalances.self,
            FinanceExport.self, FinanceImport.self, FinanceUndo.self, FinanceRedo.self, SyncRunCommand<FinanceSyncCLI>.self,
        ]
    )
}
