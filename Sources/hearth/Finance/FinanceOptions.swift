import ArgumentParser
import Foundation
import HearthCore
import HearthExchange
import HearthFinance

/// The options every finance command takes.
struct FinanceOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: "The finance database file (default: finance.sqlite in the data directory).")
    var database: String?

    @Flag(name: .customLong("json"), help: "Print JSON instead of text.")
    var json = false

    /// The database file: --db, else HEARTH_DATA_DIR/finance.sqlite, else ./hearth-data/finance.sqlite.
    var databaseURL: URL {
        if let database, !database.isEmpty {
            return URL(fileURLWithPath: (database as NSString).expandingTildeInPath)
        }
        return dataFolder().appendingPathComponent("finance.sqlite")
    }
}
