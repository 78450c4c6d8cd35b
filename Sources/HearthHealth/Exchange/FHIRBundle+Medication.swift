import Foundation
import HearthCore

/// Medications in FHIR R4: a `MedicationStatement` whose `dosage` carries the dose (`doseAndRate.doseQuantity`),
/// the route (text) and the timing (`timing.repeat`: `timeOfDay` for each local time, `frequency` the number
/// of times, `period` N with `periodUnit` `d` for every N days, `boundsPeriod` the start and end days).
extension FHIRBundle {
    /// The `MedicationStatement` of `entry`, a medication, as of `today` (active until its end date passes).
    static func medicationStatement(
        _ entry: DrugEntry, _ medication: Medication, subject: [String: Any], today: CalendarDay
    ) -> [String: Any] {
        var bounds: [String: Any] = ["start": medication.startDate.iso]
        if let end = medication.endDate { bounds["end"] = end.iso }
        let ended = medication.endDate.map { $0 < today } ?? false
        let times = medication.times.sorted()
        var repeating: [String: Any] = [
            "frequency": times.count, "period": medication.everyDays, "periodUnit": "d", "boundsPeriod": bounds,
        ]
        repeating["timeOfDay"] = times.map { "\($0):00" }
        var dosage: [String: Any] = [
            "text": "\(medication.dose) \(medication.unit) at \(times.map(\.description).joined(separator: ", "))"
                + (medication.everyDays == 1 ? " every day" : " every \(medication.everyDays) days"),
            "timing": ["repeat": repeating],
            "doseAndRate": [
                ["doseQuantity": ["value": NSDecimalNumber(decimal: medication.dose), "unit": medication.unit]]
            ],
        ]
        if !medication.route.isEmpty { dosage["route"] = ["text": medication.route] }
        var resource: [String: Any] = [
            "resourceType": "MedicationStatement", "status": ended ? "completed" : "active", "subject": subject,
            "medicationCodeableConcept": ["text": medication.name],
            "effectivePeriod": bounds, "dosage": [dosage],
        ]
        if !entry.comment.isEmpty { resource["note"] = [["text": entry.comment]] }
        return resource
    }

    /// The medication a dosage's timing describes (daily or every N days at times of day, with a dose), or nil
    /// when it does not describe one Hearth keeps (no times of day, another period unit, no dose).
    static func medication(name: String, dosage: [String: Any]?) -> Medication? {
        guard let dosage, let timing = (dosage["timing"] as? [String: Any])?["repeat"] as? [String: Any],
            let texts = timing["timeOfDay"] as? [String], (timing["periodUnit"] as? String ?? "d") == "d",
            let quantity = ((dosage["doseAndRate"] as? [[String: Any]])?.first?["doseQuantity"]) as? [String: Any],
            let value = quantity["value"] as? NSNumber, let unit = quantity["unit"] as? String
        else { return nil }
        let times = texts.compactMap { DoseTime($0.prefix(5)) }
        let bounds = timing["boundsPeriod"] as? [String: Any]
        guard times.count == texts.count, let start = day(bounds?["start"]) else { return nil }
        let medication = Medication(
            name: name, dose: Decimal(string: value.stringValue) ?? 0, unit: unit,
            route: conceptText(dosage["route"]) ?? "", times: times, everyDays: (timing["period"] as? Int) ?? 1,
            startDate: start, endDate: day(bounds?["end"]))
        return medication.problems().isEmpty ? medication : nil
    }
}
