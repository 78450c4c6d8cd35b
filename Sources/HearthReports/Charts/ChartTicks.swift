import Foundation

/// Axis ticks: rounded values for the value axis, calendar-aligned dates for the time axis.
enum ChartTicks {
    /// Rounded ticks covering `low...high` ("nice numbers": steps of 1, 2, 2.5 or 5 times a power of ten).
    static func values(low: Double, high: Double, target: Int = 5) -> (ticks: [Double], step: Double) {
        var low = low
        var high = high
        if high - low < 1e-9 {
            let pad = abs(high) > 1e-9 ? abs(high) * 0.1 : 1
            low -= pad
            high += pad
            if low < 0, high > 0, high - pad * 2 >= 0 { low = 0 }
        }
        let rough = (high - low) / Double(max(target - 1, 1))
        let power = pow(10, floor(log10(rough)))
        let fraction = rough / power
        let step = (fraction < 1.5 ? 1 : fraction < 2.25 ? 2 : fraction < 3.5 ? 2.5 : fraction < 7.5 ? 5 : 10) * power
        let first = floor(low / step + 1e-9) * step
        let last = ceil(high / step - 1e-9) * step
        var ticks: [Double] = []
        var value = first
        while value <= last + step * 0.5, ticks.count < 50 {
            ticks.append(abs(value) < step * 1e-6 ? 0 : value)
            value += step
        }
        return (ticks, step)
    }

    /// Decimals needed to tell ticks `step` apart.
    static func decimals(for step: Double) -> Int {
        guard step > 0 else { return 0 }
        var decimals = 0
        var scaled = step
        while decimals < 4, abs(scaled - scaled.rounded()) > 1e-6 {
            scaled *= 10
            decimals += 1
        }
        return decimals
    }

    /// `value` with thousands separators and `decimals` decimals, and `unit` before it (a currency symbol)
    /// or after it (anything else): "$1,250", "12.5 kg".
    static func format(_ value: Double, decimals: Int, unit: String?) -> String {
        let magnitude = String(format: "%.\(decimals)f", abs(value))
        let parts = magnitude.split(separator: ".", maxSplits: 1)
        var whole = String(parts[0])
        var grouped = ""
        while whole.count > 3 {
            grouped = "," + whole.suffix(3) + grouped
            whole.removeLast(3)
        }
        var number = whole + grouped
        if parts.count > 1 { number += "." + parts[1] }
        let negative = value < 0 && number.contains(where: { $0 != "0" && $0 != "." && $0 != "," })
        let sign = negative ? "-" : ""
        guard let unit, !unit.isEmpty else { return sign + number }
        if isCurrency(unit) { return sign + unit + number }
        return sign + number + " " + unit
    }

    /// Whether `unit` is a currency symbol such as "$" or "€", written before amounts.
    static func isCurrency(_ unit: String) -> Bool {
        unit.unicodeScalars.count == 1 && unit.unicodeScalars.first!.properties.generalCategory == .currencySymbol
    }

    enum DateUnit { case day, month, year }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Ticks between `start` and `end` on day, month or year boundaries (UTC), as many as `maximum` allows,
    /// with their labels: "Mar 4", "Mar 2025" or "2025".
    static func dates(from start: Date, to end: Date, maximum: Int) -> [(date: Date, label: String)] {
        let calendar = ChartCalendar.utc
        let steps: [(DateUnit, Int)] = [
            (.day, 1), (.day, 2), (.day, 7), (.day, 14), (.month, 1), (.month, 2), (.month, 3), (.month, 6),
            (.year, 1), (.year, 2), (.year, 5), (.year, 10), (.year, 20), (.year, 50), (.year, 100),
        ]
        let startYear = calendar.component(.year, from: start)
        let spansYears = startYear != calendar.component(.year, from: end)
        var chosen: [Date] = []
        var unit = DateUnit.day
        for (candidate, step) in steps {
            let ticks = dateTicks(from: start, to: end, unit: candidate, step: step, calendar: calendar)
            chosen = ticks
            unit = candidate
            if ticks.count <= max(maximum, 2) { break }
        }
        if chosen.isEmpty { chosen = [start] }
        return chosen.map { date in
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let month = monthNames[(parts.month ?? 1) - 1]
            switch unit {
            case .day:
                return (
                    date, spansYears ? "\(month) \(parts.day ?? 1) \(parts.year ?? 0)" : "\(month) \(parts.day ?? 1)"
                )
            case .month: return (date, "\(month) \(parts.year ?? 0)")
            case .year: return (date, "\(parts.year ?? 0)")
            }
        }
    }

    private static func dateTicks(from start: Date, to end: Date, unit: DateUnit, step: Int, calendar: Calendar)
        -> [Date]
    {
        let parts = calendar.dateComponents([.year, .month, .day], from: start)
        var components = DateComponents(year: parts.year, month: 1, day: 1)
        let component: Calendar.Component
        switch unit {
        case .day:
            components.month = parts.month
            components.day = parts.day
            component = .day
        case .month:
            let month = parts.month ?? 1
            components.month = month - (month - 1) % step
            component = .month
        case .year:
            components.year = (parts.year ?? 0) - (parts.year ?? 0) % step
            component = .year
        }
        guard var tick = calendar.date(from: components) else { return [] }
        var ticks: [Date] = []
        var guardCount = 0
        while tick <= end, guardCount < 2_000 {
            if tick >= start { ticks.append(tick) }
            guard let next = calendar.date(byAdding: component, value: step, to: tick) else { break }
            tick = next
            guardCount += 1
        }
        return ticks
    }
}
