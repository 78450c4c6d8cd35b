import Foundation
import HearthCloudModel
import HearthCore
import HearthFinance
import HearthSync
import HearthTestSupport
import Testing

/// A money book shared between two accounts through a real server: the owner's device, and the member's
/// devices, one holding their own book and one the shared book.
@Suite(.serialized, .timeLimit(.minutes(10))) struct FinanceShareTests {
    struct Household {
        var owner: FinanceDevice
        var member: FinanceDevice
        var memberEmail: String
        var ownerID: String
        var rent: Transaction
    }

    /// The owner's book (people, a group with an expense, transactions) synced before it is shared, and a
    /// member with a proven address and a book of their own.
    static func household(_ server: LiveServer) async throws -> Household {
        let memberEmail = freshEmail("member")
        let owner = try await FinanceDevice.make(server, email: freshEmail("owner"), signUp: true)
        let member = try await FinanceDevice.make(server, email: memberEmail, signUp: true)
        try await server.verify(memberEmail)
        let ada = try await owner.store.save(Person(name: "Ada"))
        let bo = try await owner.store.save(Person(name: "Bo"))
        let trip = try await owner.store.save(Group(name: "Holiday", members: [ada.id, bo.id]))
        try await owner.store.save(
            GroupExpense(title: "Cabin", amount: 300, paidBy: ada.id, splitBetween: [ada.id, bo.id]), forGroup: trip.id)
        let rent = try await owner.store.save(Transaction(title: "Rent", amount: -900, category: .bills))
        try await owner.store.save(Transaction(title: "Salary", amount: 2_400, category: .income))
        #expect(try await owner.service.sync().problems.isEmpty)
        try await member.store.save(Transaction(title: "Member's own coffee", amount: -3, category: .food))
        #expect(try await member.service.sync().problems.isEmpty)
        let ownerID = try await owner.client.caller().userRecordName
        return Household(owner: owner, member: member, memberEmail: memberEmail, ownerID: ownerID, rent: rent)
    }

    /// The member accepts the book the owner offered; returns a device of theirs holding it, synced.
    static func accepted(_ home: Household, _ server: LiveServer, permission: CloudSharePermission) async throws
        -> FinanceDevice
    {
        let share = try await home.owner.sharing.share(with: home.memberEmail, permission: permission)
        #expect(share.current.map(\.emailAddress) == [home.memberEmail])
        let invitations = try await home.member.sharing.invitations()
        #expect(invitations.count == 1)
        let book = try await home.member.sharing.accept(try #require(invitations.first).shareToken)
        #expect(book.owner == home.ownerID)
        #expect(book.permission == permission)
        #expect(try await home.member.sharing.books() == [book])
        let device = try await FinanceDevice.make(server, email: home.memberEmail, book: home.ownerID)
        #expect(try await device.service.sync().problems.isEmpty)
        return device
    }

    @Test("a book shared read-write arrives whole in a database of its own, and edits made on both sides at once merge")
    func readWrite() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let home = try await Self.household(server)
        let book = try await Self.accepted(home, server, permission: .readWrite)

        // The whole book, and none of the member's own records in it (nor the owner's in the member's own).
        let received = try await book.snapshot()
        #expect(received == (try await home.owner.snapshot()))
        #expect(received.transactions.map(\.title).sorted() == ["Rent", "Salary"])
        #expect(received.groups.first?.expenses.map(\.title) == ["Cabin"])
        #expect(try await home.member.snapshot().transactions.map(\.title) == ["Member's own coffee"])

        // Both change the rent before either syncs (different fields), and the member adds a transaction.
        let ownerRent = try #require(try await home.owner.store.fetchTransaction(byID: home.rent.id))
        try await home.owner.store.updateTransaction(ownerRent.with(title: "Rent, December"))
        let memberRent = try #require(try await book.store.fetchTransaction(byID: home.rent.id))
        try await book.store.updateTransaction(memberRent.with(amount: -950))
        try await book.store.save(Transaction(title: "Groceries by the member", amount: -64, category: .food))
        #expect(try await book.service.sync().problems.isEmpty)
        #expect(try await home.owner.service.sync().problems.isEmpty)
        #expect(try await book.service.sync().problems.isEmpty)
        for device in [home.owner, book] {
            let rent = try #require(try await device.store.fetchTransaction(byID: home.rent.id))
            #expect(rent.title == "Rent, December" && rent.amount == -950)
        }
        #expect(try await home.owner.snapshot() == book.snapshot())
        #expect(try await home.owner.snapshot().transactions.contains { $0.title == "Groceries by the member" })
        // The member's own book got none of it.
        #expect(try await home.member.service.sync().problems.isEmpty)
        #expect(try await home.member.snapshot().transactions.map(\.title) == ["Member's own coffee"])
    }

    @Test(
        "a read-only member's change is refused in the book's database with a clear message; nothing is written or sent"
    )
    func readOnly() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let home = try await Self.household(server)
        let book = try await Self.accepted(home, server, permission: .readOnly)
        #expect(try await book.sharing.permission() == .readOnly)
        let before = try await book.snapshot()

        let refused = await #expect(throws: ServiceError.self) {
            try await book.store.save(Transaction(title: "Not allowed", amount: -1, category: .other))
        }
        #expect(refused?.code == .unauthorized)
        #expect(refused?.message.contains("read-only") == true)
        await #expect(throws: ServiceError.self) { try await book.store.deleteTransaction(id: home.rent.id) }
        #expect(try await book.snapshot() == before)
        #expect(try await book.engine.pendingChangeCount() == 0)
        // Nor can they hand the book on.
        await #expect(throws: ServiceError.self) {
            try await book.sharing.share(with: freshEmail("third"), permission: .readOnly)
        }
        // Their own book still takes their changes.
        try await home.member.store.save(Transaction(title: "Mine", amount: -2, category: .other))
    }

    @Test("a removed member's book database drops the book at its next sync, receives nothing new, and takes no change")
    func removal() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let home = try await Self.household(server)
        let book = try await Self.accepted(home, server, permission: .readWrite)
        #expect(try await book.snapshot().transactions.count == 2)

        try await home.owner.sharing.remove(home.memberEmail)
        try await home.owner.store.save(Transaction(title: "After the member left", amount: -5, category: .other))
        #expect(try await home.owner.service.sync().problems.isEmpty)
        #expect(try await book.service.sync().problems.isEmpty)
        let left = try await book.snapshot()
        #expect(left.transactions.isEmpty && left.people.isEmpty && left.groups.isEmpty)
        #expect(try await home.member.sharing.books().isEmpty)
        let refused = await #expect(throws: ServiceError.self) {
            try await book.store.save(Transaction(title: "Too late", amount: -1, category: .other))
        }
        #expect(refused?.message.contains("no longer shared") == true)
        // The owner still has everything.
        #expect(try await home.owner.snapshot().transactions.count == 3)
    }
}
