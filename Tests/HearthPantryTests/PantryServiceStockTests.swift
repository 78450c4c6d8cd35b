import Foundation
import HearthCore
import HearthPantry
import HearthPantryModel
import HearthTestSupport
import Testing

@Suite("PantryService against a live server: edit, delete and every stock verb", .timeLimit(.minutes(10)))
struct PantryServiceStockTests {
    @Test(
        "stock verbs book and answer the booking; undo takes it back; edits trim and keep the quantity; delete removes")
    func stock() async throws {
        try await withLiveServer { server in
            let services = try await server.signedUpClient()
            let home = try await services.households().createHousehold(name: "Home", description: nil)
            let pantry = try services.pantry()
            let rice = try await pantry.addItem(
                householdId: home.id, name: "Rice", quantity: 500, unit: "g", category: .pantry,
                expirationDate: CalendarDay(iso: "2030-01-31"), location: "Pantry", notes: nil)

            let bought = try await pantry.purchase(
                rice.id, quantity: 250, location: " fridge ", bestBefore: CalendarDay(iso: "2030-01-10"))
            #expect(bought.item.quantity == 750)
            #expect(bought.booking.kind == "purchase")
            #expect(bought.booking.location == "Fridge")
            let opened = try await pantry.open(rice.id, quantity: 100, location: nil)
            #expect(opened.booking.kind == "open")
            let eaten = try await pantry.consume(rice.id, quantity: 50, spoiled: true, location: nil)
            #expect(eaten.item.quantity == 700)
            #expect(eaten.booking.spoiled)
            let moved = try await pantry.transfer(rice.id, quantity: 400, from: "Pantry", to: "Freezer")
            #expect(moved.booking.toLocation == "Freezer")
            let counted = try await pantry.correctInventory(rice.id, difference: -20, location: nil, bestBefore: nil)
            #expect(counted.item.quantity == 680)
            let undone = try await pantry.undoBooking(counted.booking.id)
            #expect(undone.item.quantity == 700)
            #expect(undone.booking.reverses == counted.booking.id)

            let expiring = try await pantry.items(in: home.id, expiringWithin: 3650)
            #expect(expiring.map(\.id) == [rice.id])
            #expect(try await pantry.items(in: home.id, expiringWithin: 0).isEmpty)

            let edited = try await pantry.updateItem(
                rice.id, PantryItemEdit(name: "  Basmati ", minimumQuantity: 1000, notes: "  top shelf "))
            #expect(edited.name == "Basmati")
            #expect(edited.notes == "top shelf")
            #expect(edited.quantity == 700)
            #expect(try await pantry.item(rice.id).minimumQuantity == 1000)

            // Refusals name what is wrong; nothing is sent or changed.
            #expect(
                await serviceError {
                    _ = try await pantry.consume(rice.id, quantity: 0, spoiled: false, location: nil)
                }?.message == "The quantity to consume must be more than 0; it is 0.")
            #expect(
                await serviceError {
                    _ = try await pantry.consume(rice.id, quantity: 5000, spoiled: false, location: nil)
                }?.reasons.first?.hasPrefix("Cannot consume 5000 g") == true)
            #expect(
                await serviceError { _ = try await pantry.updateItem(rice.id, PantryItemEdit(name: "  ")) }?.message
                    == "Item name cannot be empty")
            #expect(
                await serviceError { _ = try await pantry.updateItem(rice.id, PantryItemEdit()) }?.message.hasPrefix(
                    "Nothing to change") == true)
            #expect(
                await serviceError { _ = try await pantry.items(in: home.id, expiringWithin: -1) }?.message
                    == "Days until expiry must be 0 or more; it is -1.")
            #expect(
                await serviceError { _ = try await pantry.undoBooking("  ") }?.message == "Booking id cannot be empty")
            #expect(
                await serviceError { _ = try await pantry.transfer(rice.id, quantity: 1, from: "Pantry", to: "Attic") }?
                    .code == .validationFailed)
            #expect(try await pantry.item(rice.id).quantity == 700)

            let deleted = try await pantry.deleteItem(rice.id)
            #expect(deleted.name == "Basmati")
            #expect(try await pantry.items(in: home.id).isEmpty)
            #expect(await serviceError { _ = try await pantry.item(rice.id) }?.code == .notFound)
            #expect(await pantry.checkHealth().isHealthy)
        }
    }
}

@Suite("Live updates: watchers follow changes other clients make", .serialized, .timeLimit(.minutes(10)))
struct PantryLiveUpdatesTests {
    /// Two people in one household, each with their own client; the first owns it and has a stocked item.
    static func household(_ server: LiveServer) async throws -> (
        a: DependencyContainer, b: DependencyContainer, home: Household, rice: PantryItem
    ) {
        let a = try await server.signedUpClient("ada")
        let b = try await server.signedUpClient("bob")
        let home = try await a.households().createHousehold(name: "Home", description: nil)
        let code = try await a.households().createInvite(householdId: home.id).code
        _ = try await b.households().joinHousehold(inviteCode: code)
        let rice = try await a.pantry().addItem(
            householdId: home.id, name: "Rice", quantity: 500, unit: "g", category: .pantry,
            expirationDate: nil, location: "Pantry", notes: nil)
        return (a, b, home, rice)
    }

    /// Waits until the watched list holds `quantity` for the item; every answer on the way goes into `seen`, which
    /// is returned. ``WaitTimedOut`` when that does not happen within 30 s.
    @discardableResult
    static func waitFor(
        _ watched: Watched<[PantryItem]>, _ id: String, quantity: Double, seen: Locked<[[PantryItem]]> = Locked([])
    ) async throws -> [[PantryItem]] {
        _ = try await firstElement("the watched list holds \(quantity) of the item", of: watched) { items -> Bool? in
            seen.withLock { $0.append(items) }
            return items.first(where: { $0.id == id })?.quantity == quantity ? true : nil
        }
        return seen.current
    }

    @Test("A watches items; B consumes stock; A's watcher yields the new quantity")
    func anotherClientsBooking() async throws {
        try await withLiveServer { server in
            let (a, b, home, rice) = try await Self.household(server)
            let live = try a.liveUpdates()
            try await live.follow(householdId: home.id)
            let changes = live.changes()
            let watched = try a.pantry().watchItems(in: home.id)
            let consumer = Task { try await Self.waitFor(watched, rice.id, quantity: 300) }
            // Give the subscription a moment to be acknowledged before B acts.
            try await Self.settle(changes, a: a, home: home)
            _ = try await b.pantry().consume(rice.id, quantity: 200, spoiled: false, location: nil)
            let seen = try await consumer.value
            #expect(seen.first?.first { $0.id == rice.id }?.quantity == 500, "the watcher first yields what is stored")
            #expect(
                seen.last?.first { $0.id == rice.id }?.quantity == 300,
                "the watcher yields B's change: \(seen.map { $0.map(\.quantity) })")
            await live.stopAll()
        }
    }

    /// Makes changes as A until the live updates hear one, so the subscription is known to be acknowledged.
    static func settle(_ changes: AsyncStream<PantryChangeNotice>, a: DependencyContainer, home: Household) async throws
    {
        let heard = Locked(false)
        let listener = Task {
            for await change in changes where change.kind == "itemAdded" {
                heard.withLock { $0 = true }
                return
            }
        }
        defer { listener.cancel() }
        try await waitUntil("the live subscription hears A's own change", interval: .milliseconds(250)) {
            if heard.current { return true }
            _ = try await a.pantry().addItem(
                householdId: home.id, name: "Probe", quantity: 0, unit: nil, category: nil, expirationDate: nil,
                location: nil, notes: nil)
            return false
        }
    }

    @Test("a cancelled watcher stops cleanly; stopping live updates ends the subscription")
    func cancelAndStop() async throws {
        try await withLiveServer { server in
            let (a, _, home, rice) = try await Self.household(server)
            let live = try #require(try a.liveUpdates() as? PantryLiveUpdates)
            let graphQL = try #require(try a.graphQL() as? GraphQLService)
            try await live.follow(householdId: home.id)
            try await Self.settle(live.changes(), a: a, home: home)
            let watched = try a.pantry().watchItems(in: home.id)
            let answers = Locked(0)
            let consumer = Task {
                for try await _ in watched { answers.withLock { $0 += 1 } }
            }
            try await waitUntil("the watcher has its first answer") { answers.current >= 1 }
            #expect(await graphQL.watcherCount == 1)
            consumer.cancel()
            try await consumer.value
            try await waitUntil("the cancelled watcher is forgotten") { await graphQL.watcherCount == 0 }
            #expect(await live.households == [home.id])
            await live.stop(householdId: home.id)
            #expect(await live.households.isEmpty)
            _ = rice
        }
    }

    @Test("a dropped socket reconnects, and A's watcher still follows B's changes")
    func reconnects() async throws {
        try await withLiveServer { server in
            let (a, b, home, rice) = try await Self.household(server)
            let live = try #require(try a.liveUpdates() as? PantryLiveUpdates)
            try await live.follow(householdId: home.id)
            let changes = live.changes()
            try await Self.settle(changes, a: a, home: home)
            let client = try #require(live.subscriptions as? GraphQLSubscriptionClient)
            let before = await client.connections
            await live.reconnect()
            try await waitUntil("the connection is opened again") { await client.connections != before }
            #expect(await client.connections == before + 1, "the connection was opened again, once")
            try await Self.settle(live.changes(), a: a, home: home)
            let watched = try a.pantry().watchItems(in: home.id)
            let answers = Locked<[[PantryItem]]>([])
            let consumer = Task { try await Self.waitFor(watched, rice.id, quantity: 450, seen: answers) }
            try await waitUntil("the watcher has its first answer") { !answers.current.isEmpty }
            _ = try await b.pantry().consume(rice.id, quantity: 50, spoiled: false, location: nil)
            let seen = try await consumer.value
            #expect(seen.last?.first { $0.id == rice.id }?.quantity == 450, "\(seen.map { $0.map(\.quantity) })")
            await live.stopAll()
        }
    }

    @Test("an outsider cannot follow the household: the subscription is refused and nothing is followed")
    func outsiderRefused() async throws {
        try await withLiveServer { server in
            let (_, _, home, _) = try await Self.household(server)
            let outsider = try await server.signedUpClient("eve")
            let live = try #require(try outsider.liveUpdates() as? PantryLiveUpdates)
            let refusal = live.subscriptions.subscribe(
                PantryChangedSubscription(householdId: home.id), onConnect: { _ in })
            var error: ServiceError?
            do {
                for try await _ in refusal {}
            } catch let failure as ServiceError {
                error = failure
            }
            #expect(error?.code == .notFound, "\(String(describing: error))")
        }
    }
}
