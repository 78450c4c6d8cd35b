import Foundation
import HearthCore

@testable import HearthHealth

/// A stand-in for the medical records: answers from fixed records and entries, and remembers every call it
/// gets. Its records are fixed: every write is refused with a ``ServiceError`` that says so.
final class StandInHealthRecords: HealthRecordServicing {
    /// A call the stand-in got, with the record it named.
    enum Call: Equatable, Sendable {
        case records, record(String), search(String), entries(String), watchRecords, write(String)
    }

    private let fixed: [MedicalRecord]
    private let entries: [String: RecordEntries]
    private let recorded = Locked<[Call]>([])

    init(records: [MedicalRecord], entries: [String: RecordEntries] = [:]) {
        self.fixed = records
        self.entries = entries
    }

    /// Every call so far, in order.
    var calls: [Call] { recorded.withLock { $0 } }

    private func note(_ call: Call) { recorded.withLock { $0.append(call) } }

    private func refuse(_ what: String) -> ServiceError {
        note(.write(what))
        return ServiceError.validationFailed("The stand-in's records are fixed; \(what) is not kept")
    }

    func records() async throws -> [MedicalRecord] {
        note(.records)
        return fixed
    }

    func record(_ uuid: String) async throws -> MedicalRecord {
        note(.record(uuid))
        guard let record = fixed.first(where: { $0.uuid == uuid }) else {
            throw ServiceError.notFound("Record \(uuid)")
        }
        return record
    }

    func search(_ text: String) async throws -> [MedicalRecord] {
        note(.search(text))
        return fixed.filter { $0.displayName.localizedCaseInsensitiveContains(text) }
    }

    func entries(of uuid: String) async throws -> RecordEntries {
        note(.entries(uuid))
        guard fixed.contains(where: { $0.uuid == uuid }) else { throw ServiceError.notFound("Record \(uuid)") }
        return entries[uuid] ?? RecordEntries()
    }

    func watchRecords() -> Watched<[MedicalRecord]> {
        note(.watchRecords)
        return Watched.just(fixed)
    }

    func createRecord(_ record: MedicalRecord) async throws -> MedicalRecord { throw refuse("createRecord") }
    func updateRecord(_ uuid: String, _ change: @escaping @Sendable (inout MedicalRecord) -> Void) async throws
        -> MedicalRecord
    { throw refuse("updateRecord") }
    func deleteRecord(_ uuid: String) async throws { throw refuse("deleteRecord") }
    func addEntry<E: HealthEntry>(_ entry: E, to uuid: String) async throws -> E { throw refuse("addEntry") }
    func updateEntry<E: HealthEntry>(_ entry: E, in uuid: String) async throws -> E { throw refuse("updateEntry") }
    func removeEntry<E: HealthEntry>(_ type: E.Type, id: UUID) async throws { throw refuse("removeEntry") }
}
