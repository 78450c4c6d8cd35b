import Foundation
import HearthCloud
import HearthCloudModel
import HearthCore
import HearthTestSupport
import Logging
import Testing

/// The two record stores the conformance suite runs against.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }
}

/// A settable wall clock for the store.
final class TestTime: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func advance(by seconds: TimeInterval) {
        lock.lock()
        current += seconds
        lock.unlock()
    }
}

/// Opens a fresh store of `kind` — SQLite in memory, or PostgreSQL in a schema of its own that is dropped
/// afterwards — runs `body` with it, and cleans up.
func withStore<T: Sendable>(
    _ kind: StoreKind,
    configuration: CloudConfiguration = CloudConfiguration(bcryptCost: 4),
    time: TestTime = TestTime(),
    _ body: @Sendable (SQLRecordStore) async throws -> T
) async throws -> T {
    var logger = Logger(label: "hearth.cloud.test")
    logger.logLevel = .error
    switch kind {
    case .sqlite:
        let store = try SQLRecordStore.sqlite(inMemory: configuration, clock: { time.now }, logger: logger)
        try await store.migrate()
        return try await body(store)
    case .postgres:
        guard let url = ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"], !url.isEmpty else {
            try Test.cancel(
                "HEARTH_TEST_POSTGRES_URL is not set, so the PostgreSQL run is skipped; start one with eval \"$(scripts/test-postgres.sh start)\"."
            )
        }
        let schema = "t_" + String(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))
        let store = try SQLRecordStore.postgres(
            url: url, schema: schema, maximumConnections: 4, leaseTimeout: .seconds(30), configuration: configuration,
            clock: { time.now }, logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await store.run() }
            defer { group.cancelAll() }
            try await store.migrate()
            do {
                let value = try await body(store)
                try await store.dropSchema()
                return value
            } catch {
                try? await store.dropSchema()
                throw error
            }
        }
    }
}

/// A new account with its default zone; `verified` marks its address proven, as a confirmed code does.
func makeUser(_ store: any RecordStore, _ name: String, device: String? = nil, verified: Bool = false) async throws
    -> CloudPrincipal
{
    let id = "_" + name + "_" + String(UUID().uuidString.prefix(8))
    let email = "\(name)-\(id.suffix(8))@example.com".lowercased()
    try await store.createAccount(CloudAccount(id: id, email: email, passwordHash: "x", createdAt: 0))
    if verified { #expect(try await store.verifyEmail(accountID: id, email: email, at: 0)) }
    return CloudPrincipal(userID: id, deviceID: device)
}

func email(of principal: CloudPrincipal, in store: any RecordStore) async throws -> String {
    try await store.account(id: principal.userID)?.email ?? ""
}

extension CloudRecord {
    static func note(_ name: String, title: String = "t", parent: String? = nil, extra: [String: CloudFieldValue] = [:])
        -> CloudRecord
    {
        var fields: [String: CloudFieldValue] = ["title": .string(title)]
        for (key, value) in extra { fields[key] = value }
        return CloudRecord(
            recordName: name, recordType: "Note", fields: fields, parent: parent.map { CloudReference(recordName: $0) })
    }
}

func op(_ type: CloudRecordOperationType, _ record: CloudRecord, removeFields: [String]? = nil) -> CloudRecordOperation
{
    CloudRecordOperation(operationType: type, record: record, removeFields: removeFields)
}

/// Saves records in one atomic batch and returns them as stored.
@discardableResult
func save(
    _ store: any RecordStore, _ principal: CloudPrincipal, _ records: [CloudRecord], zone: CloudZoneID? = nil,
    scope: CloudDatabaseScope = .private, type: CloudRecordOperationType = .create
) async throws -> [CloudRecord] {
    let response = try await store.modifyRecords(
        principal, scope: scope,
        request: CloudRecordsModifyRequest(zoneID: zone, operations: records.map { op(type, $0) }))
    return try response.records.map { result in
        switch result {
        case .success(let record): return record
        case .failure(let error): throw error
        }
    }
}

/// Runs `body` and returns the ``CloudError`` it throws; records an issue when it throws none.
func cloudError(_ body: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) async -> CloudError?
{
    do {
        try await body()
        Issue.record("Expected a CloudError, but the call succeeded", sourceLocation: sourceLocation)
        return nil
    } catch let error as CloudError {
        return error
    } catch {
        Issue.record("Expected a CloudError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

func lookup(
    _ store: any RecordStore, _ principal: CloudPrincipal, _ names: [String], zone: CloudZoneID? = nil,
    scope: CloudDatabaseScope = .private
) async throws -> [CloudItemResult<CloudRecord>] {
    try await store.lookupRecords(
        principal, scope: scope,
        request: CloudRecordsLookupRequest(zoneID: zone, records: names.map(CloudRecordLookup.init))
    ).records
}

@Suite("PostgreSQL for the conformance suite")
struct PostgresAvailabilityTests {
    static var url: String? {
        ProcessInfo.processInfo.environment["HEARTH_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    @Test(
        "the PostgreSQL named by HEARTH_TEST_POSTGRES_URL answers",
        .enabled(
            if: url != nil || ExternalTool.missingFails,
            "HEARTH_TEST_POSTGRES_URL is not set, so every PostgreSQL case of the conformance suite is skipped; start one with eval \"$(scripts/test-postgres.sh start)\""
        )
    )
    func reachable() async throws {
        // On CI, .ci/run starts PostgreSQL: without it every PostgreSQL case would be skipped unseen.
        guard Self.url != nil else {
            Issue.record(
                "HEARTH_TEST_POSTGRES_URL is not set on CI: .ci/run should have started PostgreSQL, and every PostgreSQL case of the conformance suite was skipped"
            )
            return
        }
        try await withStore(.postgres) { store in
            #expect(await store.checkHealth().isHealthy)
            #expect(store.kind == "postgres")
        }
    }
}
