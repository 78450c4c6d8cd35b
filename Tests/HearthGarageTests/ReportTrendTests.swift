import Foundation
import HearthCore
import HearthReports
import HearthTestSupport
import Testing

@testable import HearthGarage

/// The garage reports' charts over time: fuel economy per fill-up and the running cost per mile in the
/// service history, costs by month and category in the yearly report. Figures worked by hand.
@Suite(.timeLimit(.minutes(10))) struct ReportTrendTests {
    @Test func costPerMileSoFarAtEachReading() {
        let car = UUID()
        let logs = [
            ServiceLog(
                vehicleID: car, title: "Oil", performedDate: TestSupport.day(2024, 1, 10), mileageAtService: 30_000,
                cost: 50),
            ServiceLog(
                vehicleID: car, title: "Tires", performedDate: TestSupport.day(2024, 6, 1), mileageAtService: 32_000,
                cost: 400),
            ServiceLog(
                vehicleID: car, title: "Wash", performedDate: TestSupport.day(2024, 7, 1), mileageAtService: 0, cost: 10
            ),
        ]
        let expenses = [
            GarageExpense(
                vehicleID: car, date: TestSupport.day(2024, 3, 1), amount: 600, category: "Insurance", createdAt: Date()
            ),
            GarageExpense(
                vehicleID: car, date: TestSupport.day(2024, 9, 1), odometer: 35_000, amount: 20, category: "Parking",
                createdAt: Date()),
        ]
        let points = ServiceHistoryPDFService.costPerMilePoints(logs: logs, expenses: expenses)
        // 50 + 600 + 400 = 1,050 over 2,000 miles; then + 10 + 20 = 1,080 over 5,000 miles.
        #expect(points.map(\.day) == [TestSupport.day(2024, 6, 1), TestSupport.day(2024, 9, 1)])
        #expect(points.map(\.costPerMile) == [Decimal(string: "0.525")!, Decimal(string: "0.216")!])
        // One reading alone is no distance yet.
        #expect(ServiceHistoryPDFService.costPerMilePoints(logs: [], expenses: expenses).isEmpty)
    }

    @Test func historyChartsFuelEconomyAndCostPerMile() async throws {
        guard try PDFTools.ready() else { return }
        let (store, car, _) = try await ServiceHistoryReportTests().garage()
        for (day, odometer, gallons) in [
            (TestSupport.day(2024, 2, 1), 29_000, "10"), (TestSupport.day(2024, 3, 1), 29_300, "10"),
            (TestSupport.day(2024, 4, 1), 29_650, "12.5"),
        ] {
            try await store.write { tx in
                try tx.insert(
                    FuelLog(
                        vehicleID: car.id, date: day, odometer: odometer, gallons: Decimal(string: gallons)!,
                        totalCost: 35, createdAt: tx.now))
            }
        }
        let reports = ServiceHistoryPDFService(store: store, deterministic: true)
        let document = try await reports.historyDocument(for: car.id)
        let charts = document.blocks.compactMap { block -> ReportChart? in
            if case .chart(let chart) = block { return chart }
            return nil
        }
        // 300 miles on 10 gallons, then 350 on 12.5: 30 and 28 mpg.
        let fuel = try #require(charts.first { $0.title == "Fuel economy per fill-up" })
        #expect(fuel.series.first?.points.map(\.value) == [30, 28])
        // 49.99 at 30,000; 74.99 over 1,000; 384.99 over 3,000; 464.77 over 6,000.
        let perMile = try #require(charts.first { $0.title?.hasPrefix("Cost per mile") == true })
        #expect(perMile.series.first?.points.map(\.value) == [0.075, 0.128, 0.077])
        let folder = try TemporaryFolder(prefix: "hearth-trends")
        let file = try await reports.writeHistory(
            for: car.id, to: folder.url, format: .pdf, options: ServiceHistoryOptions())
        try await PDFTools.check(file.url)
        let text = try await PDFTools.text(file.url)
        #expect(text.contains("OVER TIME") && text.contains("FUEL ECONOMY PER FILL-UP"), "\(text)")
    }

    @Test func yearlyCostsByMonthAndCategory() async throws {
        let (store, car, _) = try await ServiceHistoryReportTests().garage()
        let reports = ServiceHistoryPDFService(store: store)
        let summary = try await reports.costSummary(for: car.id, year: 2024)
        let chart = ServiceHistoryPDFService.monthlyChart(summary)
        #expect(chart.title == "By month and category")
        #expect(chart.series.map(\.name) == ["Maintenance", "Repair"])
        // Maintenance: 49.99 in March, 25.00 in September; the repair: 310 in November.
        #expect(abs(chart.series[0].points[2].value - 49.99) < 1e-9 && chart.series[0].points[8].value == 25)
        #expect(chart.series[1].points[10].value == 310)
        #expect(chart.series.allSatisfy { $0.points.count == 12 })
        let single = ServiceHistoryPDFService.monthlyChart(try await reports.costSummary(for: car.id, year: 2025))
        #expect(single.title == "By month" && single.series.map(\.name) == ["2025"])
    }
}
