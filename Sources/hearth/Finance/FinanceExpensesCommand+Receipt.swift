import ArgumentParser
import Foundation
import HearthCloudModel
import HearthCore
import HearthFinance
import HearthSync

extension FinanceExpensesCommand {
    /// `hearth finance expenses receipt ID --output FILE --server URL`: the receipt kept with an expense on the
    /// pages, downloaded from the server and checked against the record.
    struct Receipt: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Download the receipt kept with an expense (from the pages) into a file.",
            discussion:
                "The expense record names the receipt's SHA-256 and size; the file is checked against both before it is written (0600). Sync first (hearth finance sync) so this device has the record."
        )
        @OptionGroup var options: FinanceOptions
        @OptionGroup var signIn: SyncSignInOptions
        @Argument(help: "The expense's id.") var id: String
        @Option(help: "Where to write the receipt (default: its name, in this folder).") var output: String?

        func run() async throws {
            let id = try FinanceCLI.check { try FinanceCLI.uuid(self.id, what: "expense") }
            try await FinanceCLI.run(options) { store in
                guard let expense = try await store.fetchExpense(byID: id) else {
                    throw PersistenceError.entityNotFound(id, entity: "Expense")
                }
                guard let asset = expense.receiptAsset else {
                    throw ServiceError(
                        .notFound,
                        "\(expense.title) has no receipt kept on the server; keep one from the expense's page, then sync."
                    )
                }
                let name = expense.receipt.map { ($0 as NSString).lastPathComponent } ?? "receipt"
                let target = URL(fileURLWithPath: ((output ?? name) as NSString).expandingTildeInPath)
                let data: Data
                do {
                    data = try await signIn.withSession(describeOther: FinanceCLI.message(for:)) { session in
                        try await session.client.downloadAsset(asset)
                    }
                } catch let failure as SyncCommandFailure {
                    throw ServiceError(.operationFailed, failure.message)
                }
                guard
                    FileManager.default.createFile(
                        atPath: target.path, contents: data, attributes: [.posixPermissions: 0o600])
                else {
                    throw ServiceError(.operationFailed, "Could not write \(target.path); check the folder.")
                }
                if options.json {
                    try FinanceCLI.printJSON(["file": target.path, "bytes": "\(data.count)"])
                } else {
                    print("Saved the receipt of \(expense.title) to \(target.path) (\(data.count) bytes)")
                }
            }
        }
    }
}
