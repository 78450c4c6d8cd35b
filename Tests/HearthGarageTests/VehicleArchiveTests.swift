import Foundation
import HearthCore
import HearthTestSupport
import Logging
import Testing

@testable import HearthGarage

/// A vehicle sold or parked for good: archived, it keeps its history and leaves the due lists, the reminders and
/// the calendar; brought back, it returns to them.
@Suite(.timeLimit(.minutes(5))) struct VehicleArchiveTests {
    @Test("archived, a vehicle leaves the due list of every vehicle and the reminders, and keeps its own")
    func archivedLeavesDueAndReminders() async throws {
        let (store, _, car, oil) = try await ReminderServiceTests.garage()
        let service = ReminderService(store: store, adapters: [], logger: Logger(label: "test.archive"))
        #expect(try await service.upcoming().contains { $0.id.contains(oil.id.uuidString) })

        let archived = try await store.updateVehicle(car.id) { $0.isArchived = true }
        #expect(archived.isArchived && archived.currentMileage == car.currentMileage)
        #expect(try await store.due().isEmpty)
        #expect(try await store.due(vehicleID: car.id).first?.items.map(\.service.id) == [oil.id], "its own page")
        #expect(try await service.upcoming().filter { $0.id.contains(car.id.uuidString) }.isEmpty)
        #expect(try await service.upcoming().filter { $0.id.contains(oil.id.uuidString) }.isEmpty)
        #expect(try await store.vehicles().map(\.isArchived) == [true], "kept, with its history")

        _ = try await store.updateVehicle(car.id) { $0.isArchived = false }
        #expect(try await store.due().map(\.vehicle.id) == [car.id])
        #expect(try await service.upcoming().contains { $0.id.contains(oil.id.uuidString) })
    }

    @Test("a vehicle written before vehicles could be archived reads as not archived")
    func olderJSON() throws {
        let json = """
            {"id":"6F1C8E0A-3B7B-4C1E-9E0D-0A6B4B8C2D11","name":"Daily","make":"Honda","model":"Civic","year":2019,
             "currentMileage":42000,"createdAt":"2024-03-01T08:00:00Z","modifiedAt":"2024-03-01T08:00:00Z"}
            """
        let vehicle = try JSONDecoder.hearth.decode(Vehicle.self, from: Data(json.utf8))
        #expect(!vehicle.isArchived && vehicle.name == "Daily")
        let again = try JSONDecoder.hearth.decode(Vehicle.self, from: try JSONEncoder.hearth.encode(vehicle))
        #expect(again == vehicle)
    }

    @Test("hearth garage vehicle archive and unarchive, as a user types them")
    func commandLine() async throws {
        let cli = try HearthCLI()
        #expect(
            try await cli.run("vehicle", "add", "--name", "Old", "--make", "Ford", "--model", "F-150", "--year", "2015")
                .status == 0)
        #expect(try await cli.run("service", "add", "Old", "--preset", "Oil Change").status == 0)
        let archived = try await cli.run("vehicle", "archive", "old")
        #expect(archived.status == 0, "\(archived.stderr)")
        #expect(archived.stdout.contains("Archived Old") && archived.stdout.contains("out of the due lists"))
        #expect(try await cli.run("vehicle", "list").stdout.contains("yes"))
        #expect(try await cli.json([Vehicle].self, "vehicle", "list").first?.isArchived == true)
        #expect(try await cli.json([VehicleDue].self, "due").isEmpty)
        #expect(try await cli.run("due").stdout.contains("Every vehicle is archived (1)"))
        #expect(try await cli.json([VehicleDue].self, "due", "Old").first?.items.count == 1)
        let back = try await cli.run("vehicle", "unarchive", "Old")
        #expect(back.stdout.contains("back in the due lists"), "\(back.stderr)")
        #expect(try await cli.json([VehicleDue].self, "due").count == 1)
        #expect(try await cli.run("vehicle", "update", "Old", "--icon", "Truck").status == 0)
        #expect(try await cli.json([Vehicle].self, "vehicle", "list").first?.icon == "truck")
        let odd = try await cli.run("vehicle", "update", "Old", "--icon", "spaceship")
        #expect(odd.status != 0 && odd.stderr.contains("is not one of: car, suv"), "\(odd.stderr)")
        let missing = try await cli.run("vehicle", "archive", "Nope")
        #expect(missing.status != 0 && missing.stderr.contains("Nope"))
    }

    @Test("archived and the icon survive an export and its import; an export written before them still imports")
    func exports() async throws {
        let (store, _) = try TestSupport.store()
        let car = try await TestSupport.addCivic(store)
        _ = try await store.updateVehicle(car.id) {
            $0.isArchived = true
            $0.icon = VehicleIcon.pickup.rawValue
        }
        let bad = await #expect(throws: ServiceError.self) {
            try await store.updateVehicle(car.id) { $0.icon = "spaceship" }
        }
        #expect(bad?.message.contains("Icon \"spaceship\" is not one of: car, suv, pickup") == true)

        let folder = try TestSupport.temporaryDirectory().appendingPathComponent("export")
        try await store.exportArchive(format: .csv, to: folder)
        let vehicles = folder.appendingPathComponent("vehicles.csv")
        let written = try String(contentsOf: vehicles, encoding: .utf8)
        #expect(written.hasPrefix("Id,Name,") && written.split(separator: "\n")[0].hasSuffix(",Archived,Icon"))
        let (copy, _) = try TestSupport.store()
        _ = try await copy.importArchive(from: folder)
        let back = try #require(try await copy.vehicles().first)
        #expect(back.isArchived && back.icon == "pickup" && back.shownIcon == .pickup)

        // As an earlier version wrote it: without the last two columns.
        let older = written.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var cells = line.split(separator: ",", omittingEmptySubsequences: false)
            if cells.count > 2 { cells.removeLast(2) }
            return cells.joined(separator: ",")
        }.joined(separator: "\n")
        try older.write(to: vehicles, atomically: true, encoding: .utf8)
        let (earlier, _) = try TestSupport.store()
        _ = try await earlier.importArchive(from: folder)
        let plain = try #require(try await earlier.vehicles().first)
        #expect(!plain.isArchived && plain.icon == nil && plain.shownIcon == .car && plain.id == car.id)
    }
}
