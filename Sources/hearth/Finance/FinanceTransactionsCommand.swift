import ArgumentParser
import Foundation
import HearthFinance

/// `hearth finance transactions …`
struct FinanceTransactionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transactions",
        abstract: "Add, list, update and delete transactions.",
        subcommands: [Add.self, List.self, Update.self, Delete.self]
    )

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a transaction (negative amounts are money out).")
        @OptionGroup var options: FinanceOptions
        @Option(help: "What it was.") var title: String
        @Option(parsing: .unconditional, help: "The amount, such as -12.50 for an expense or 3200 for income.")
        var amount: String
        @Option(help: "When (default: now).") var date: String?
        @Option(help: "More detail.") var subtitle: String?
        @Option(
            help:
                "Food & Dining, Transportation, Shopping, Entertainment, Bills & Utilities, Healthcare, Income, Transfer, Investment or Other."
        ) var category: String?
        @Flag(help: "It repeats (rent, salary).") var recurring = false
        @Option(help: "A tag; repeat for several.") var tag: [String] = []
        @Option(
            help:
                "Its currency: an ISO 4217 code such as USD, case ignored (default: the book currency of `hearth finance settings`)."
        )
        var currency: String?

        func run() async throws {
            let transaction = try FinanceCLI.check {
                try FinanceValidation.validate(
                    Transaction(
                        title: title, subtitle: subtitle ?? "",
                        amount: try FinanceCLI.amount(amount, option: "--amount"),
                        category: try category.map {
                            try FinanceCLI.choice(TransactionCategory.self, $0, option: "--category")
                        } ?? .other,
                        date: try date.map { try FinanceCLI.date($0, option: "--date") } ?? Date(),
                        isRecurring: recurring, tags: tag,
                        currency: try currency.map { try FinanceCLI.currency($0, option: "--currency") }))
            }
            try await FinanceCLI.run(options) { store in
                let saved = try await store.save(transaction)
                if options.json {
                    try FinanceCLI.printJSON(saved)
                } else {
                    print(
                        "Added \(saved.title) \(FinanceCLI.money(saved.amount, saved.currency)) (\(saved.id.uuidString))"
                    )
                    try await FinanceBudgetCommand.printReminders(store)
                }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List transactions, newest first, a page at a time.",
            discussion: "When more remain, the last line gives the --after value that shows the next page.")
        @OptionGroup var options: FinanceOptions
        @Option(help: "From this date on.") var from: String?
        @Option(help: "Before this date.") var to: String?
        @Option(help: "Only this calendar month, YYYY-MM.") var month: String?
        @Option(help: "Only this category; repeat for several.") var category: [String] = []
        @Option(help: "Only transactions with this tag; repeat for any of several.") var tag: [String] = []
        @Option(help: "Only titles or subtitles containing this text, ignoring case and accents.") var search: String?
        @Option(parsing: .unconditional, help: "Only amounts of at least this (signed).") var min: String?
        @Option(parsing: .unconditional, help: "Only amounts of at most this (signed).") var max: String?
        @Flag(help: "Only recurring transactions.") var recurring = false
        @Option(help: "date-desc (default), date-asc, amount-asc, amount-desc or title.") var sort: String?
        @Option(help: "How many to show (1–1000, default 50).") var limit: Int = 50
        @Option(help: "Continue after this position (printed at the end of the previous page).") var after: String?

        func run() async throws {
            let query = try FinanceCLI.check(makeQuery)
            try await FinanceCLI.run(options) { store in
                let page = try await store.fetchTransactions(
                    matching: query, page: PageRequest(size: limit, after: after))
                if options.json {
                    struct Output: Encodable {
                        let items: [Transaction]
                        let nextCursor: String?
                    }
                    return try FinanceCLI.printJSON(Output(items: page.items, nextCursor: page.nextCursor))
                }
                if page.items.isEmpty { return print("No transactions.") }
                FinanceCLI.table(
                    ["ID", "DATE", "TITLE", "AMOUNT", "CATEGORY", "TAGS"],
                    page.items.map {
                        [
                            $0.id.uuidString, FinanceCLI.day($0.date), $0.title,
                            FinanceCLI.money($0.amount, $0.currency),
                            $0.category.displayName,
                            $0.tags.joined(separator: ";"),
                        ]
                    })
                if let next = page.nextCursor { print("More: --after \(next)") }
            }
        }

        func makeQuery() throws -> TransactionQuery {
            var query = TransactionQuery()
            if let month {
                guard let start = FinanceParsing.date(month + "-01", calendar: FinanceCLI.calendar),
                    let end = FinanceCLI.calendar.date(byAdding: .month, value: 1, to: start)
                else { throw InputError("--month \"\(month)\" is not a month; write YYYY-MM, such as 2026-01") }
                query.dateRange = start..<end
            }
            if from != nil || to != nil {
                guard month == nil else { throw InputError("Use either --month or --from/--to, not both") }
                let start = try from.map { try FinanceCLI.date($0, option: "--from") } ?? .distantPast
                let end = try to.map { try FinanceCLI.date($0, option: "--to") } ?? .distantFuture
                guard start <= end else { throw InputError("--from must not be after --to") }
                query.dateRange = start..<end
            }
            query.categories = Set(
                try category.map { try FinanceCLI.choice(TransactionCategory.self, $0, option: "--category") })
            query.tags = Set(tag)
            query.text = search
            if min != nil || max != nil {
                let low = try min.map { try FinanceCLI.amount($0, option: "--min") } ?? -1_000_000_000_000
                let high = try max.map { try FinanceCLI.amount($0, option: "--max") } ?? 1_000_000_000_000
                guard low <= high else { throw InputError("--min must not be more than --max") }
                query.amountRange = low...high
            }
            if recurring { query.isRecurring = true }
            if let sort {
                let sorts: [String: TransactionQuery.Sort] = [
                    "date-desc": .dateDescending, "date-asc": .dateAscending, "amount-asc": .amountAscending,
                    "amount-desc": .amountDescending, "title": .titleAscending,
                ]
                guard let value = sorts[sort.lowercased()] else {
                    throw InputError(
                        "--sort \"\(sort)\" is not one of: date-desc, date-asc, amount-asc, amount-desc, title")
                }
                query.sort = value
            }
            guard (1...1000).contains(limit) else { throw InputError("--limit must be between 1 and 1000") }
            return query
        }
    }

    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a transaction.")
        @OptionGroup var options: FinanceOptions
        @Argument(help: "The transaction's id.") var id: String
        @Option(help: "A new title.") var title: String?
        @Option(parsing: .unconditional, help: "A new amount.") var amount: String?
        @Option(help: "A new date.") var date: String?
        @Option(help: "A new subtitle.") var subtitle: String?
        @Option(help: "A new category.") var category: String?
        @Option(help: "true or false.") var recurring: Bool?
        @Option(help: "Replace the tags; repeat for several.") var tag: [String] = []
        @Option(help: FinanceCLI.currencyChangeHelp) var currency: String?

        func run() async throws {
            let currency = try FinanceCLI.check { try FinanceCLI.currencyChange(self.currency) }
            let (id, amount, date, category) = try FinanceCLI.check {
                (
                    try FinanceCLI.uuid(self.id, what: "transaction"),
                    try self.amount.map { try FinanceCLI.amount($0, option: "--amount") },
                    try self.date.map { try FinanceCLI.date($0, option: "--date") },
                    try self.category.map { try FinanceCLI.choice(TransactionCategory.self, $0, option: "--category") }
                )
            }
            try await FinanceCLI.run(options) { store in
                guard let current = try await store.fetchTransaction(byID: id) else {
                    throw PersistenceError.entityNotFound(id, entity: "Transaction")
                }
                let saved = try await store.updateTransaction(
                    current.with(
                        title: title, subtitle: subtitle, amount: amount, category: category, date: date,
                        isRecurring: recurring,
                        tags: tag.isEmpty ? nil : tag, currency: currency))
                if options.json { try FinanceCLI.printJSON(saved) } else { print("Updated \(saved.title)") }
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete transactions; all of them, or none when one id is unknown.")
        @OptionGroup var options: FinanceOptions
        @Argument(help: "The transactions' ids.") var ids: [String]

        func run() async throws {
            let ids = try FinanceCLI.check { try self.ids.map { try FinanceCLI.uuid($0, what: "transaction") } }
            try await FinanceCLI.run(options) { store in
                let count = try await store.deleteTransactions(ids: ids)
                if options.json {
                    try FinanceCLI.printJSON(["deleted": count])
                } else {
                    print("Deleted \(count) transaction\(count == 1 ? "" : "s")")
                }
            }
        }
    }
}
