public import Foundation
import HearthCore

/// The vital signs Hearth records for people, with the LOINC codes and UCUM units FHIR uses for them.
///
/// | vital | LOINC | units |
/// |---|---|---|
/// | blood pressure | panel 85354-9: systolic 8480-6, diastolic 8462-4 | mm[Hg] |
/// | heart rate | 8867-4 | /min |
/// | glucose | 2339-0 (mg/dL) or 15074-8 (mmol/L) | mg/dL, mmol/L |
/// | body temperature | 8310-5 | Cel, [degF] |
/// | body weight | 29463-7 | kg, [lb_av] |
public enum VitalSign: String, Sendable, Codable, CaseIterable {
    case bloodPressure = "blood-pressure"
    case heartRate = "heart-rate"
    case glucose
    case temperature
    case weight

    static let systolic = "8480-6"
    static let diastolic = "8462-4"

    /// The name shown for it.
    public var name: String {
        switch self {
        case .bloodPressure: "Blood pressure"
        case .heartRate: "Heart rate"
        case .glucose: "Glucose"
        case .temperature: "Body temperature"
        case .weight: "Body weight"
        }
    }

    /// The units it may be given in, the usual one first.
    public var units: [String] {
        switch self {
        case .bloodPressure: ["mm[Hg]"]
        case .heartRate: ["/min"]
        case .glucose: ["mg/dL", "mmol/L"]
        case .temperature: ["Cel", "[degF]"]
        case .weight: ["kg", "[lb_av]"]
        }
    }

    /// The LOINC code of a reading in `unit` (glucose has one per unit).
    public func loinc(unit: String) -> String {
        switch self {
        case .bloodPressure: "85354-9"
        case .heartRate: "8867-4"
        case .glucose: unit == "mmol/L" ? "15074-8" : "2339-0"
        case .temperature: "8310-5"
        case .weight: "29463-7"
        }
    }

    /// The vital sign a LOINC code stands for.
    public static func of(loinc: String?) -> VitalSign? {
        guard let loinc else { return nil }
        return allCases.first { vital in vital.units.contains { vital.loinc(unit: $0) == loinc } }
    }

    /// A reading of this vital sign as an observation (blood pressure takes `value` as systolic and `second` as
    /// diastolic, as components).
    /// - Throws: ``ServiceError`` when the unit is not one of ``units`` or a blood pressure lacks a diastolic value.
    public func observation(
        value: Decimal, second: Decimal? = nil, unit given: String? = nil, effective: String?, comment: String = ""
    ) throws -> HealthObservation {
        let unit = given.map(UCUMUnits.normalized) ?? units[0]
        guard units.contains(unit) else {
            throw ServiceError.validationFailed(
                "\(name) is recorded in \(units.joined(separator: " or ")), not \"\(given ?? "")\"; give one of those units"
            )
        }
        if self == .bloodPressure {
            // Flagged from stage 1 hypertension on: 130 systolic or 80 diastolic.
            guard let second else {
                throw ServiceError.validationFailed(
                    "A blood pressure needs the systolic and the diastolic value, such as --systolic 120 --diastolic 80"
                )
            }
            return HealthObservation(
                category: .vitalSign, name: name, loinc: loinc(unit: unit), unit: unit,
                components: [
                    ObservationComponent(
                        name: "Systolic blood pressure", loinc: Self.systolic, value: value, unit: unit, high: 129),
                    ObservationComponent(
                        name: "Diastolic blood pressure", loinc: Self.diastolic, value: second, unit: unit, high: 79),
                ], effective: effective, comment: comment)
        }
        return HealthObservation(
            category: .vitalSign, name: name, loinc: loinc(unit: unit), value: value, unit: unit,
            effective: effective, comment: comment)
    }
}
