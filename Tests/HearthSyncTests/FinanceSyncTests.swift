import Foundation
import HearthCloudModel
import HearthFinance
import HearthStore
import HearthSync
import Logging
import Testing

/// One finance user on two devices (two databases), syncing through a live server.
struct FinanceDevice {
    let store: FinancePersistenceService
    let engine: SyncEngine
    let client: CloudClient
    /// The owner of the shared book this device's database holds; nil for the user's own.
    var book: String? = nil

    /// A device signed in to `server` as `email`, holding the user's own book, or the one account `book`
    /// shared with them.
    static func make(_ server: LiveServer, email: String, signUp: Bool = false, book: String? = nil) async throws
        -> FinanceDevice
    {
        let database = try AppDatabase.inMemory(schemas: FinanceSync.schemas)
        let finance = FinanceSync.wrap(database, configuration: FinanceSync.configuration(book: book))
        let client = CloudClient(
            configuration: CloudClientConfiguration(serverURL: server.url), httpClient: testHTTPClient)
        if signUp {
            try await client.signUp(email: email, password: "long enough password")
        } else {
            try await client.signIn(email: email, password: "long enough password")
        }
        var logger = Logger(label: "finance.sync.tests")
        logger.logLevel = .critical
        return FinanceDevice(
            store: finance.store,
            engine: SyncEngine(database: database, outbox: finance.outbox, cloud: client, logger: logger),
            client: client, book: book)
    }

    /// The device's sync service; for a shared book's database, asking the rights after each round.
    var service: SyncService {
        FinanceSync.service(
            store: store, engine: engine, shares: book.map { FinanceSharing(store: store, cloud: client, book: $0) {} })
    }

    /// The device's sharing, syncing with its own service.
    var sharing: FinanceSharing {
        let service = self.service
        return FinanceSharing(store: store, cloud: client, book: book) { _ = try await service.sync() }
    }

    /// Everything the store holds, for comparing devices.
    func snapshot() async throws -> Snapshot {
        let transactions = try await store.fetchTransactions(inDateRange: Date.distantPast..<Date.distantFuture)
        return Snapshot(
            people: try await store.fetchAllPeople(),
            subscriptions: try await store.fetchAllSubscriptions().sorted { $0.id.uuidString < $1.id.uuidString },
            transactions: transactions.sorted { $0.id.uuidString < $1.id.uuidString },
            groups: try await store.fetchAllGroups()
        )
    }

    struct Snapshot: Equatable {
        var people: [Person]
        var subscriptions: [Subscription]
        var transactions: [Transaction]
        var groups: [Group]
    }
}

@Suite(.serialized, .timeLimit(.minutes(10))) struct FinanceSyncTests {
    @Test func twoFinanceDatabasesOfOneUserConverge() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail("finance")
        let phone = try await FinanceDevice.make(server, email: email, signUp: true)
        let laptop = try await FinanceDevice.make(server, email: email)

        // Every kind of finance value, made on the phone before sync is turned on.
        let ada = try await phone.store.save(
            Person(name: "Ada Lovelace", email: "ada@example.com", avatar: .emoji("🧮")))
        let bob = try await phone.store.save(Person(name: "Bob", avatar: .initials("B", colorIndex: 2)))
        try await phone.store.save(
            Subscription(
                name: "Music", price: 9.99, billingCycle: .monthly, category: .musicAudio,
                nextBillingDate: Date().addingTimeInterval(86_400 * 10), isShared: true, sharedWith: [ada.id]))
        let rent = try await phone.store.save(
            Transaction(title: "Rent", amount: -900, category: .bills, isRecurring: true, tags: ["home", "monthly"]))
        let trip = try await phone.store.save(Group(name: "Trip", emoji: "🏔", members: [ada.id, bob.id]))
        let dinner = try await phone.store.save(
            GroupExpense(title: "Dinner", amount: 60.5, paidBy: ada.id, splitBetween: [ada.id, bob.id]),
            forGroup: trip.id)

        let first = try await phone.engine.sync()
        #expect(first.sentSaves == 6)
        let received = try await laptop.engine.sync()
        #expect(received.receivedSaves == 6)
        #expect(received.problems.isEmpty)
        #expect(try await phone.snapshot() == laptop.snapshot())
        #expect(try await laptop.store.balances(forGroup: trip.id) == phone.store.balances(forGroup: trip.id))

        // Changes on both sides, through the store's ordinary operations.
        try await laptop.store.settleExpense(id: dinner.id)
        try await laptop.store.deleteTransaction(id: rent.id)
        try await phone.store.updatePerson(bob.with(name: "Robert"))
        try await phone.store.save(Transaction(title: "Salary", amount: 3200, category: .income))
        try await laptop.engine.sync()
        try await phone.engine.sync()
        try await laptop.engine.sync()
        let converged = try await phone.snapshot()
        #expect(converged == (try await laptop.snapshot()))
        #expect(converged.transactions.map(\.title) == ["Salary"])
        #expect(converged.people.map(\.name).contains("Robert"))
        #expect(converged.groups.first?.expenses.first?.isSettled == true)

        // Deleting a group deletes its expenses everywhere.
        try await phone.store.deleteGroup(id: trip.id)
        try await phone.engine.sync()
        let deletions = try await laptop.engine.sync()
        #expect(deletions.receivedDeletions >= 1)
        #expect(try await laptop.store.fetchAllGroups().isEmpty)
        #expect(try await laptop.store.fetchExpense(byID: dinner.id) == nil)
        #expect(try await phone.snapshot() == laptop.snapshot())
        #expect(try await laptop.engine.pendingChangeCount() == 0)
    }

    @Test func concurrentEditsOfDifferentFieldsOfATransactionBothSurvive() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail("finance")
        let phone = try await FinanceDevice.make(server, email: email, signUp: true)
        let laptop = try await FinanceDevice.make(server, email: email)
        try await phone.engine.sync()
        let coffee = try await phone.store.save(Transaction(title: "Coffee", amount: -3.5, category: .food))
        try await phone.engine.sync()
        try await laptop.engine.sync()

        try await phone.store.updateTransaction(coffee.with(title: "Coffee with Ada"))
        try await laptop.store.updateTransaction(coffee.with(amount: -4.2))
        try await phone.engine.sync()
        try await laptop.engine.sync()
        try await phone.engine.sync()

        let onPhone = try #require(await phone.store.fetchTransaction(byID: coffee.id))
        let onLaptop = try #require(await laptop.store.fetchTransaction(byID: coffee.id))
        #expect(onPhone.title == "Coffee with Ada")
        #expect(onPhone.amount == -4.2)
        #expect(onPhone == onLaptop)
    }

    @Test func aFinanceRecordThatBreaksTheRulesIsRefusedWithItsReason() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail("finance")
        let phone = try await FinanceDevice.make(server, email: email, signUp: true)
        try await phone.store.save(Transaction(title: "Fine", amount: -1))
        try await phone.engine.sync()

        // Another client writes a zero-amount transaction and one with a text amount.
        let zone = CloudZoneID(zoneName: FinanceSync.zoneName)
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        func fields(amount: CloudFieldValue) -> [String: CloudFieldValue] {
            [
                "title": .string("Broken"), "subtitle": .string(""), "amount": amount, "category": .string("Other"),
                "date": .int64(now),
                "isRecurring": .int64(0), "tags": .string(""), "updatedAt": .int64(now),
            ]
        }
        let zero = UUID().uuidString.lowercased()
        let text = UUID().uuidString.lowercased()
        _ = try await phone.client.privateDatabase.modifyRecords(
            CloudRecordsModifyRequest(
                zoneID: zone,
                operations: [
                    CloudRecordOperation(
                        operationType: .create,
                        record: CloudRecord(
                            recordName: zero, recordType: "FinanceTransaction", fields: fields(amount: .int64(0)))),
                    CloudRecordOperation(
                        operationType: .create,
                        record: CloudRecord(
                            recordName: text, recordType: "FinanceTransaction", fields: fields(amount: .string("lots")))
                    ),
                ], atomic: false))

        let laptop = try await FinanceDevice.make(server, email: email)
        let report = try await laptop.engine.sync()
        #expect(try await laptop.snapshot().transactions.map(\.title) == ["Fine"])
        #expect(report.problems.contains { $0.contains(zero) && $0.contains("Transaction amount cannot be 0") })
        #expect(report.problems.contains { $0.contains(text) && $0.contains("amount") && $0.contains("INT64") })
    }
}

@Suite(.serialized, .timeLimit(.minutes(10))) struct FinanceSyncOperationsTests {
    @Test func batchInsertsUndoAndRedoAllTravel() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let email = freshEmail("finance")
        let phone = try await FinanceDevice.make(server, email: email, signUp: true)
        let laptop = try await FinanceDevice.make(server, email: email)
        try await phone.engine.sync()

        let batch = (0..<250).map {
            Transaction(title: "Imported \($0)", amount: Decimal(-($0 + 1)), category: .shopping)
        }
        try await phone.store.insertTransactions(batch)
        let sent = try await phone.engine.sync()
        #expect(sent.sentSaves == 250)
        try await laptop.engine.sync()
        #expect(try await laptop.snapshot().transactions.count == 250)

        // Undo takes the batch back out everywhere; redo brings it back.
        try await phone.store.undo()
        try await phone.engine.sync()
        try await laptop.engine.sync()
        #expect(try await laptop.snapshot().transactions.isEmpty)
        // The phone's own deletions come back in the changes feed after the redo: they must not undo it.
        try await phone.store.redo()
        let redone = try await phone.engine.sync()
        #expect(redone.receivedDeletions == 0)
        #expect(redone.sentSaves == 250)
        try await laptop.engine.sync()
        #expect(try await laptop.snapshot().transactions.count == 250)
        #expect(try await phone.snapshot() == laptop.snapshot())
    }
}
