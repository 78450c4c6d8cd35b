public import Foundation
public import HearthCore

/// A measured value of a person or pet: a laboratory result (HbA1c 5.9 %) or a vital sign (heart rate 72 /min,
/// blood pressure 128/84 mm[Hg] as two ``components``).
///
/// The value is a `Decimal` in ``unit``, a UCUM code; a unit outside ``UCUMUnits`` is kept as written and
/// marked (``unitIsKnown`` is false). A result that is not a number (from a FHIR `valueString` or
/// `valueCodeableConcept`) keeps its words in ``text``. The reference range has either end optional; a value
/// outside it is flagged high or low (``flag``).
///
/// ```swift
/// let hba1c = HealthObservation(
///     name: "HbA1c", loinc: "4548-4", value: 5.9, unit: "%", low: 4, high: Decimal(string: "5.6"),
///     effective: "2026-10-01")
/// hba1c.flag  // .high
/// ```
public struct HealthObservation: HealthEntry {
    public static let kind = HealthEntryKind.observation
    /// The largest magnitude a value may have: beyond it, a number is a typing slip, not a measurement.
    public static let largestValue: Decimal = 1_000_000_000

    public var id: UUID
    /// Laboratory result or vital sign.
    public var category: ObservationCategory
    /// What was measured ("HbA1c", "Glucose").
    public var name: String
    /// Its LOINC code when known ("4548-4").
    public var loinc: String?
    /// The value, in ``unit``; nil for a result given only as ``text`` or as ``components``.
    public var value: Decimal?
    /// The UCUM code of the unit ("mg/dL"), or the unit as the lab wrote it.
    public var unit: String
    /// A result in words ("Positive"), for results that are not numbers.
    public var text: String
    /// The reference range, either end optional.
    public var low: Decimal?
    public var high: Decimal?
    /// Measured parts (a blood pressure's systolic and diastolic values).
    public var components: [ObservationComponent]
    /// When it was measured: a day ("2026-10-01") or an ISO 8601 time ("2026-10-01T08:30:00+02:00").
    public var effective: String?
    public var comment: String

    public init(
        id: UUID = UUID(), category: ObservationCategory = .laboratory, name: String, loinc: String? = nil,
        value: Decimal? = nil, unit: String = "", text: String = "", low: Decimal? = nil, high: Decimal? = nil,
        components: [ObservationComponent] = [], effective: String? = nil, comment: String = ""
    ) {
        self.id = id
        self.category = category
        self.name = name
        self.loinc = loinc
        self.value = value
        self.unit = unit
        self.text = text
        self.low = low
        self.high = high
        self.components = components
        self.effective = effective
        self.comment = comment
    }

    enum CodingKeys: String, CodingKey {
        case id, category, name, loinc, value, unit, text, low, high, components, effective, comment
    }

    /// Reads an observation; members other than `id` and `name` may be left out (a hand-written export).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        category = try container.decodeIfPresent(ObservationCategory.self, forKey: .category) ?? .laboratory
        name = try container.decode(String.self, forKey: .name)
        loinc = try container.decodeIfPresent(String.self, forKey: .loinc)
        value = try container.decodeIfPresent(Decimal.self, forKey: .value)
        unit = try container.decodeIfPresent(String.self, forKey: .unit) ?? ""
        text = try container.decodeIfPresent(String.self, forKey: .text) ?? ""
        low = try container.decodeIfPresent(Decimal.self, forKey: .low)
        high = try container.decodeIfPresent(Decimal.self, forKey: .high)
        components = try container.decodeIfPresent([ObservationComponent].self, forKey: .components) ?? []
        effective = try container.decodeIfPresent(String.self, forKey: .effective)
        comment = try container.decodeIfPresent(String.self, forKey: .comment) ?? ""
    }

    /// The day it was measured on (the day written in ``effective``).
    public var date: CalendarDay? { effective.flatMap { CalendarDay(iso: $0.prefix(10)) } }

    /// High or low against the reference range (for a blood pressure, the first component out of range).
    public var flag: ObservationFlag? {
        ObservationFlag.of(value, low: low, high: high) ?? components.lazy.compactMap(\.flag).first
    }

    /// Whether ``unit`` is one of the UCUM units Hearth knows (an empty unit counts as known).
    public var unitIsKnown: Bool { unit.isEmpty || UCUMUnits.isKnown(unit) }

    /// The vital sign this is, when it is one.
    public var vitalSign: VitalSign? { category == .vitalSign ? VitalSign.of(loinc: loinc) : nil }

    /// "5.9 %", "128/84 mm[Hg]", or the result in words.
    public var valueDescription: String {
        if components.count == 2, category == .vitalSign {
            return "\(components[0].value)/\(components[1].value) \(components[0].unit)"
        }
        if let value { return unit.isEmpty ? "\(value)" : "\(value) \(unit)" }
        if !components.isEmpty {
            return components.map { "\($0.name) \($0.value) \($0.unit)" }.joined(separator: ", ")
        }
        return text
    }

    public func problems() -> [String] {
        var problems: [String] = []
        let label = name.isEmpty ? "An observation" : "\(name)"
        if name.trimmingCharacters(in: .whitespaces).isEmpty {
            problems.append("An observation needs a name, such as HbA1c or Glucose")
        }
        if let loinc, let problem = LOINCCode.problem(loinc) { problems.append(problem) }
        if value == nil, components.isEmpty, text.trimmingCharacters(in: .whitespaces).isEmpty {
            problems.append("\(label) needs a value, such as 5.9, or a result in words")
        }
        problems += Self.numberProblems(value, "\(label)'s value")
        problems += Self.numberProblems(low, "\(label)'s low end of the reference range")
        problems += Self.numberProblems(high, "\(label)'s high end of the reference range")
        if let low, let high, low > high {
            problems.append(
                "\(label)'s reference range runs from \(low) down to \(high); give the low end first (low ≤ high)")
        }
        for component in components {
            problems += Self.numberProblems(component.value, "\(component.name)'s value")
            if let low = component.low, let high = component.high, low > high {
                problems.append("\(component.name)'s reference range has low \(low) above high \(high)")
            }
            if let loinc = component.loinc, let problem = LOINCCode.problem(loinc) { problems.append(problem) }
        }
        if let effective, !Self.isDateTime(effective) {
            problems.append(
                "\(label)'s date \"\(effective)\" is not a date; write yyyy-MM-dd or an ISO 8601 time such as 2026-10-01T08:30:00Z"
            )
        }
        if let vital = vitalSign, !vital.units.contains(unit) {
            problems.append(
                "\(vital.name) is recorded in \(vital.units.joined(separator: " or ")), not \"\(unit)\"")
        }
        return problems
    }

    static func numberProblems(_ number: Decimal?, _ what: String) -> [String] {
        guard let number else { return [] }
        if number.isNaN || !number.isFinite { return ["\(what) is not a number; give one such as 5.9"] }
        if abs(number) >= largestValue {
            return ["\(what) \(number) is too large to be a measurement; check the number and its unit"]
        }
        return []
    }

    /// Whether `text` is a day ("2026-10-01") or an ISO 8601 date-time with a time zone, as ``effective`` takes.
    public static func isDateTime(_ text: String) -> Bool {
        if text.count == 10 { return CalendarDay(iso: text) != nil }
        guard text.count <= 40, CalendarDay(iso: text.prefix(10)) != nil else { return false }
        return (try? Date(text, strategy: .iso8601)) != nil
            || (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))) != nil
    }

    /// The moment it was measured, for charts: the time written, or noon UTC of the day.
    public var effectiveDate: Date? {
        guard let effective else { return nil }
        if effective.count == 10 { return date?.date(hour: 12, in: TimeZone(identifier: "UTC")!) }
        return (try? Date(effective, strategy: .iso8601))
            ?? (try? Date(effective, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }
}
