import Foundation
import HearthCloudModel
import HearthCore
import HearthHealth
import HearthStore
import HearthSync
import HearthTestSupport
import Logging

/// One health user's device: its own database file, outbox, client, engine, sync and sharing services.
struct HealthDevice {
    let url: URL
    let health: HealthSync.Opened
    let client: CloudClient
    let engine: SyncEngine
    let sync: SyncService
    let sharing: HealthShareService

    var records: HealthRecordService { health.records }

    /// A device signed in to `server` as `email`, on a new temp database file, sealing records with `protection`.
    static func make(
        _ server: LiveServer, email: String, signUp: Bool = false,
        protection: any HealthRecordProtection = PlaintextProtection()
    ) async throws -> HealthDevice {
        let folder = scratchDirectory("hearth-health-sync")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("health.sqlite")
        let health = try HealthSync.open(at: url, protection: protection, timeZone: TimeZone(identifier: "UTC")!)
        let client = CloudClient(
            configuration: CloudClientConfiguration(serverURL: server.url), httpClient: testHTTPClient)
        if signUp {
            try await client.signUp(email: email, password: "long enough password")
        } else {
            try await client.signIn(email: email, password: "long enough password")
        }
        var logger = Logger(label: "health.sync.tests")
        logger.logLevel = .critical
        let engine = SyncEngine(database: health.database, outbox: health.outbox, cloud: client, logger: logger)
        let sync = HealthSync.service(database: health.database, engine: engine, server: server.url.absoluteString)
        let sharing = HealthShareService(records: health.records, sync: sync, client: client, debugLog: health.debugLog)
        return HealthDevice(url: url, health: health, client: client, engine: engine, sync: sync, sharing: sharing)
    }

    /// The record named `name` (a pet's name), if this device has it.
    func record(named name: String) async throws -> MedicalRecord? {
        try await records.records().first { $0.displayName == name }
    }

    /// `uuid`'s record on the server, in `owner`'s health zone (nil: this user's own), or nil when the server
    /// does not have it.
    func serverRecord(_ uuid: String, owner: String? = nil) async throws -> CloudRecord? {
        let database = owner == nil ? client.privateDatabase : client.sharedDatabase
        let answer = try await database.lookupRecords(
            CloudRecordsLookupRequest(
                zoneID: CloudZoneID(zoneName: HealthSync.zoneName, ownerRecordName: owner),
                records: [CloudRecordLookup(recordName: uuid)]
            ))
        return answer.records.first?.item
    }
}

/// A pet record with the cloud on and entries of several kinds, made on `device`.
func makeCloudPet(on device: HealthDevice, name: String = "Rex") async throws -> MedicalRecord {
    var pet = MedicalRecord(isPet: true)
    pet.personalName = name
    pet.petBreed = "Beagle"
    pet.ownerName = "Ana García"
    pet.ownerEmail = "ana@example.com"
    pet.personalBirthdate = CalendarDay(iso: "2019-04-02")
    pet.isCloudEnabled = true
    let saved = try await device.records.createRecord(pet)
    try await device.records.addEntry(
        VaccinationEntry(date: CalendarDay(iso: "2024-01-15"), name: "Rabies", place: "Clinic"), to: saved.uuid)
    try await device.records.addEntry(
        WeightEntry(date: CalendarDay(iso: "2024-01-15"), weightKg: Decimal(string: "12.4"), comment: "after lunch"),
        to: saved.uuid)
    try await device.records.addEntry(
        PetYearlyCost(date: CalendarDay(iso: "2024-03-01"), category: "Food", amount: Decimal(string: "320.50")!),
        to: saved.uuid)
    try await device.records.addEntry(EmergencyContact(name: "Luis", phone: "555-0100"), to: saved.uuid)
    return try await device.records.record(saved.uuid)
}
