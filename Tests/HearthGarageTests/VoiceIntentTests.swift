import Foundation
import HearthCore
import Testing

@testable import HearthGarage

@Suite struct VoiceIntentTests {
    @Test func theThreeRequestsAreUnderstood() throws {
        #expect(try VoiceIntentParser.parse("What's due on my car?") == .whatsDue(vehicle: nil))
        #expect(try VoiceIntentParser.parse("What’s due?") == .whatsDue(vehicle: nil))
        #expect(try VoiceIntentParser.parse("Does my car need maintenance") == .whatsDue(vehicle: nil))
        #expect(try VoiceIntentParser.parse("What maintenance is coming up?") == .upcoming(vehicle: nil))
        #expect(try VoiceIntentParser.parse("what's next for the car") == .upcoming(vehicle: nil))
        #expect(
            try VoiceIntentParser.parse("Update mileage to 45,000 miles")
                == .updateMileage(vehicle: nil, miles: 45_000, spoken: "45,000 miles"))
    }

    @Test func readingsAreWrittenManyWays() throws {
        let cases: [(String, Int)] = [
            ("Update mileage to 45,000 miles", 45_000),
            ("update mileage to 45 000", 45_000),
            ("Update mileage to 45k", 45_000),
            ("Update mileage to 45.5k miles", 45_500),
            ("Set the odometer to 45 thousand", 45_000),
            ("Update mileage to 45000", 45_000),
            ("Update mileage to 45.000 miles", 45_000),
            ("Update mileage to 1,234,567", 1_234_567),
            ("Update mileage to 72,420 km", 45_000),  // 72,420 km = 45,000 mi
            ("update the mileage to 100k kilometres", 62_137),
            ("Update mileage to 100 000 kilometers", 62_137),
        ]
        for (text, miles) in cases {
            guard case .updateMileage(_, let parsed, _) = try VoiceIntentParser.parse(text) else {
                Issue.record("\(text) was not a mileage update")
                continue
            }
            #expect(parsed == miles, "\(text)")
        }
    }

    @Test func aNamedVehicleIsFoundAndItsDigitsAreNotTheReading() throws {
        let names = ["Daily", "F-150", "Civic"]
        #expect(
            try VoiceIntentParser.parse("What's due on the Civic?", vehicleNames: names) == .whatsDue(vehicle: "Civic"))
        #expect(
            try VoiceIntentParser.parse("Update Daily's mileage to 45k", vehicleNames: names)
                == .updateMileage(vehicle: "Daily", miles: 45_000, spoken: "45k"))
        #expect(
            try VoiceIntentParser.parse("Update the F-150 mileage to 88,000 miles", vehicleNames: names)
                == .updateMileage(vehicle: "F-150", miles: 88_000, spoken: "88,000 miles"))
        #expect(
            try VoiceIntentParser.parse("What is coming up for my civic", vehicleNames: names)
                == .upcoming(vehicle: "Civic"))
    }

    @Test func requestsThatAreNotUnderstoodSayWhatToTry() {
        #expect(throws: VoiceIntentError.empty) { try VoiceIntentParser.parse("  ") }
        #expect(throws: VoiceIntentError.notUnderstood("Play some music")) {
            try VoiceIntentParser.parse("Play some music")
        }
        #expect(throws: VoiceIntentError.noNumber("Update mileage")) { try VoiceIntentParser.parse("Update mileage") }
        #expect(VoiceIntentError.noNumber("Update mileage").description.contains("45,000 miles"))
    }

    @Test func theAssistantAnswersFromTheStore() async throws {
        let (store, _) = try TestSupport.store(now: TestSupport.date(2024, 3, 10))
        let civic = try await TestSupport.addCivic(store, mileage: 42_000)
        let assistant = GarageAssistant(store: store)

        var answer = try await assistant.ask("What's due on my car?")
        #expect(answer.text == "Nothing is due on Daily.")

        _ = try await store.addService(
            ServiceDraft(preset: "Oil Change", lastPerformed: TestSupport.day(2023, 8, 1), lastMileage: 37_500),
            to: civic.id)
        _ = try await store.addService(
            ServiceDraft(preset: "Tire Rotation", lastPerformed: TestSupport.day(2024, 1, 10), lastMileage: 41_000),
            to: civic.id)
        answer = try await assistant.ask("What's due on my car?")
        // Oil: due 2024-02-01 or at 42,500 miles — past its date.
        #expect(answer.text == "Daily has 1 service needing attention: Oil Change is overdue by 38 days.")
        #expect(answer.items.map(\.service.name) == ["Oil Change"])

        answer = try await assistant.ask("What maintenance is coming up?")
        #expect(
            answer.text.hasPrefix(
                "Coming up: Oil Change is overdue by 38 days and Tire Rotation in 4,000 miles or in 122 days"))

        answer = try await assistant.ask("Update mileage to 45k")
        #expect(answer.text == "Daily now reads 45,000 miles.")
        #expect(try await store.vehicle(id: civic.id).currentMileage == 45_000)
        #expect(answer.mileageUpdate?.snapshot.mileage == 45_000)

        // With a second vehicle, a mileage update must say which.
        _ = try await store.addVehicle(
            Vehicle(name: "Truck", make: "Ford", model: "F-150", year: 2012, currentMileage: 88_000))
        let before = try await TestSupport.snapshot(store)
        await expectError("Which vehicle? You have Daily, Truck") {
            _ = try await assistant.ask("Update mileage to 46,000")
        }
        await expectError("I didn't understand") { _ = try await assistant.ask("Order a pizza") }
        #expect(try await TestSupport.snapshot(store) == before)
        answer = try await assistant.ask("Update the F-150 mileage to 88,250 miles")
        #expect(answer.text == "Truck now reads 88,250 miles.")
    }
}
