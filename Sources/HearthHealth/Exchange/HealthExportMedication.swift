import Foundation
import HearthCore

/// A medication in the `hearthExtensions` of JSON export version 1: the schedule of the drug at `drugIndex`
/// in the export's `drugs`, and what became of its doses.
struct HealthExportMedication: Codable, Equatable {
    /// A recorded dose.
    struct Dose: Codable, Equatable {
        var date = HealthExportV1.Day(nil)
        /// "08:00".
        var time = ""
        /// "taken" or "skipped".
        var status = ""
        /// ISO 8601 in UTC, or "" for a skipped dose.
        var takenAt = ""
        var reason = ""
        /// ISO 8601 in UTC.
        var recordedAt = ""
    }

    /// The position of its drug entry in `drugs`.
    var drugIndex = 0
    var name = ""
    var dose: Decimal = 0
    var unit = ""
    var route = ""
    /// "08:00", "20:00"…
    var times: [String] = []
    var everyDays = 1
    var startDate = HealthExportV1.Day(nil)
    var endDate = HealthExportV1.Day(nil)
    var doses: [Dose] = []
}

extension HealthExportMedication {
    /// The export of the medication of drug entry `entry` at `index`, with its `doses`.
    init(_ medication: Medication, index: Int, doses: [DoseRecord]) {
        drugIndex = index
        name = medication.name
        dose = medication.dose
        unit = medication.unit
        route = medication.route
        times = medication.times.map(\.description)
        everyDays = medication.everyDays
        startDate = HealthExportV1.Day(medication.startDate)
        endDate = HealthExportV1.Day(medication.endDate)
        self.doses = doses.sorted { $0.slot < $1.slot }.map {
            Dose(
                date: HealthExportV1.Day($0.slot.day), time: $0.slot.time.description, status: $0.status.rawValue,
                takenAt: $0.takenAt.map(Formatting.iso8601) ?? "", reason: $0.reason,
                recordedAt: Formatting.iso8601($0.recordedAt))
        }
    }

    /// The medication it describes, or the problems that keep it from being one.
    func restored() throws -> Medication {
        var problems: [String] = []
        var parsed: [DoseTime] = []
        for text in times {
            if let time = DoseTime(text) {
                parsed.append(time)
            } else {
                problems.append("the time \"\(text)\" is not a time of day; write HH:mm, such as 08:00")
            }
        }
        guard let start = startDate.value else {
            throw ServiceError.validationFailed(
                "hearthExtensions.medications[\(drugIndex)] (\(name)) has no startDate; give one as yyyy-MM-dd")
        }
        let medication = Medication(
            name: name, dose: dose, unit: unit, route: route, times: parsed, everyDays: everyDays, startDate: start,
            endDate: endDate.value)
        problems += medication.problems()
        guard problems.isEmpty else {
            throw ServiceError.validationFailed(
                "hearthExtensions medication \"\(name)\": " + problems.joined(separator: "; "))
        }
        return medication
    }

    /// The recorded doses, for the drug entry `medicationID`.
    func restoredDoses(medicationID: UUID) throws -> [DoseRecord] {
        try doses.map { dose in
            guard let day = dose.date.value, let time = DoseTime(dose.time),
                let status = DoseRecord.Status(rawValue: dose.status),
                let recordedAt = Self.instant(dose.recordedAt)
            else {
                throw ServiceError.validationFailed(
                    "hearthExtensions medication \"\(name)\": the dose \"\(dose.date.value?.iso ?? "") \(dose.time)\" (\(dose.status)) cannot be read; each dose needs a date, a time HH:mm, taken or skipped, and recordedAt"
                )
            }
            return DoseRecord(
                medicationID: medicationID, slot: DoseSlot(day: day, time: time), status: status,
                takenAt: Self.instant(dose.takenAt), reason: dose.reason, recordedAt: recordedAt)
        }
    }

    static func instant(_ text: String) -> Date? {
        text.isEmpty ? nil : try? Date(text, strategy: .iso8601)
    }
}
