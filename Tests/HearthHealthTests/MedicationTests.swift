import Foundation
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthHealth

/// Medications on a schedule, their doses and adherence, on a real in-memory database with a clock the tests set.
@Suite struct MedicationTests {
    static func at(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }
    static let day = HealthFixtures.day
    static func time(_ text: String) -> DoseTime { DoseTime(text)! }
    static func slot(_ day: String, _ time: String) -> DoseSlot { DoseSlot(day: Self.day(day), time: Self.time(time)) }

    /// Metformin 500 mg at 08:00 and 20:00 every day from Monday 2026-11-16 (ISO week 2026-W47).
    static let metformin = Medication(
        name: "Metformin", dose: 500, unit: "mg", route: "oral", times: [time("20:00"), time("08:00")],
        startDate: day("2026-11-16"))

    static func anna(_ service: HealthRecordService) async throws -> MedicalRecord {
        var anna = MedicalRecord()
        anna.personalGivenName = "Anna"
        return try await service.createRecord(anna)
    }

    @Test func timesOfDayReadOnlyRealTimes() {
        #expect(DoseTime("08:00")?.description == "08:00" && DoseTime("8:05")?.minutes == 485)
        for bad in ["24:00", "12:60", "8", "08:0", "ab:cd", "", "08:00:00", "-1:00", "０８:００"] {
            #expect(DoseTime(bad) == nil, "\(bad)")
        }
    }

    @Test func aMedicationIsADrugEntryWithASchedule() async throws {
        let (service, _) = try HealthFixtures.service(now: Self.at("2026-11-16T07:00:00Z"))
        let anna = try await Self.anna(service)
        let entry = try await service.addMedication(Self.metformin, notes: "with food", to: anna.uuid)
        let entries = try await service.entries(of: anna.uuid)
        #expect(entries.drugs.count == 1)
        #expect(entries.drugs[0].nameAndDosage == "Metformin 500 mg")
        #expect(entries.drugs[0].date == Self.day("2026-11-16") && entries.drugs[0].comment == "with food")
        var sorted = Self.metformin
        sorted.times = [Self.time("08:00"), Self.time("20:00")]
        #expect(entries.drugs[0].medication == sorted)
        let listed = try await service.medications()
        #expect(listed.map(\.entry.id) == [entry.id] && listed[0].recordName == "Anna")
        // A plain drug entry is not a medication.
        let plain = try await service.addEntry(DrugEntry(nameAndDosage: "Aspirin"), to: anna.uuid)
        #expect(try await service.medications(of: anna.uuid).count == 1)
        await #expect(throws: ServiceError.self) { try await service.medication(plain.id) }
    }

    @Test func badSchedulesAreRefusedWithWhatToDoAndNothingIsStored() async throws {
        let (service, _) = try HealthFixtures.service(now: Self.at("2026-11-16T07:00:00Z"))
        let anna = try await Self.anna(service)
        func refused(_ change: (inout Medication) -> Void, notes: String = "", _ expected: String) async {
            var medication = Self.metformin
            change(&medication)
            do {
                try await service.addMedication(medication, notes: notes, to: anna.uuid)
                Issue.record("accepted: \(expected)")
            } catch let error as ServiceError {
                #expect(error.message.contains(expected), "\(error.message)")
            } catch {
                Issue.record("\(error)")
            }
        }
        await refused(
            { $0.endDate = Self.day("2026-11-15") },
            "The end date 2026-11-15 is before the start date 2026-11-16; give an end on or after the start")
        await refused({ $0.times = [] }, "A medication needs at least one time of day, such as --time 08:00")
        await refused(
            { $0.times = [Self.time("08:00"), Self.time("8:00")] },
            "The time 08:00 is given twice; give each time of day once")
        await refused({ $0.name = "  " }, "A medication needs a name")
        await refused({ $0.dose = 0 }, "The dose 0 is not a dose")
        await refused({ $0.unit = "" }, "A dose needs a unit")
        await refused({ $0.everyDays = 0 }, "Every 0 days is not a schedule")
        await refused(
            { $0.times = (0..<25).map { DoseTime(hour: $0 % 24, minute: $0 / 24)! } }, "25 times a day is too many")
        await refused(
            { _ in }, notes: String(repeating: "x", count: Medication.notesLimit + 1),
            "The notes are 10001 characters; keep them to 10000")
        await refused({ $0.name = String(repeating: "n", count: 201) }, "keep it to 200")
        #expect(try await service.entries(of: anna.uuid).count == 0)
        // The largest notes allowed are kept whole.
        let long = String(repeating: "ü", count: Medication.notesLimit)
        let entry = try await service.addMedication(Self.metformin, notes: long, to: anna.uuid)
        #expect(try await service.medication(entry.id).entry.comment == long)
        // A stored schedule keeps its rules when edited.
        await #expect(throws: ServiceError.self) {
            try await service.updateMedication(entry.id) { medication, _ in medication.times = [] }
        }
        #expect(try await service.medication(entry.id).medication.times.count == 2)
    }

    @Test func slotsFollowTheScheduleEveryNDaysUntilTheEnd() {
        var every3 = Self.metformin
        every3.times = [Self.time("09:30")]
        every3.everyDays = 3
        every3.endDate = Self.day("2026-11-25")
        // 16, 19, 22, 25 (the end day is included); asked from the 17th, the first is the 19th.
        #expect(
            MedicationSchedule.slots(of: every3, from: Self.day("2026-11-01"), through: Self.day("2026-12-31"))
                .map(\.description) == [
                    "2026-11-16 09:30", "2026-11-19 09:30", "2026-11-22 09:30", "2026-11-25 09:30",
                ])
        #expect(
            MedicationSchedule.slots(of: every3, from: Self.day("2026-11-17"), through: Self.day("2026-11-20"))
                .map(\.description) == ["2026-11-19 09:30"])
        #expect(every3.isDue(on: Self.day("2026-11-22")) && !every3.isDue(on: Self.day("2026-11-23")))
        #expect(!every3.isDue(on: Self.day("2026-11-28")))
        // Twice daily for a week: 14 doses, in order.
        let week = MedicationSchedule.slots(
            of: Self.metformin, from: Self.day("2026-11-16"), through: Self.day("2026-11-22"))
        #expect(week.count == 14 && week.first?.description == "2026-11-16 08:00")
        #expect(week.last?.description == "2026-11-22 20:00")
    }

    @Test func theNearestDoseIsFoundInTheLocalTimeZoneAcrossADaylightSavingChange() {
        let newYork = TimeZone(identifier: "America/New_York")!
        var daily = Self.metformin
        daily.times = [Self.time("08:00")]
        daily.startDate = Self.day("2026-10-30")
        // Daylight saving ends on 2026-11-01: 08:00 local is 12:00Z the day before, 13:00Z that day.
        #expect(
            MedicationSchedule.instant(of: Self.slot("2026-10-31", "08:00"), in: newYork)
                == Self.at("2026-10-31T12:00:00Z"))
        #expect(
            MedicationSchedule.instant(of: Self.slot("2026-11-01", "08:00"), in: newYork)
                == Self.at("2026-11-01T13:00:00Z"))
        #expect(
            MedicationSchedule.nearest(of: daily, to: Self.at("2026-11-01T13:05:00Z"), in: newYork)
                == Self.slot("2026-11-01", "08:00"))
        // Twice daily: 14:01 local is nearer 20:00 than 08:00? No: 6 h 1 min after 08:00, 5 h 59 min before 20:00.
        #expect(
            MedicationSchedule.nearest(of: Self.metformin, to: Self.at("2026-11-17T14:01:00Z"), in: HealthFixtures.utc)
                == Self.slot("2026-11-17", "20:00"))
        #expect(
            MedicationSchedule.nearest(of: Self.metformin, to: Self.at("2026-11-17T13:59:00Z"), in: HealthFixtures.utc)
                == Self.slot("2026-11-17", "08:00"))
        // Long before the start there is none.
        #expect(MedicationSchedule.nearest(of: Self.metformin, to: Self.at("2026-01-01T08:00:00Z"), in: .gmt) == nil)
    }

    @Test func isoWeeks() {
        #expect(MedicationAdherence.isoWeek(of: Self.day("2026-11-16")) == "2026-W47")
        #expect(MedicationAdherence.isoWeek(of: Self.day("2026-11-22")) == "2026-W47")
        #expect(MedicationAdherence.monday(of: Self.day("2026-11-22")) == Self.day("2026-11-16"))
        // 2027-01-01 is a Friday: it belongs to 2026's week 53. 2024-12-30 (a Monday) starts 2025-W01.
        #expect(MedicationAdherence.isoWeek(of: Self.day("2027-01-01")) == "2026-W53")
        #expect(MedicationAdherence.isoWeek(of: Self.day("2024-12-30")) == "2025-W01")
        #expect(MedicationAdherence.isoWeek(of: Self.day("2026-01-01")) == "2026-W01")
    }

    @Test func dosesTakenSkippedAndMissedMakeTheWeeksAdherence() async throws {
        let (service, clock) = try HealthFixtures.service(now: Self.at("2026-11-16T07:00:00Z"))
        let anna = try await Self.anna(service)
        let id = try await service.addMedication(Self.metformin, to: anna.uuid).id
        // Week 2026-W47, twice daily: 14 due. Taken 12, skipped 1 (Thursday evening), missed 1 (Saturday morning).
        let skipped = Self.slot("2026-11-19", "20:00")
        let missed = Self.slot("2026-11-21", "08:00")
        for slot in MedicationSchedule.slots(
            of: Self.metformin, from: Self.day("2026-11-16"), through: Self.day("2026-11-22"))
        where slot != missed {
            clock.set(MedicationSchedule.instant(of: slot, in: HealthFixtures.utc).addingTimeInterval(300))
            if slot == skipped {
                try await service.recordDose(of: id, slot: slot, status: .skipped, reason: "out of tablets")
            } else {
                // The dose nearest to now, taken five minutes late.
                let nearest = try await service.nearestDose(of: id)
                #expect(nearest == slot)
                try await service.recordDose(of: id, slot: nearest, status: .taken, takenAt: clock.now)
            }
        }
        // Monday of W48 at noon: the 08:00 dose is due and not taken; the 20:00 one is not due yet.
        clock.set(Self.at("2026-11-23T12:00:00Z"))
        let weeks = try await service.adherence(of: id, weeks: 3)
        #expect(weeks.map(\.week) == ["2026-W46", "2026-W47", "2026-W48"])
        #expect(weeks[0].due == 0 && weeks[0].percent == nil)
        #expect(weeks[1].due == 14 && weeks[1].taken == 12 && weeks[1].skipped == 1 && weeks[1].missed == 1)
        #expect(weeks[1].percent == 85.7)
        #expect(weeks[2].due == 1 && weeks[2].taken == 0 && weeks[2].missed == 1 && weeks[2].percent == 0)

        let doses = try await service.doses(of: id)
        #expect(doses.count == 13)
        #expect(doses.first { $0.slot == skipped }?.reason == "out of tablets")
        #expect(doses.first { $0.slot == Self.slot("2026-11-16", "08:00") }?.takenAt == Self.at("2026-11-16T08:05:00Z"))
    }

    @Test func recordingADoseAgainKeepsOneRecordAndOddDosesAreRefused() async throws {
        let (service, clock) = try HealthFixtures.service(now: Self.at("2026-11-17T08:10:00Z"))
        let anna = try await Self.anna(service)
        let id = try await service.addMedication(Self.metformin, to: anna.uuid).id
        let slot = Self.slot("2026-11-17", "08:00")
        try await service.recordDose(of: id, slot: slot, status: .skipped, reason: "nausea")
        clock.advance(by: 600)
        let again = try await service.recordDose(of: id, slot: slot, status: .taken, takenAt: clock.now)
        let doses = try await service.doses(of: id)
        #expect(doses == [again] && doses[0].status == .taken && doses[0].reason == "")
        #expect(doses[0].id == DoseRecord.id(medication: id, slot: slot))

        func refused(_ slot: DoseSlot, _ expected: String, reason: String = "") async {
            do {
                try await service.recordDose(of: id, slot: slot, status: .skipped, reason: reason)
                Issue.record("accepted \(slot)")
            } catch let error as ServiceError {
                #expect(error.message.contains(expected), "\(error.message)")
            } catch {
                Issue.record("\(error)")
            }
        }
        await refused(
            Self.slot("2026-11-17", "09:00"),
            "No dose of Metformin is due at 2026-11-17 09:00; the nearest is 2026-11-17 08:00")
        await refused(Self.slot("2026-11-10", "08:00"), "No dose of Metformin is due at 2026-11-10 08:00")
        await refused(
            Self.slot("2026-11-19", "08:00"),
            "The dose of Metformin at 2026-11-19 08:00 is more than a day ahead; record it when it is due")
        await refused(
            Self.slot("2026-11-17", "20:00"), "keep it to 1000",
            reason: String(repeating: "r", count: DoseRecord.reasonLimit + 1))
        // A stranger's id, and a drug entry that is no medication.
        await #expect(throws: ServiceError.self) {
            try await service.recordDose(of: UUID(), slot: slot, status: .taken)
        }
        #expect(try await service.doses(of: id).count == 1)
        // The medication and its one dose, nothing more.
        #expect(try await service.entries(of: anna.uuid).count == 2)
    }

    @Test func stoppingEditingAndDeleting() async throws {
        let (service, clock) = try HealthFixtures.service(now: Self.at("2026-11-17T08:10:00Z"))
        let anna = try await Self.anna(service)
        let id = try await service.addMedication(Self.metformin, to: anna.uuid).id
        try await service.recordDose(of: id, slot: Self.slot("2026-11-17", "08:00"), status: .taken)
        let edited = try await service.updateMedication(id) { medication, notes in
            medication.dose = 850
            notes = "after breakfast"
        }
        #expect(edited.nameAndDosage == "Metformin 850 mg" && edited.comment == "after breakfast")
        await #expect(throws: ServiceError.self) { try await service.stopMedication(id, on: Self.day("2026-11-01")) }
        clock.advance(days: 2)
        let stopped = try await service.stopMedication(id)
        #expect(stopped.medication?.endDate == Self.day("2026-11-19"))
        #expect(
            MedicationSchedule.slots(
                of: stopped.medication!, from: Self.day("2026-11-19"), through: Self.day("2026-12-31")
            ).count == 2)
        try await service.deleteMedication(id)
        #expect(try await service.entries(of: anna.uuid).count == 0)
        // Removed as a plain drug entry, a medication takes its doses along too.
        let again = try await service.addMedication(Self.metformin, to: anna.uuid).id
        try await service.recordDose(of: again, slot: Self.slot("2026-11-19", "08:00"), status: .taken)
        #expect(try await service.entries(of: anna.uuid).count == 2)
        try await service.removeEntry(DrugEntry.self, id: again)
        #expect(try await service.entries(of: anna.uuid).count == 0)
        await #expect(throws: ServiceError.self) { try await service.doses(of: id) }
    }
}
