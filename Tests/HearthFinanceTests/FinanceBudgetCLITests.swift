import Foundation
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthFinance

/// `hearth finance budget …` and `hearth finance report` run as real processes against a database file.
@Suite(.timeLimit(.minutes(10))) struct FinanceBudgetCLITests {
    let folder: TemporaryFolder
    let database: URL

    init() throws {
        folder = try TemporaryFolder(prefix: "hearth-finance-budget")
        database = folder.file("finance.sqlite")
    }

    /// Runs `hearth finance arguments… --db database` in the test's folder, in UTC.
    @discardableResult
    func hearth(_ arguments: [String]) async throws -> ChildProcess.Result {
        try await ChildProcess.run(
            ChildProcess.product("hearth"), ["finance"] + arguments + ["--db", database.path],
            environment: ["TZ": "UTC"], directory: folder.url)
    }

    func succeed(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let result = try await hearth(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    func json(_ arguments: [String]) async throws -> [String: Any] {
        let output = try await succeed(arguments + ["--json"])
        return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
    }

    /// Budgets, transactions and reminders, read through the library: what a failed command must leave alone.
    func contents() async throws -> String {
        let store = try FinancePersistenceService.open(at: database)
        let budgets = try await store.fetchBudgets()
        let transactions = try await store.fetchTransactions(inDateRange: Date.distantPast..<Date.distantFuture)
        // Each reminder with its deliveries in channel order: a dictionary prints in no fixed order.
        let reminders = try await store.budgetReminders().map { reminder in
            "\(reminder.id) \(reminder.spent) \(reminder.available) \(reminder.createdAt) \(reminder.deliveredAt as Any) "
                + "\((reminder.deliveries ?? [:]).sorted { $0.key < $1.key })"
        }
        return "\(budgets)|\(transactions.count)|\(reminders)"
    }

    func expectFailure(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let before = try await contents()
        let result = try await hearth(arguments)
        #expect(result.status != 0, "\(arguments) succeeded", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "stdout: \(result.stdout)", sourceLocation: sourceLocation)
        #expect(try await contents() == before, "\(arguments) changed the database", sourceLocation: sourceLocation)
    }

    /// The month the commands see as this month (they run in UTC).
    var thisMonth: FinanceMonth { FinanceMonth(containing: Date(), calendar: calendar()) }

    /// Noon on the 15th of `month`, as the command line writes a date.
    func midMonth(_ month: FinanceMonth) -> String { "\(month)-15" }

    @Test func budgetsRollOverAndRemindOnce() async throws {
        let month = thisMonth
        let start = month.adding(months: -2)
        let set = try await succeed(["budget", "set", "food", "300", "--rollover", "--start", start.description])
        #expect(set.contains("Food & Dining: 300.00 a month from \(start), rolling over."), "\(set)")
        // Two months ago 200.00 was spent; last month nothing.
        try await succeed([
            "transactions", "add", "--title", "Groceries", "--amount", "-200", "--category", "food",
            "--date", midMonth(start),
        ])
        let last = try await json(["budget", "--month", month.adding(months: -1).description])
        let lastFood = try #require((last["budgets"] as? [[String: Any]])?.first)
        #expect(lastFood["carried"] as? Double == 100)
        #expect(lastFood["available"] as? Double == 400)
        #expect(lastFood["spent"] as? Double == 0)
        #expect(lastFood["left"] as? Double == 400)

        // This month: 300.00 + 100.00 + 400.00 = 700.00; 559.99 is under 80 %, 560.00 is 80 %.
        let under = try await succeed([
            "transactions", "add", "--title", "Party", "--amount", "-559.99", "--category", "food",
        ])
        #expect(!under.contains("Reminder"), "\(under)")
        let reached = try await succeed([
            "transactions", "add", "--title", "Mint", "--amount", "-0.01", "--category", "food",
        ])
        #expect(
            reached.contains(
                "Reminder: Food & Dining: 80 % of the \(month.longName) budget spent. Spent 560.00 of 700.00; 140.00 left."
            ), "\(reached)")
        let again = try await succeed([
            "transactions", "add", "--title", "Coffee", "--amount", "-1", "--category", "food",
        ])
        #expect(!again.contains("Reminder"), "\(again)")

        let table = try await succeed(["budget"])
        #expect(table.contains("Budgets for \(month.longName)"), "\(table)")
        let row = try #require(table.split(separator: "\n").first { $0.hasPrefix("Food & Dining") })
        #expect(
            row.split(separator: " ", omittingEmptySubsequences: true).suffix(7).joined(separator: " ")
                == "300.00 400.00 700.00 561.00 139.00 80.14 %", "\(row)")
        let status = try await json(["budget"])
        #expect(
            (status["reminders"] as? [[String: Any]])?.map { $0["id"] as? String } == [
                "budget-\(month)-food-80"
            ])
        let reminders = try await succeed(["budget", "reminders"])
        #expect(reminders.contains("Food & Dining: 80 % of the \(month.longName) budget spent"), "\(reminders)")

        // A new amount keeps the rollover unless --no-rollover says otherwise.
        let kept = try await succeed(["budget", "set", "food", "310"])
        #expect(kept.contains("Food & Dining: 310.00 a month from \(start), rolling over."), "\(kept)")
        let off = try await succeed(["budget", "set", "food", "310", "--no-rollover"])
        #expect(off.contains("Food & Dining: 310.00 a month from \(start)."), "\(off)")
        #expect(try await succeed(["budget", "remove", "Food & Dining"]).contains("Removed the Food & Dining budget."))
        #expect(try await succeed(["budget"]).contains("No budgets apply in \(month)."))
        #expect(try await succeed(["undo"]).contains("Undid: Remove budget Food & Dining"))
        #expect(try await succeed(["budget"]).contains("Food & Dining"))
    }

    @Test func badInputFailsWithTheReasonAndChangesNothing() async throws {
        try await succeed(["budget", "set", "shopping", "100"])
        try await expectFailure(["budget", "set", "snacks", "10"], "CATEGORY \"snacks\" is not one of: Food & Dining")
        try await expectFailure(["budget", "set", "food", "ten"], "AMOUNT \"ten\" is not an amount")
        try await expectFailure(["budget", "set", "food", "0"], "Budget amount must be greater than 0")
        try await expectFailure(["budget", "set", "food", "1.001"], "has more than 2 decimal places")
        try await expectFailure(["budget", "set", "income", "10"], "Income is money in")
        try await expectFailure(
            ["budget", "set", "food", "5", "--start", "2026-13"], "--start \"2026-13\" is not a month; write YYYY-MM")
        try await expectFailure(["budget", "--month", "November"], "--month \"November\" is not a month")
        try await expectFailure(["budget", "remove", "food"], "Food & Dining has no budget")
        let file = folder.file("report.pdf").path
        try await expectFailure(["report", "-o", file], "Give either --month YYYY-MM or --year YYYY")
        try await expectFailure(
            ["report", "--month", "2026-01", "--year", "2026", "-o", file], "Give either --month YYYY-MM or --year YYYY"
        )
        try await expectFailure(["report", "--year", "26", "-o", file], "--year \"26\" is not a year")
        try await expectFailure(
            ["report", "--month", "2026-01", "--format", "docx", "-o", file], "--format \"docx\" is not pdf or html")
        try await expectFailure(
            ["report", "--month", "2026-01", "-o", folder.file("missing/report.pdf").path], "Cannot write to")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func reportsAsPDFAndHTML() async throws {
        guard try PDFTools.ready() else { return }
        let month = thisMonth
        try await succeed(["budget", "set", "food", "250"])
        try await succeed(["transactions", "add", "--title", "Salary", "--amount", "2500", "--category", "income"])
        try await succeed(["transactions", "add", "--title", "Market", "--amount", "-123.45", "--category", "food"])
        try await succeed([
            "transactions", "add", "--title", "Bus", "--amount", "-30", "--category", "transportation",
            "--date", midMonth(month.adding(months: -1)),
        ])
        let pdf = folder.file("month.pdf")
        let wrote = try await succeed(["report", "--month", month.description, "-o", pdf.path])
        #expect(wrote.contains("Wrote the \(month.longName) report to \(pdf.path)"), "\(wrote)")
        try await PDFTools.check(pdf)
        let text = try await PDFTools.text(pdf)
        for expected in ["Finance report: \(month.longName)", "2,500.00", "123.45", "2,376.55", "250.00", "126.55"] {
            #expect(text.contains(expected), "\(expected) missing from:\n\(text)")
        }
        let html = folder.file("year.html")
        let report = try await json(["report", "--year", String(month.year), "-o", html.path])
        #expect(report["format"] as? String == "html")
        #expect(report["pages"] == nil)
        let summary = try #require(report["summary"] as? [String: Any])
        #expect(summary["income"] as? Double == 2500)
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.contains("Finance report: \(month.year)") && page.contains("2,500.00") && page.contains("<svg"))
    }
}
