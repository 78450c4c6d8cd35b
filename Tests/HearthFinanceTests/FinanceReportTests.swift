import Foundation
import HearthCore
import HearthReports
import HearthTestSupport
import Testing

@testable import HearthFinance

@Suite(.timeLimit(.minutes(10))) struct FinanceReportTests {
    typealias F = BudgetFixtures

    @Test func theMonthsFiguresByHand() async throws {
        let (store, _) = try await F.store()
        let summary = try await FinanceReportService(store: store).summary(for: .month(F.april))
        #expect(summary.title == "April 2025")
        #expect(summary.income == 3200)
        // 150.00 + 54.00 + 99.99 + 45.50
        #expect(summary.expenses == Decimal(string: "349.49"))
        #expect(summary.net == Decimal(string: "2850.51"))
        #expect(summary.transactionCount == 5)
        let changes = summary.categories.map { "\($0.category.rawValue) \($0.spent) \($0.previous) \($0.change)" }
        #expect(
            changes == [
                "Food & Dining 204 745 -541", "Shopping 99.99 0 99.99", "Transportation 45.5 60 -14.5",
            ])
        // -541 / 745 = -72.62 %; -14.50 / 60.00 = -24.17 %; nothing to compare shopping with.
        #expect(summary.categories.map(\.changePercent) == [Decimal(string: "-72.6"), nil, Decimal(string: "-24.2")])
        #expect(
            summary.trend.map(\.month.description) == [
                "2024-11", "2024-12", "2025-01", "2025-02", "2025-03", "2025-04",
            ])
        #expect(summary.trend.map(\.expenses) == [0, 0, 200, 0, 805, Decimal(string: "349.49")!])
        #expect(summary.trend.map(\.income) == [0, 0, 3200, 3200, 3200, 3200])
        #expect(summary.budgets.map(\.category) == [.food, .shopping])
        #expect(summary.budgets.map(\.budgeted) == [255, 100])
        #expect(summary.budgets.map(\.left) == [51, Decimal(string: "0.01")!])
        #expect(summary.budgets.map(\.percentUsed) == [80, Decimal(string: "100")])
    }

    @Test func theYearsFiguresByHand() async throws {
        let (store, _) = try await F.store()
        let summary = try await FinanceReportService(store: store).summary(for: .year(2025))
        #expect(summary.income == 12_800)
        // 200.00 + 805.00 + 349.49
        #expect(summary.expenses == Decimal(string: "1354.49"))
        #expect(summary.net == Decimal(string: "11445.51"))
        #expect(summary.trend.count == 12)
        #expect(summary.trend.map(\.expenses).reduce(0, +) == summary.expenses)
        #expect(summary.categories.allSatisfy { $0.previous == 0 && $0.changePercent == nil })
        // January to April, the months so far: food 4 × 300.00 = 1200.00 against 200.00 + 0 + 745.00 + 204.00.
        #expect(summary.budgets.map(\.budgeted) == [1200, 400])
        #expect(summary.budgets.map(\.spent) == [1149, Decimal(string: "99.99")!])
        #expect(summary.budgets.map(\.percentUsed) == [Decimal(string: "95.8"), Decimal(string: "25")])
    }

    @Test func aMonthWithNothingInItStillMakesAReport() async throws {
        let (store, _) = try makeStore(now: F.now)
        let summary = try await FinanceReportService(store: store).summary(for: .month(F.february))
        #expect(summary.income == 0 && summary.expenses == 0 && summary.categories.isEmpty && summary.budgets.isEmpty)
        let html = try HTMLRenderer().render(
            try await FinanceReportService(store: store).document(for: .month(F.february)))
        #expect(html.contains("Nothing was spent in February 2025."))
        #expect(!html.contains("Budgets</h2>"))
    }

    @Test func thePDFPassesQpdfAndShowsTheFigures() async throws {
        guard try PDFTools.ready() else { return }
        let (store, _) = try await F.store()
        let folder = try TemporaryFolder(prefix: "hearth-finance-report")
        let url = folder.file("april.pdf")
        let written = try await FinanceReportService(store: store, deterministic: true).write(
            .month(F.april), to: url, format: .pdf)
        #expect(written.pageCount == 2)
        try await PDFTools.check(url)
        let text = try await PDFTools.text(url)
        for expected in [
            "Finance report: April 2025", "3,200.00", "349.49", "2,850.51", "Food & Dining", "204.00", "745.00",
            "-541.00", "-72.6 %", "+99.99", "-24.2 %", "The last six months", "November 2024", "805.00",
            "Budgets", "255.00", "+51.00", "80 %", "+0.01", "Page 1 of 2",
        ] {
            #expect(text.contains(expected), "\(expected) missing from:\n\(text)")
        }
        // The pages render: poppler draws them to PNG.
        let png = try await PDFTools.run(
            "pdftoppm", ["-png", "-r", "60", url.path, folder.file("page").path])
        #expect(png.status == 0, "\(png.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.file("page-1.png").path))

        let year = folder.file("2025.pdf")
        try await FinanceReportService(store: store, deterministic: true).write(.year(2025), to: year, format: .pdf)
        try await PDFTools.check(year)
        let yearText = try await PDFTools.text(year)
        for expected in [
            "Finance report: 2025", "12,800.00", "1,354.49", "11,445.51", "Month by month", "1,200.00", "95.8 %",
        ] {
            #expect(yearText.contains(expected), "\(expected) missing from:\n\(yearText)")
        }
    }

    @Test func theHTMLHasTheFiguresAndTheChartsAsSVG() async throws {
        let (store, _) = try await F.store()
        let folder = try TemporaryFolder(prefix: "hearth-finance-report")
        let url = folder.file("april.html")
        let written = try await FinanceReportService(store: store).write(.month(F.april), to: url, format: .html)
        #expect(written.pageCount == nil)
        let html = try String(contentsOf: url, encoding: .utf8)
        #expect(written.byteCount == html.utf8.count)
        for expected in [
            "Finance report: April 2025", "3,200.00", "349.49", "2,850.51", "Food &amp; Dining", "-541.00",
            "-72.6 %", "255.00", "+51.00", "80 %",
        ] {
            #expect(html.contains(expected), "\(expected) missing")
        }
        // Three charts: spending by category, the six months, budgets against spending.
        #expect(html.components(separatedBy: "<svg").count - 1 == 3)
        #expect(html.contains("Budgeted") && html.contains("Expenses"))
    }

    @Test func aFolderThatCannotBeWrittenFailsWithoutAFile() async throws {
        let (store, _) = try await F.store()
        let folder = try TemporaryFolder(prefix: "hearth-finance-report")
        let missing = folder.file("no-such-folder/april.html")
        await #expect(throws: ServiceError.self) {
            try await FinanceReportService(store: store).write(.month(F.april), to: missing, format: .html)
        }
        await #expect(throws: ServiceError.self) {
            try await FinanceReportService(store: store).write(
                .month(F.april), to: folder.file("no-such-folder/april.pdf"), format: .pdf)
        }
        #expect(!FileManager.default.fileExists(atPath: missing.path))
    }
}
