public import Foundation
import GRDB
public import HearthCore
import HearthStore

extension HealthRecordService {
    /// The medications (drug entries with a schedule) of every record, or of the record `uuid`, by record then
    /// in the order they were added.
    public func medications(of uuid: String? = nil) async throws -> [ScheduledMedication] {
        try await database.read { db in
            if let uuid, try !Self.exists(db, uuid) { throw ServiceError.notFound("Medical record \(uuid)") }
            var result: [ScheduledMedication] = []
            for record in try Self.decodeRecords(db, sql: "SELECT payload FROM healthRecord ORDER BY sortKey, uuid")
            where uuid == nil || record.uuid == uuid {
                for entry in try Self.fetchEntries(db, record.uuid).drugs where entry.medication != nil {
                    result.append(
                        ScheduledMedication(recordID: record.uuid, recordName: record.displayName, entry: entry))
                }
            }
            return result
        }
    }

    /// The medication whose drug entry is `id`.
    public func medication(_ id: UUID) async throws -> ScheduledMedication {
        try await database.read { db in try Self.fetchMedication(db, id) }
    }

    /// Adds a medication to the record `uuid`: a drug entry named after it ("Metformin 500 mg"), dated its start,
    /// with `notes` as its comment and its times of day in order.
    /// - Throws: ``ServiceError`` naming every problem with it (nothing is stored then).
    @discardableResult
    public func addMedication(_ medication: Medication, notes: String = "", to uuid: String) async throws -> DrugEntry {
        var medication = medication
        medication.times.sort()
        var entry = DrugEntry(date: medication.startDate, nameAndDosage: medication.nameAndDosage, comment: notes)
        entry.medication = medication
        return try await addEntry(entry, to: uuid)
    }

    /// Changes the medication `id` (its schedule and its notes), checked as a new one is.
    @discardableResult
    public func updateMedication(
        _ id: UUID, _ change: @escaping @Sendable (inout Medication, inout String) -> Void
    ) async throws -> DrugEntry {
        let found = try await medication(id)
        var medication = found.medication
        var notes = found.entry.comment
        change(&medication, &notes)
        medication.times.sort()
        var entry = found.entry
        entry.medication = medication
        entry.comment = notes
        entry.date = medication.startDate
        entry.nameAndDosage = medication.nameAndDosage
        return try await updateEntry(entry, in: found.recordID)
    }

    /// Ends the medication `id` on `day` (today when nil): no dose is due after it.
    /// - Throws: ``ServiceError`` when `day` is before its start (delete it instead).
    @discardableResult
    public func stopMedication(_ id: UUID, on day: CalendarDay? = nil) async throws -> DrugEntry {
        let end = day ?? today
        let found = try await medication(id)
        guard end >= found.medication.startDate else {
            throw ServiceError.validationFailed(
                "\(found.medication.name) starts on \(found.medication.startDate), after \(end); give a later day, or delete it (hearth health meds delete)"
            )
        }
        return try await updateMedication(id) { medication, _ in medication.endDate = end }
    }

    /// Deletes the medication `id` and the records of its doses.
    public func deleteMedication(_ id: UUID) async throws {
        let time = now()
        try await database.write { db in
            let found = try Self.fetchMedication(db, id)
            let doses = try Self.fetchEntries(db, found.recordID).doses.filter { $0.medicationID == id }
            for dose in doses { try db.execute(sql: "DELETE FROM healthEntry WHERE id = ?", arguments: [dose.id]) }
            try db.execute(sql: "DELETE FROM healthEntry WHERE id = ?", arguments: [id])
            try self.touch(db, found.recordID, at: time)
        }
    }

    /// The recorded doses of the medication `id`, in slot order.
    public func doses(of id: UUID) async throws -> [DoseRecord] {
        try await database.read { db in
            let found = try Self.fetchMedication(db, id)
            return try Self.fetchEntries(db, found.recordID).doses.filter { $0.medicationID == id }
                .sorted { $0.slot < $1.slot }
        }
    }

    /// The scheduled dose of medication `id` nearest to `date` (now when nil).
    public func nearestDose(of id: UUID, to date: Date? = nil) async throws -> DoseSlot {
        let found = try await medication(id)
        let at = date ?? now()
        guard let slot = MedicationSchedule.nearest(of: found.medication, to: at, in: timeZone) else {
            throw ServiceError.validationFailed(
                "No dose of \(found.medication.name) is due near \(Formatting.iso8601(at)) (it runs from \(found.medication.startDate)\(found.medication.endDate.map { " to \($0)" } ?? "")); give the dose with --dose \"yyyy-MM-dd HH:mm\""
            )
        }
        return slot
    }

    /// Records what became of the dose `slot` of medication `id`: taken at `takenAt`, or skipped for `reason`.
    /// Recording a dose again replaces what was recorded (the record's id is the same for the same dose on
    /// every device, so sync keeps one).
    /// - Throws: ``ServiceError`` when `slot` is not one of its scheduled doses, is more than a day ahead, or
    ///   the values are not acceptable.
    @discardableResult
    public func recordDose(
        of id: UUID, slot: DoseSlot, status: DoseRecord.Status, takenAt: Date? = nil, reason: String = ""
    ) async throws -> DoseRecord {
        let time = now()
        let timeZone = self.timeZone
        let record = DoseRecord(
            medicationID: id, slot: slot, status: status, takenAt: status == .taken ? (takenAt ?? time) : nil,
            reason: reason, recordedAt: time)
        try Self.check(record)
        return try await database.write { db in
            let found = try Self.fetchMedication(db, id)
            let medication = found.medication
            guard MedicationSchedule.isScheduled(slot, of: medication) else {
                let near = MedicationSchedule.nearest(
                    of: medication, to: MedicationSchedule.instant(of: slot, in: timeZone), in: timeZone)
                throw ServiceError.validationFailed(
                    "No dose of \(medication.name) is due at \(slot)"
                        + (near.map { "; the nearest is \($0)" } ?? "; it is due from \(medication.startDate)"))
            }
            guard MedicationSchedule.instant(of: slot, in: timeZone) <= time.addingTimeInterval(24 * 3600) else {
                throw ServiceError.validationFailed(
                    "The dose of \(medication.name) at \(slot) is more than a day ahead; record it when it is due")
            }
            try db.execute(
                sql: """
                    INSERT INTO healthEntry (id, recordID, kind, date, position, payload)
                    VALUES (?1, ?2, ?3, ?4, (SELECT IFNULL(MAX(position), -1) + 1 FROM healthEntry WHERE recordID = ?2), ?5)
                    ON CONFLICT(id) DO UPDATE SET payload = excluded.payload
                    """,
                arguments: [
                    record.id, found.recordID, HealthEntryKind.dose.rawValue, record.date, try Self.encode(record),
                ])
            try self.touch(db, found.recordID, at: time)
            return record
        }
    }

    /// Adherence of medication `id` by ISO week: the last `weeks` weeks up to now, oldest first.
    public func adherence(of id: UUID, weeks: Int) async throws -> [WeekAdherence] {
        guard (1...520).contains(weeks) else {
            throw ServiceError.validationFailed("--weeks \(weeks) is out of range; give 1 to 520 weeks")
        }
        let found = try await medication(id)
        return MedicationAdherence.weeks(
            of: found.medication, id: id, records: try await doses(of: id), weeks: weeks, now: now(),
            timeZone: timeZone)
    }

    static func fetchMedication(_ db: Database, _ id: UUID) throws -> ScheduledMedication {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT recordID, payload FROM healthEntry WHERE id = ? AND kind = ?",
                arguments: [id, HealthEntryKind.drug.rawValue])
        else { throw ServiceError.notFound("Medication \(id.uuidString) (see hearth health meds list)") }
        let recordID: String = row["recordID"]
        let entry = try decode(DrugEntry.self, row["payload"], what: "drug entry \(id.uuidString)")
        guard entry.medication != nil else {
            throw ServiceError.validationFailed(
                "Drug entry \(entry.nameAndDosage) (\(id.uuidString)) has no schedule; it is not a medication (add one with hearth health meds add)"
            )
        }
        let record = try fetchRecord(db, recordID)
        return ScheduledMedication(recordID: recordID, recordName: record.displayName, entry: entry)
    }
}
