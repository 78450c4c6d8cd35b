import Foundation
import HTTPTypes
import HearthCloud
import HearthCore
import HearthGarage
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HearthServer

/// Sharing a vehicle from the pages: the owner shares it from its page, the member takes it up on their garage
/// page, sees it marked as shared and changes it within their rights, and loses it at once when taken out.
@Suite("Web pages: sharing a vehicle", .timeLimit(.minutes(5)))
struct WebVehicleSharingTests {
    /// Proves `email`'s address on the server of `configuration`, as following the mailed code does.
    static func verify(_ email: String, _ configuration: ServerConfiguration) async throws {
        let store = try SQLRecordStore.sqlite(
            url: configuration.dataDirectory.appendingPathComponent("cloud.sqlite"), configuration: configuration.cloud)
        let account = try #require(try await store.account(email: email))
        #expect(try await store.verifyEmail(accountID: account.id, email: email, at: 1_800_000_000_000))
    }

    @Test(
        "shared read-only, then read-write, then taken out: each step as the member's pages and the owner's device see it"
    )
    func sharing() async throws {
        let configuration = try WebTest.configuration()
        let app = try await buildApplication(configuration)
        try await app.test(.live) { client in
            let (owner, ownerEmail, device, seeded, car) = try await WebTest.seededGarage(client)
            let member = WebBrowser(client)
            let memberEmail = try await WebTest.signUp(member, "member")
            try await Self.verify(memberEmail, configuration)

            try await owner.get(car)
            let bad = try await owner.post("\(car)/share", [("email", "not an address"), ("rights", "readOnly")])
            #expect(bad.status == .unprocessableContent)
            #expect(bad.text.contains("is not an e-mail address") && bad.text.contains("not an address"))
            let shared = try await owner.post("\(car)/share", [("email", memberEmail), ("rights", "readOnly")])
            #expect(shared.status == .seeOther, "\(shared.text.prefix(400))")
            let ownerPage = try await owner.get(car).text
            #expect(ownerPage.contains(memberEmail) && ownerPage.contains("read-only · invited"))

            // The member finds the invitation on the garage page and takes the vehicle up.
            let invited = try await member.get("/garage").text
            #expect(invited.contains("\(ownerEmail) shares a vehicle with you"))
            let token = String(try #require(invited.firstMatch(of: /name="token" value="([^"]+)"/)).1)
            let accepted = try await member.post("/garage/shares/accept", [("token", token)])
            #expect(accepted.location == "\(car)?notice=accepted", "\(accepted.text.prefix(400))")
            let garage = try await member.get("/garage").text
            #expect(garage.contains("href=\"\(car)\">\(seeded.car.name)</a>"))
            #expect(garage.contains("Shared by \(ownerEmail) · read-only"))
            #expect(!garage.contains(seeded.truck.id.uuidString.lowercased()), "only the shared vehicle")
            let page = try await member.get(car).text
            #expect(page.contains("\(ownerEmail) shares this vehicle with you, read-only"))

            // Read-only: a change is refused, saying why, and nothing reaches the owner.
            let mileage = try await device.store.vehicle(id: seeded.car.id).currentMileage
            let refused = try await member.post("\(car)/mileage", [("mileage", "45000")])
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains("shared with you read-only"))
            try await device.sync()
            #expect(try await device.store.vehicle(id: seeded.car.id).currentMileage == mileage)

            // Read-write: the member's change goes to the owner's devices.
            try await owner.get(car)
            #expect(
                try await owner.post("\(car)/share", [("email", memberEmail), ("rights", "readWrite")]).status
                    == .seeOther)
            try await member.get(car)
            let saved = try await member.post("\(car)/mileage", [("mileage", "45000")])
            #expect(saved.status == .seeOther, "\(saved.text.prefix(400))")
            try await device.sync()
            #expect(try await device.store.vehicle(id: seeded.car.id).currentMileage == 45_000)

            // Taken out: gone from the member's pages at once.
            try await owner.get(car)
            let removed = try await owner.post("\(car)/share/remove", [("participant", memberEmail)])
            #expect(removed.status == .seeOther, "\(removed.text.prefix(400))")
            #expect(!(try await owner.get(car).text.contains(memberEmail)))
            #expect(!(try await member.get("/garage").text.contains("href=\"\(car)\"")))
            #expect(try await member.get(car).status == .notFound)
            let again = try await member.post("\(car)/mileage", [("mileage", "46000")])
            #expect(again.status == .notFound)
        }
    }
}
