import Foundation
import HearthCore

/// Lab results and vital signs as FHIR R4 `Observation`s, both ways.
///
/// Export: `category` laboratory or vital-signs, `code` with the LOINC coding when known, `valueQuantity`
/// (UCUM system and code when the unit is a known UCUM code), `referenceRange` low/high, `interpretation`
/// H or L (v3-ObservationInterpretation) when out of range, and `component`s for a blood pressure panel.
/// Import reads the same back as numbers; a result in words (`valueString`, `valueCodeableConcept`) keeps its
/// words; a `valueQuantity` that is not a number is refused, naming the resource.
extension FHIRBundle {
    static let ucum = "http://unitsofmeasure.org"
    static let categorySystem = "http://terminology.hl7.org/CodeSystem/observation-category"
    static let interpretationSystem = "http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation"

    // MARK: Export

    static func resource(_ observation: HealthObservation, subject: [String: Any]) -> [String: Any] {
        var resource: [String: Any] = [
            "resourceType": "Observation", "status": "final", "subject": subject,
            "category": [
                [
                    "coding": [
                        [
                            "system": categorySystem, "code": observation.category.rawValue,
                            "display": observation.category == .laboratory ? "Laboratory" : "Vital Signs",
                        ]
                    ]
                ]
            ],
            "code": concept(observation.name, loinc: observation.loinc),
        ]
        if let effective = observation.effective { resource["effectiveDateTime"] = effective }
        if let value = observation.value {
            resource["valueQuantity"] = quantity(value, unit: observation.unit)
        } else if observation.components.isEmpty, !observation.text.isEmpty {
            resource["valueString"] = observation.text
        }
        if let range = referenceRange(observation.low, observation.high, unit: observation.unit) {
            resource["referenceRange"] = [range]
        }
        if let flag = ObservationFlag.of(observation.value, low: observation.low, high: observation.high) {
            resource["interpretation"] = [interpretation(flag)]
        }
        if !observation.components.isEmpty {
            resource["component"] = observation.components.map { component -> [String: Any] in
                var part: [String: Any] = [
                    "code": concept(component.name, loinc: component.loinc),
                    "valueQuantity": quantity(component.value, unit: component.unit),
                ]
                if let range = referenceRange(component.low, component.high, unit: component.unit) {
                    part["referenceRange"] = [range]
                }
                if let flag = component.flag { part["interpretation"] = [interpretation(flag)] }
                return part
            }
        }
        if !observation.comment.isEmpty { resource["note"] = [["text": observation.comment]] }
        return resource
    }

    static func concept(_ name: String, loinc code: String?) -> [String: Any] {
        var concept: [String: Any] = ["text": name]
        if let code { concept["coding"] = [["system": loinc, "code": code, "display": name]] }
        return concept
    }

    static func quantity(_ value: Decimal, unit: String) -> [String: Any] {
        var quantity: [String: Any] = ["value": NSDecimalNumber(decimal: value)]
        if !unit.isEmpty {
            quantity["unit"] = unit
            if UCUMUnits.isKnown(unit) {
                quantity["system"] = ucum
                quantity["code"] = unit
            }
        }
        return quantity
    }

    static func referenceRange(_ low: Decimal?, _ high: Decimal?, unit: String) -> [String: Any]? {
        guard low != nil || high != nil else { return nil }
        var range: [String: Any] = [:]
        if let low { range["low"] = quantity(low, unit: unit) }
        if let high { range["high"] = quantity(high, unit: unit) }
        return range
    }

    static func interpretation(_ flag: ObservationFlag) -> [String: Any] {
        ["coding": [["system": interpretationSystem, "code": flag.rawValue, "display": flag.word]], "text": flag.word]
    }

    // MARK: Import

    /// What one `Observation` becomes.
    enum ObservationImport {
        case observation(HealthObservation)
        case blood(BloodEntry)
        case skipped(String)
    }

    /// Reads an `Observation`.
    /// - Throws: ``ServiceError`` naming the resource when a `valueQuantity` or range is malformed.
    static func observation(_ resource: [String: Any], file: String) throws -> ObservationImport {
        let name = conceptText(resource["code"]) ?? "Observation"
        let where_ =
            "\(file): Observation \((resource["id"] as? String).map { "\"\($0)\" " } ?? "")(\(name))"
        let loincCode = loincCoding(resource["code"])
        let categories = codes(resource["category"])
        let category: ObservationCategory
        if categories.contains("laboratory") {
            category = .laboratory
        } else if categories.contains("vital-signs") || VitalSign.of(loinc: loincCode) != nil {
            category = .vitalSign
        } else {
            return .skipped(
                "observations other than laboratory results and vital signs (social history, surveys…) have no place in a Hearth record"
            )
        }
        let effective = (resource["effectiveDateTime"] as? String ?? resource["issued"] as? String).flatMap {
            HealthObservation.isDateTime($0) ? $0 : ($0.count >= 10 ? String($0.prefix(10)) : nil)
        }
        var observation = HealthObservation(
            category: category, name: name, loinc: loincCode, effective: effective, comment: notes(resource))
        if let value = resource["valueQuantity"] {
            let (number, unit) = try read(value, at: "valueQuantity", where_)
            observation.value = number
            observation.unit = unit
        } else if let text = resource["valueString"] as? String {
            observation.text = text
        } else if let concept = conceptText(resource["valueCodeableConcept"]) {
            observation.text = concept
        } else if let integer = resource["valueInteger"] as? NSNumber {
            observation.value = Decimal(string: integer.stringValue)
        } else if let flag = resource["valueBoolean"] as? Bool {
            observation.text = flag ? "Yes" : "No"
        }
        if let range = (resource["referenceRange"] as? [[String: Any]])?.first {
            (observation.low, observation.high) = try bounds(range, at: "referenceRange[0]", where_)
        }
        for (index, part) in (resource["component"] as? [[String: Any]] ?? []).enumerated() {
            guard let value = part["valueQuantity"] else { continue }
            let (number, unit) = try read(value, at: "component[\(index)].valueQuantity", where_)
            guard let number else { continue }
            var component = ObservationComponent(
                name: conceptText(part["code"]) ?? "Component \(index + 1)", loinc: loincCoding(part["code"]),
                value: number, unit: unit)
            if let range = (part["referenceRange"] as? [[String: Any]])?.first {
                (component.low, component.high) = try bounds(
                    range, at: "component[\(index)].referenceRange[0]", where_)
            }
            observation.components.append(component)
            if observation.unit.isEmpty { observation.unit = unit }
        }
        if observation.value == nil, observation.components.isEmpty {
            if observation.text.isEmpty { return .skipped("an observation without a value") }
            if loincCode == nil, category == .laboratory {
                // A lab note in words without a code: the record's blood list keeps those.
                return .blood(
                    BloodEntry(
                        date: observation.date, name: name,
                        comment: [observation.text, observation.comment].filter { !$0.isEmpty }.joined(separator: ". "))
                )
            }
        }
        let problems = observation.problems()
        guard problems.isEmpty else {
            throw ServiceError.validationFailed("\(where_): " + problems.joined(separator: "; "))
        }
        return .observation(observation)
    }

    /// The LOINC code of a concept, when it has one.
    static func loincCoding(_ value: Any?) -> String? {
        ((value as? [String: Any])?["coding"] as? [[String: Any]])?.first { $0["system"] as? String == loinc }?["code"]
            as? String
    }

    /// A Quantity's value and UCUM unit; nil value for a Quantity without one.
    static func read(_ value: Any, at path: String, _ where_: String) throws -> (Decimal?, String) {
        guard let quantity = value as? [String: Any] else {
            throw ServiceError.validationFailed(
                "\(where_): \(path) is not a Quantity object; write {\"value\": 5.4, \"unit\": \"mmol/L\", \"system\": \"\(ucum)\", \"code\": \"mmol/L\"}"
            )
        }
        let unit: String
        if quantity["system"] as? String == ucum, let code = quantity["code"] as? String {
            unit = code
        } else {
            unit = UCUMUnits.normalized(quantity["unit"] as? String ?? quantity["code"] as? String ?? "")
        }
        guard let raw = quantity["value"] else { return (nil, unit) }
        guard type(of: raw) != Bool.self, let number = raw as? NSNumber, !isBoolean(number),
            let decimal = Decimal(string: number.stringValue),
            decimal.isFinite, !decimal.isNaN
        else {
            throw ServiceError.validationFailed(
                "\(where_): \(path).value is \(String(describing: raw)), not a number; a Quantity's value is a JSON number such as 5.4"
            )
        }
        guard abs(decimal) < HealthObservation.largestValue else {
            throw ServiceError.validationFailed(
                "\(where_): \(path).value \(decimal) is too large to be a measurement; check the source")
        }
        return (decimal, unit)
    }

    /// Whether JSON gave `true` or `false` (Foundation reads them as numbers of Objective-C type "c").
    static func isBoolean(_ number: NSNumber) -> Bool { String(cString: number.objCType) == "c" }

    static func bounds(_ range: [String: Any], at path: String, _ where_: String) throws -> (Decimal?, Decimal?) {
        let low = try range["low"].flatMap { try read($0, at: path + ".low", where_).0 }
        let high = try range["high"].flatMap { try read($0, at: path + ".high", where_).0 }
        return (low, high)
    }
}
