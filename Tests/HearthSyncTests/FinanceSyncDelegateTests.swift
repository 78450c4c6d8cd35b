import Foundation
import HearthCloudModel
import HearthCore
import HearthStore
import HearthSync
import Testing

@testable import HearthFinance

/// How Finance reads records from the server, without a server.
@Suite struct FinanceSyncDelegateTests {
    @Test func recordsAreNamedByLowercaseUUIDsOnly() {
        let id = UUID()
        #expect(FinanceSyncDelegate.uuid(lowercase: id.uuidString.lowercased()) == id)
        #expect(FinanceSyncDelegate.uuid(lowercase: id.uuidString) == nil, "uppercase is not how records are named")
        #expect(FinanceSyncDelegate.uuid(lowercase: String(id.uuidString.lowercased().dropLast())) == nil)
        #expect(FinanceSyncDelegate.uuid(lowercase: id.uuidString.lowercased() + "0") == nil)
        #expect(
            FinanceSyncDelegate.uuid(lowercase: id.uuidString.lowercased().replacingOccurrences(of: "-", with: ""))
                == nil)
        #expect(FinanceSyncDelegate.uuid(lowercase: "zzzzzzzz-0000-0000-0000-000000000000") == nil)
    }

    @Test func aTransactionRecordIsReadAsItsStoredRowWouldBe() throws {
        let id = UUID()
        let fields: [String: CloudFieldValue] = [
            "title": .string("Rent"), "subtitle": .string("May"), "amount": .int64(-90_050),
            "category": .string("Bills & Utilities"),
            "date": .int64(1_700_000_000_123), "isRecurring": .boolean(true), "tags": .string(";home;monthly;"),
            "updatedAt": .int64(1_700_000_100_000),
        ]
        let record = CloudRecord(
            recordName: id.uuidString.lowercased(), recordType: "FinanceTransaction", fields: fields)
        let transaction = try FinanceSyncDelegate.transaction(from: record, id: id)
        #expect(
            transaction
                == Transaction(
                    id: id, title: "Rent", subtitle: "May", amount: Decimal(string: "-900.50")!, category: .bills,
                    date: Date(timeIntervalSince1970: 1_700_000_000.123), isRecurring: true, tags: ["home", "monthly"],
                    updatedAt: Date(timeIntervalSince1970: 1_700_000_100)))

        var missing = record
        missing.fields["subtitle"] = nil
        #expect(throws: ServiceError.self) { try FinanceSyncDelegate.transaction(from: missing, id: id) }
        do {
            var wrong = record
            wrong.fields["date"] = .string("yesterday")
            _ = try FinanceSyncDelegate.transaction(from: wrong, id: id)
            Issue.record("a text date was accepted")
        } catch let error as ServiceError {
            #expect(
                error.message.contains(
                    "Field date of record \(record.recordName) (FinanceTransaction) is a STRING; it must be INT64."))
        }
        do {
            var unknown = record
            unknown.fields["category"] = .string("Spaceships")
            _ = try FinanceSyncDelegate.transaction(from: unknown, id: id)
            Issue.record("an unknown category was accepted")
        } catch let error as ServiceError {
            #expect(error.message.contains("Spaceships"))
        }
    }

    @Test func aFetchedTransactionInsertsANewRowOrUpdatesTheStoredOne() async throws {
        let database = try AppDatabase.inMemory(schemas: [FinanceSchema.self, SyncSchema.self])
        let finance = FinanceSync.wrap(database)
        let stored = try await finance.store.save(Transaction(title: "Coffee", amount: -3, category: .food))
        let name = stored.id.uuidString.lowercased()
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        func record(_ name: String, title: String) -> CloudRecord {
            CloudRecord(
                recordName: name, recordType: "FinanceTransaction",
                fields: [
                    "title": .string(title), "subtitle": .string(""), "amount": .int64(-450),
                    "category": .string("Food & Dining"),
                    "date": .int64(now), "isRecurring": .int64(0), "tags": .string(""), "updatedAt": .int64(now),
                ])
        }
        let fresh = UUID()
        let records = [record(name, title: "Coffee with Ada"), record(fresh.uuidString.lowercased(), title: "Tea")]
        try await database.write { db in
            for record in records { try FinanceSyncDelegate().saveFetchedRecord(record, in: db) }
        }

        #expect(try await finance.store.countTransactions(matching: TransactionQuery()) == 2)
        let updated = try #require(try await finance.store.fetchTransaction(byID: stored.id))
        #expect(updated.title == "Coffee with Ada")
        #expect(updated.amount == Decimal(string: "-4.5")!)
        #expect(Milliseconds.from(updated.updatedAt) == now, "the server's timestamp is kept")
        #expect(try await finance.store.fetchTransaction(byID: fresh)?.title == "Tea")
    }
}
