import Foundation
import HearthCore
import HearthReports

extension HealthReportService {
    /// The lab results and vital signs of a record: a trend chart per analyte with its reference range shaded and
    /// out-of-range values marked H or L, a chart per vital sign (blood pressure as two lines), and a table of
    /// every result.
    static func observationBlocks(_ observations: [HealthObservation]) -> [ReportBlock] {
        var blocks: [ReportBlock] = []
        let sorted = observations.sorted { ($0.effectiveDate ?? .distantPast) < ($1.effectiveDate ?? .distantPast) }
        let labs = sorted.filter { $0.category == .laboratory }
        let vitals = sorted.filter { $0.category == .vitalSign }
        func decimal(_ value: Decimal?) -> String { value.map { "\($0)" } ?? "" }
        func range(_ low: Decimal?, _ high: Decimal?) -> String {
            switch (low, high) {
            case (let low?, let high?): "\(low)–\(high)"
            case (let low?, nil): "≥ \(low)"
            case (nil, let high?): "≤ \(high)"
            case (nil, nil): ""
            }
        }
        func unitText(_ observation: HealthObservation) -> String {
            observation.unitIsKnown ? observation.unit : "\(observation.unit) (not UCUM)"
        }
        func row(_ observation: HealthObservation) -> [String] {
            [
                observation.date?.iso ?? "—", observation.name,
                observation.value.map { "\($0)" } ?? observation.valueDescription, unitText(observation),
                range(observation.low, observation.high), observation.flag?.rawValue ?? "",
            ]
        }
        let columns: [ReportTable.Column] = [
            .init("Date", width: 0.9), .init("Name", width: 1.5), .init("Value", alignment: .right),
            .init("Unit"), .init("Range"), .init("Flag", width: 0.5),
        ]

        if !labs.isEmpty {
            blocks.append(.heading("Lab results", level: 2))
            blocks += groups(labs).compactMap { valueChart($0, height: 160) }
            blocks.append(.table(ReportTable(columns: columns, rows: labs.map(row))))
        }
        if !vitals.isEmpty {
            blocks.append(.heading("Vital signs", level: 2))
            for series in groups(vitals) {
                guard let latest = series.last else { continue }
                if latest.vitalSign == .bloodPressure {
                    let lines = [0, 1].map { index in
                        ReportChart.Series(
                            name: index == 0 ? "Systolic" : "Diastolic",
                            points: series.compactMap { observation in
                                guard let date = observation.effectiveDate, observation.components.count == 2 else {
                                    return nil
                                }
                                let component = observation.components[index]
                                return .init(date: date, value: component.value, mark: component.flag?.rawValue)
                            })
                    }
                    guard lines.contains(where: { !$0.points.isEmpty }) else { continue }
                    blocks.append(
                        .chart(.line(title: latest.name, unit: latest.unit, series: lines, height: 170)))
                    continue
                }
                if let chart = valueChart(series, height: 150) { blocks.append(chart) }
            }
            blocks.append(
                .table(
                    ReportTable(
                        columns: columns,
                        rows: vitals.map { observation in
                            observation.components.isEmpty
                                ? row(observation)
                                : [
                                    observation.date?.iso ?? "—", observation.name,
                                    observation.components.map { "\($0.value)" }.joined(separator: "/"),
                                    observation.unit,
                                    observation.components.map { range($0.low, $0.high) }.joined(separator: ", "),
                                    observation.flag?.rawValue ?? "",
                                ]
                        })))
        }
        return blocks
    }

    /// The trend of one analyte or vital sign, oldest first: one point per dated value, marked H or L when out of
    /// range, over the latest observation's reference range shaded; nil when none has a dated value.
    private static func valueChart(_ series: [HealthObservation], height: Double) -> ReportBlock? {
        let points = series.compactMap { observation -> ReportChart.Point? in
            guard let date = observation.effectiveDate, let value = observation.value else { return nil }
            return .init(date: date, value: value, mark: observation.flag?.rawValue)
        }
        guard let latest = series.last, !points.isEmpty else { return nil }
        let band =
            latest.low == nil && latest.high == nil
            ? nil
            : ReportChart.Band(
                low: latest.low.map { NSDecimalNumber(decimal: $0).doubleValue },
                high: latest.high.map { NSDecimalNumber(decimal: $0).doubleValue }, label: "Reference range")
        return .chart(
            .line(
                title: latest.name, unit: latest.unit, series: [.init(name: latest.name, points: points)],
                height: height, band: band))
    }

    /// Observations of the same thing in the same unit (by LOINC code, else by name), in first-seen order.
    private static func groups(_ observations: [HealthObservation]) -> [[HealthObservation]] {
        var order: [String] = []
        var groups: [String: [HealthObservation]] = [:]
        for observation in observations {
            let key = (observation.loinc ?? HealthValidation.searchKey(observation.name)) + "|" + observation.unit
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(observation)
        }
        return order.map { groups[$0]! }
    }
}
