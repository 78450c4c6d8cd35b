import Foundation
import GRDB
import HearthCloudModel
import HearthFinance
import HearthStore
import HearthSync
import Testing

/// Budgets sync between two devices of one user like every finance value.
@Suite(.serialized, .timeLimit(.minutes(10))) struct FinanceBudgetSyncTests {
    @Test func budgetsSetOnTwoDevicesAreOneRecordAndConverge() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail("finance-budget")
        let phone = try await FinanceDevice.make(server, email: email, signUp: true)
        let laptop = try await FinanceDevice.make(server, email: email)

        // The same category's budget set on both devices before either synced: one record, not two.
        try await phone.store.setBudget(category: .food, amount: 300, rollover: true)
        try await laptop.store.setBudget(category: .shopping, amount: 80)
        try await laptop.store.setBudget(category: .food, amount: 310, rollover: true)
        try await phone.engine.sync()
        let laptopRound = try await laptop.engine.sync()
        #expect(laptopRound.problems.isEmpty)
        try await phone.engine.sync()
        let first = try await phone.store.fetchBudgets()
        #expect(first == (try await laptop.store.fetchBudgets()))
        #expect(first.map(\.category) == [.food, .shopping])
        #expect(first.map(\.id) == [Budget.id(for: .food), Budget.id(for: .shopping)])

        // A change made after syncing reaches the other device.
        try await laptop.store.setBudget(category: .food, amount: 320, rollover: true)
        try await laptop.engine.sync()
        try await phone.engine.sync()
        let onPhone = try await phone.store.fetchBudgets()
        #expect(onPhone == (try await laptop.store.fetchBudgets()))
        #expect(onPhone.map(\.amount) == [320, 80])
        #expect(onPhone.first?.rollover == true)

        // A removal reaches the other device.
        try await phone.store.removeBudget(category: .shopping)
        try await phone.engine.sync()
        try await laptop.engine.sync()
        #expect(try await laptop.store.fetchBudgets().map(\.category) == [.food])
        #expect(try await laptop.engine.pendingChangeCount() == 0)
    }

    @Test func aBudgetRecordThatBreaksTheRulesIsRefused() throws {
        let database = try AppDatabase.inMemory(schemas: [FinanceSchema.self, SyncSchema.self])
        let delegate = FinanceSyncDelegate()
        let food = Budget.id(for: .food).uuidString.lowercased()
        func record(_ name: String, _ fields: [String: CloudFieldValue]) -> CloudRecord {
            var all: [String: CloudFieldValue] = [
                "category": .string("Food & Dining"), "amount": .int64(30_000), "rollover": .int64(1),
                "startMonth": .string("2026-01"), "createdDate": .int64(0), "updatedAt": .int64(0),
            ]
            all.merge(fields) { $1 }
            return CloudRecord(recordName: name, recordType: "FinanceBudget", fields: all)
        }
        let cases: [(CloudRecord, String)] = [
            (record(food, ["amount": .int64(0)]), "Budget amount must be greater than 0"),
            (record(food, ["startMonth": .string("January")]), "is not a month"),
            (record(food, ["category": .string("Snacks")]), "Snacks"),
            (record(food, ["amount": .string("300")]), "Field amount of record"),
            (record(UUID().uuidString.lowercased(), [:]), "does not have the id of the Food & Dining budget"),
        ]
        for (record, message) in cases {
            #expect {
                try database.writer.write { db in try delegate.saveFetchedRecord(record, in: db) }
            } throws: { error in
                "\(error)".contains(message)
            }
        }
        let count = try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM financeBudget") }
        #expect(count == 0)
        // A good one is kept.
        try database.writer.write { db in try delegate.saveFetchedRecord(record(food, [:]), in: db) }
        #expect(try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM financeBudget") } == 1)
    }
}
