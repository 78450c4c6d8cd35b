import Foundation
import HearthCloudModel
import HearthCore
import HearthGarage
import HearthSync
import HearthTestSupport
import Testing

/// A vehicle shared between two accounts, each on a device of their own, through a real server.
@Suite(.serialized, .timeLimit(.minutes(10))) struct GarageShareTests {
    /// The owner's device with a vehicle (a service, a fill-up and an expense) synced before it is shared, and a
    /// member's device signed in with a proven address.
    static func household(_ server: LiveServer) async throws -> (
        owner: GarageDevice, member: GarageDevice, memberEmail: String, car: Vehicle
    ) {
        let memberEmail = freshEmail("member")
        let owner = try await GarageDevice.make(server, email: freshEmail("owner"), signUp: true)
        let member = try await GarageDevice.make(server, email: memberEmail, signUp: true)
        try await server.verify(memberEmail)
        let car = try await owner.store.addVehicle(
            Vehicle(name: "Family van", make: "Honda", model: "Odyssey", year: 2020, currentMileage: 30_000))
        let oil = try await owner.store.addService(ServiceDraft(preset: "Oil Change"), to: car.id)
        try await owner.store.completeService(oil.id, mileage: 30_200, cost: "59.00")
        _ = try await owner.store.write { tx in
            try tx.insert(
                FuelLog(
                    vehicleID: car.id, date: CalendarDay(year: 2026, month: 11, day: 2)!, odometer: 30_150,
                    gallons: 14, totalCost: 49))
            try tx.insert(
                GarageExpense(
                    vehicleID: car.id, date: CalendarDay(year: 2026, month: 11, day: 3)!, amount: 80,
                    category: "Car wash"))
        }
        // A vehicle of the owner's that is not shared.
        _ = try await owner.store.addVehicle(Vehicle(name: "Project car", make: "Mazda", model: "MX-5", year: 1991))
        #expect(try await owner.sync.sync().problems.isEmpty)
        return (owner, member, memberEmail, car)
    }

    @Test(
        "a vehicle shared read-write arrives whole, edits made on both devices at once merge, and the unshared one stays private"
    )
    func readWrite() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let (owner, member, memberEmail, car) = try await Self.household(server)

        let share = try await owner.sharing.share(car.id, with: memberEmail, permission: .readWrite)
        #expect(share.current.map(\.emailAddress) == [memberEmail])
        let invitations = try await member.sharing.invitations()
        #expect(invitations.count == 1)
        let access = try await member.sharing.accept(try #require(invitations.first).shareToken)
        #expect(access == GarageShareAccess(vehicleID: car.id, owner: access.owner, permission: .readWrite))

        // The vehicle and everything of it, and nothing else of the owner's.
        let received = try await member.snapshot()
        #expect(received.vehicles.map(\.name) == ["Family van"])
        #expect(received.services.count == 1)
        #expect(received.logs.count == 1)
        #expect(received.fuel.count == 1)
        #expect(received.expenses.map(\.category) == ["Car wash"])

        // Both change it before either syncs: different fields of the vehicle, and a log each.
        try await owner.store.updateVehicle(car.id) { $0.notes = "Winter tires on" }
        try await member.store.updateVehicle(car.id) { $0.licensePlate = "HRTH 42" }
        _ = try await member.store.write { tx in
            try tx.insert(
                FuelLog(
                    vehicleID: car.id, date: CalendarDay(year: 2026, month: 11, day: 20)!, odometer: 30_500,
                    gallons: 15, totalCost: 52, station: "Member's fill-up"))
        }
        _ = try await owner.store.write { tx in
            try tx.insert(
                GarageExpense(
                    vehicleID: car.id, date: CalendarDay(year: 2026, month: 11, day: 21)!, amount: 120,
                    category: "Inspection"))
        }
        #expect(try await member.sync.sync().problems.isEmpty)
        #expect(try await owner.sync.sync().problems.isEmpty)
        #expect(try await member.sync.sync().problems.isEmpty)
        let ownerVan = try await owner.store.vehicle(id: car.id)
        let memberVan = try await member.store.vehicle(id: car.id)
        #expect(ownerVan.notes == "Winter tires on" && ownerVan.licensePlate == "HRTH 42")
        #expect(memberVan.notes == "Winter tires on" && memberVan.licensePlate == "HRTH 42")
        #expect(try await owner.store.fuelLogs(of: car.id).map(\.station).contains("Member's fill-up"))
        #expect(try await member.store.expenses(of: car.id).map(\.category).sorted() == ["Car wash", "Inspection"])
        // The member's fill-up went to the owner's zone, not to the member's own.
        let ownSnapshot = try await owner.snapshot()
        #expect(ownSnapshot.vehicles.count == 2)
        #expect(try await member.snapshot().vehicles.count == 1)
    }

    @Test("a read-only member's change is refused on the device with a clear message, and nothing is written or sent")
    func readOnly() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let (owner, member, memberEmail, car) = try await Self.household(server)
        try await owner.sharing.share(car.id, with: memberEmail, permission: .readOnly)
        let token = try #require(try await member.sharing.invitations().first).shareToken
        #expect(try await member.sharing.accept(token).permission == .readOnly)
        let before = try await member.snapshot()

        let refused = await #expect(throws: ServiceError.self) {
            try await member.store.updateVehicle(car.id) { $0.notes = "mine now" }
        }
        #expect(refused?.code == .unauthorized)
        #expect(refused?.message.contains("read-only") == true)
        await #expect(throws: ServiceError.self) {
            _ = try await member.store.write { tx in
                try tx.insert(
                    FuelLog(vehicleID: car.id, date: CalendarDay(year: 2026, month: 12, day: 1)!, gallons: 3))
            }
        }
        let service = try #require(try await member.store.services(of: car.id).first)
        await #expect(throws: ServiceError.self) { try await member.store.removeService(service.id) }
        #expect(try await member.snapshot() == before)
        #expect(try await member.engine.pendingChangeCount() == 0)

        // The member cannot hand it on or stop the share either.
        await #expect(throws: ServiceError.self) {
            try await member.sharing.share(car.id, with: freshEmail("third"), permission: .readOnly)
        }
    }

    @Test("a removed member's devices drop the vehicle at their next sync and receive nothing new")
    func removal() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let (owner, member, memberEmail, car) = try await Self.household(server)
        try await owner.sharing.share(car.id, with: memberEmail, permission: .readWrite)
        _ = try await member.sharing.accept(try #require(try await member.sharing.invitations().first).shareToken)
        #expect(try await member.snapshot().vehicles.count == 1)

        try await owner.sharing.remove(memberEmail, from: car.id)
        try await owner.store.updateVehicle(car.id) { $0.notes = "after the member left" }
        #expect(try await owner.sync.sync().problems.isEmpty)
        _ = try await member.sync.sync()
        let left = try await member.snapshot()
        #expect(left.vehicles.isEmpty)
        #expect(left.logs.isEmpty && left.fuel.isEmpty && left.expenses.isEmpty)
        #expect(try await member.sharing.sharedWithMe().isEmpty)
        // The owner still has everything.
        #expect(try await owner.store.vehicle(id: car.id).notes == "after the member left")
        #expect(try await owner.store.expenses(of: car.id).count == 1)
    }
}
