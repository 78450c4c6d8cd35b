import Foundation
import GRDB
import HearthCloudModel
import HearthCore
import HearthGarage
import HearthStore
import HearthSync
import Testing

/// The garage's record mapping and merge rules, without a server.
@Suite struct GarageSyncDelegateTests {
    func makeGarage() throws -> GarageSync.Opened {
        GarageSync.wrap(try AppDatabase.inMemory(schemas: GarageSync.schemas), timeZone: TimeZone(identifier: "UTC")!)
    }

    @Test func everyKindHasItsRecordTypeAndPolicy() {
        #expect(
            GarageSync.kinds.map(\.recordType) == [
                "GarageVehicle", "GarageService", "GarageServiceLog", "GarageMileageSnapshot", "GarageFuelLog",
                "GarageExpense", "GarageVehicleDocument",
                "GarageServicePreset",
            ])
        let configuration = GarageSync.configuration()
        #expect(configuration.zones == ["garage"])
        #expect(configuration.policy(for: "GarageMileageSnapshot").description == "server wins")
        #expect(configuration.policy(for: "GarageVehicle").description == "custom merge")
        #expect(configuration.policy(for: "GarageFuelLog").description == "field-level last writer wins")
        #expect(configuration.policy(for: "GarageExpense").description == "field-level last writer wins")
        #expect(configuration.policy(for: "GarageVehicleDocument").description == "field-level last writer wins")
    }

    @Test func rowsBecomeTypedFieldsAndComeBackUnchanged() async throws {
        let garage = try makeGarage()
        let car = try await garage.store.addVehicle(
            Vehicle(name: "Daily", make: "Honda", model: "Civic", year: 2019, currentMileage: 42_000))
        let oil = try await garage.store.addService(ServiceDraft(preset: "Oil Change"), to: car.id)
        let done = try await garage.store.completeService(
            oil.id, on: CalendarDay(year: 2025, month: 3, day: 1), mileage: 41_000, cost: "49.99")
        let delegate = GarageSyncDelegate()

        let logRecord = try #require(
            try await garage.store.database.read { db in
                try delegate.record(
                    for: SyncRecordID(recordType: "GarageServiceLog", recordName: done.log.id.uuidString.lowercased()),
                    in: db)
            })
        #expect(
            logRecord.fields["vehicleID"]
                == .reference(CloudReference(recordName: car.id.uuidString.lowercased(), action: .deleteSelf)))
        #expect(
            logRecord.fields["serviceID"]
                == .reference(CloudReference(recordName: oil.id.uuidString.lowercased(), action: .none)))
        #expect(logRecord.fields["cost"] == .string("49.99"))
        #expect(logRecord.fields["performedDate"] == .string("2025-03-01"))
        #expect(logRecord.fields["mileageAtService"] == .int64(41_000))
        #expect(logRecord.fields["notes"] == nil)
        guard case .date = logRecord.fields["createdAt"] else {
            Issue.record("createdAt is \(String(describing: logRecord.fields["createdAt"]))")
            return
        }
        let serviceRecord = try #require(
            try await garage.store.database.read { db in
                try delegate.record(
                    for: SyncRecordID(recordType: "GarageService", recordName: oil.id.uuidString.lowercased()), in: db)
            })
        #expect(serviceRecord.fields["isRecurring"] == .boolean(true))

        // Written back into another database, the rows read the same.
        let records = try await garage.store.database.read { db in
            try delegate.allRecordIDs(in: db).compactMap { try delegate.record(for: $0, in: db) }
        }
        #expect(records.count == 5)
        let other = try makeGarage()
        try await other.store.database.write { db in
            for record in records { try delegate.saveFetchedRecord(record, in: db) }
        }
        #expect(try await other.store.logs(of: car.id) == garage.store.logs(of: car.id))
        #expect(try await other.store.vehicle(id: car.id) == garage.store.vehicle(id: car.id))
        #expect(try await other.store.services(of: car.id) == garage.store.services(of: car.id))
        #expect(try await other.store.snapshots(of: car.id) == garage.store.snapshots(of: car.id))
    }

    @Test func aRecordThatDoesNotFitIsRefusedWithItsReason() async throws {
        let garage = try makeGarage()
        let delegate = GarageSyncDelegate()
        let name = UUID().uuidString.lowercased()
        let orphan = CloudRecord(
            recordName: name, recordType: "GarageFuelLog",
            fields: [
                "vehicleID": .reference(CloudReference(recordName: UUID().uuidString.lowercased())),
                "date": .string("2025-01-01"),
                "isPartial": .boolean(false), "missedPrevious": .boolean(false), "createdAt": .date(0),
                "modifiedAt": .date(0),
            ])
        let missing = await #expect(throws: ServiceError.self) {
            try await garage.store.database.write { db in try delegate.saveFetchedRecord(orphan, in: db) }
        }
        #expect(missing?.message.contains("does not have (yet)") == true)
        var badDay = orphan
        let car = try await garage.store.addVehicle(Vehicle(make: "Honda", model: "Civic", year: 2019))
        badDay.fields["vehicleID"] = .reference(CloudReference(recordName: car.id.uuidString.lowercased()))
        badDay.fields["date"] = .string("yesterday")
        let unreadableRecord = badDay
        let unreadable = await #expect(throws: ServiceError.self) {
            try await garage.store.database.write { db in try delegate.saveFetchedRecord(unreadableRecord, in: db) }
        }
        #expect(unreadable?.message.contains(name) == true)
        #expect(unreadable?.message.contains("yesterday") == true)
        #expect(try await garage.store.fuelLogs(of: car.id).isEmpty)
    }

    @Test func theVehicleMergeKeepsTheHighestOdometerAndTheLaterEdits() {
        func vehicle(_ fields: [String: CloudFieldValue]) -> CloudRecord {
            CloudRecord(recordName: "v", recordType: "GarageVehicle", fields: fields)
        }
        let ancestor = vehicle([
            "name": .string("Daily"), "notes": .string("a"), "currentMileage": .int64(100),
            "mileageUpdatedAt": .date(1), "modifiedAt": .date(1),
        ])
        let client = vehicle([
            "name": .string("Daily"), "notes": .string("client"), "currentMileage": .int64(90),
            "mileageUpdatedAt": .date(3), "modifiedAt": .date(3),
        ])
        let server = vehicle([
            "name": .string("Blue"), "notes": .string("server"), "currentMileage": .int64(150),
            "mileageUpdatedAt": .date(2), "modifiedAt": .date(2),
        ])
        let merged = GarageMerge.vehicle.merge(SyncConflict(ancestor: ancestor, client: client, server: server))
        #expect(merged["currentMileage"] == .int64(150))
        #expect(merged["mileageUpdatedAt"] == .date(2))
        #expect(merged["name"] == .string("Blue"))  // changed on the server only
        #expect(merged["notes"] == .string("client"))  // changed on both; the client's edit is later
        #expect(merged["modifiedAt"] == .date(3))

        // A correction made on one side only is kept, even when it lowers the odometer.
        let corrected = vehicle([
            "name": .string("Daily"), "notes": .string("a"), "currentMileage": .int64(80), "mileageUpdatedAt": .date(2),
            "modifiedAt": .date(2),
        ])
        let untouched = vehicle([
            "name": .string("Daily"), "notes": .string("b"), "currentMileage": .int64(100),
            "mileageUpdatedAt": .date(1), "modifiedAt": .date(3),
        ])
        let kept = GarageMerge.vehicle.merge(SyncConflict(ancestor: ancestor, client: untouched, server: corrected))
        #expect(kept["currentMileage"] == .int64(80))
        #expect(kept["notes"] == .string("b"))
    }
}
