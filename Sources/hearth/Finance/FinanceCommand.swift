import ArgumentParser
import Foundation
import HearthCore
import HearthExchange
import HearthFinance

/// `hearth finance …`: people, subscriptions, transactions, groups and expenses in a local database.
struct FinanceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "finance",
        abstract: "Track people, subscriptions, transactions and shared group expenses.",
        discussion:
            "Everything is kept in one SQLite file: --db PATH, by default finance.sqlite in the data directory (HEARTH_DATA_DIR, or ./hearth-data). Dates are YYYY-MM-DD in your time zone (TZ) or ISO 8601 timestamps; amounts are decimals such as -12.50 (negative for money out). People and groups can be named by id or by name. Add --json to any command for machine-readable output.",
        subcommands: [
            FinancePeopleCommand.self, FinanceSubscriptionsCommand.self, FinanceTransactionsCommand.self,
            FinanceGroupsCommand.self,
            FinanceExpensesCommand.self, FinanceSettleCommand.self, FinanceSummaryCommand.self,
            FinanceBudgetCommand.self,
            FinanceReportCommand.self,
            FinanceBalancesCommand.self,
            FinanceSettingsCommand.self, FinanceRatesCommand.self,
            FinanceExportCommand.self, FinanceImportCommand.self, FinanceStatementsCommand.self,
            FinanceShareCommand.self,
            FinanceUndoCommand.self,
            FinanceRedoCommand.self,
            SyncRunCommand<FinanceSyncCLI>.self,
        ]
    )
}
