import Foundation
import HearthCloudModel
import HearthCore
import HearthStore
import HearthSync
import Testing

@testable import HearthFinance

/// A value's currency travels with its record; a value without one sends no currency field.
@Suite struct FinanceCurrencySyncTests {
    @Test func theCurrencyIsAFieldOfTheRecordAndIsReadBack() async throws {
        let database = try AppDatabase.inMemory(schemas: [FinanceSchema.self, SyncSchema.self])
        let finance = FinanceSync.wrap(database)
        let usd = try CurrencyCode("USD")
        let dollars = try await finance.store.save(Transaction(title: "Books", amount: -20, currency: usd))
        let plain = try await finance.store.save(Transaction(title: "Coffee", amount: -3))
        let paper = try await finance.store.save(
            Subscription(name: "Paper", price: 9, nextBillingDate: Date(), currency: try CurrencyCode("GBP")))
        let records = try await database.read { db in
            (
                try FinanceSyncDelegate().record(
                    for: SyncRecordID(recordType: "FinanceTransaction", recordName: dollars.id.uuidString.lowercased()),
                    in: db),
                try FinanceSyncDelegate().record(
                    for: SyncRecordID(recordType: "FinanceTransaction", recordName: plain.id.uuidString.lowercased()),
                    in: db),
                try FinanceSyncDelegate().record(
                    for: SyncRecordID(recordType: "FinanceSubscription", recordName: paper.id.uuidString.lowercased()),
                    in: db)
            )
        }
        let sent = try #require(records.0)
        #expect(sent.fields["currency"] == .string("USD"))
        #expect(try #require(records.1).fields["currency"] == nil, "no field for the book currency")
        #expect(try #require(records.2).fields["currency"] == .string("GBP"))

        // The same records on another device keep their currencies.
        let other = try AppDatabase.inMemory(schemas: [FinanceSchema.self, SyncSchema.self])
        let copy = FinanceSync.wrap(other)
        try await other.write { db in
            for record in [sent, try #require(records.1), try #require(records.2)] {
                try FinanceSyncDelegate().saveFetchedRecord(record, in: db)
            }
        }
        #expect(try await copy.store.fetchTransaction(byID: dollars.id)?.currency == usd)
        #expect(try await copy.store.fetchTransaction(byID: plain.id)?.currency == nil)
        #expect(try await copy.store.fetchAllSubscriptions().first?.currency?.code == "GBP")

        // A record with a code that is not a currency is refused, naming it.
        var bad = sent
        bad.fields["currency"] = .string("XYZ")
        #expect(throws: ServiceError.self) { try FinanceSyncDelegate.transaction(from: bad, id: dollars.id) }
        do {
            _ = try FinanceSyncDelegate.transaction(from: bad, id: dollars.id)
        } catch let error as ServiceError {
            #expect(error.message.contains("\"XYZ\" is not an active ISO 4217 currency code"), "\(error.message)")
        }
        var badSubscription = try #require(records.2)
        badSubscription.fields["currency"] = .string("ZZZ")
        let refused = badSubscription
        await #expect(throws: (any Error).self) {
            try await other.write { db in try FinanceSyncDelegate().saveFetchedRecord(refused, in: db) }
        }
        #expect(try await copy.store.fetchAllSubscriptions().first?.currency?.code == "GBP")
    }
}
