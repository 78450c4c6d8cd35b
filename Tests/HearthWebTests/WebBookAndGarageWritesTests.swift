import Foundation
import HTTPTypes
import HearthCore
import HearthFinance
import HearthGarage
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HearthServer

/// A household with no device starts its garage and money book from the pages: vehicles added, their details
/// changed, services added and the vehicle deleted; people, subscriptions and groups added. Each write reaches a
/// device at its next sync; each bad field is named, with what was typed kept and nothing written.
@Suite("Web pages: the garage and the money book from the browser", .timeLimit(.minutes(10)))
struct WebBookAndGarageWritesTests {
    static let vin = "1HGCM82633A004352"

    @Test("add a vehicle, services from a preset and typed in, change its details, delete it; a device follows")
    func vehicles() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let server = URL(string: "http://127.0.0.1:\(try #require(client.port))")!
            let browser = WebBrowser(client)
            let email = try await WebTest.signUp(browser)
            let empty = try await browser.get("/garage").text
            #expect(empty.contains("<details class=\"add\" open>"), "a new garage opens the form to add one")

            let refused = try await browser.post(
                "/garage/vehicles",
                [
                    ("vehicleName", "Daily"), ("make", "Honda"), ("model", "Civic"), ("year", "20x9"),
                    ("odometer", "lots"), ("vin", "1HGCM82633A00435X"),
                ])
            #expect(refused.status == .unprocessableContent)
            for named in ["year \"20x9\"", "mileage \"lots\"", "VIN"] {
                #expect(refused.text.contains(named.replacingOccurrences(of: "\"", with: "&quot;")), "\(named)")
            }
            #expect(refused.text.contains("value=\"20x9\"") && refused.text.contains("value=\"1HGCM82633A00435X\""))
            #expect(try await browser.get("/garage").text.contains("No vehicles yet"))

            let added = try await browser.post(
                "/garage/vehicles",
                [
                    ("vehicleName", "Daily"), ("make", "Honda"), ("model", "Civic"), ("year", "2019"),
                    ("odometer", "42,000"), ("vin", Self.vin),
                ])
            #expect(added.status == .seeOther, "\(added.text.prefix(500))")
            let location = try #require(added.location)
            let id = String(try #require(location.firstMatch(of: /\/garage\/([0-9a-f-]{36})/)).1)
            let page = try await browser.get(location).text
            #expect(page.contains("🚗</span> Daily</h1>") && page.contains("42,000"))
            #expect(page.contains("The vehicle is added"))

            let preset = try await browser.post("/garage/\(id)/services", [("preset", "Oil Change")])
            #expect(preset.status == .seeOther)
            let noInterval = try await browser.post("/garage/\(id)/services", [("serviceName", "Cabin filter")])
            #expect(noInterval.status == .unprocessableContent)
            #expect(noInterval.text.contains("needs an interval"))
            #expect(noInterval.text.contains("value=\"Cabin filter\""))
            let unknown = try await browser.post("/garage/\(id)/services", [("preset", "Flux capacitor")])
            #expect(unknown.text.contains("is not one of the presets"))
            let typedIn = try await browser.post(
                "/garage/\(id)/services", [("serviceName", "Cabin filter"), ("intervalMonths", "12")])
            #expect(typedIn.status == .seeOther)
            let withServices = try await browser.get("/garage/\(id)").text
            #expect(withServices.contains("Oil Change") && withServices.contains("Cabin filter"))

            let edited = try await browser.post(
                "/garage/\(id)/edit",
                [
                    ("vehicleName", "Commuter"), ("make", "Honda"), ("model", "Civic"), ("year", "2019"),
                    ("vin", Self.vin), ("licensePlate", "ABC-123"),
                ])
            #expect(edited.status == .seeOther)
            #expect(try await browser.get(try #require(edited.location)).text.contains("🚗</span> Commuter</h1>"))
            let badEdit = try await browser.post(
                "/garage/\(id)/edit", [("vehicleName", ""), ("make", ""), ("model", ""), ("year", "2019")])
            #expect(badEdit.status == .unprocessableContent)
            #expect(badEdit.text.contains("give the vehicle a name, or its make and model"))

            // A device of the same account receives all of it.
            let device = try await WebRecordsHarness.garageDevice(email, server: server, signUp: false)
            try await device.sync()
            let vehicles = try await device.store.vehicles()
            #expect(vehicles.map(\.displayName) == ["Commuter"])
            #expect(vehicles.first?.vin == Self.vin && vehicles.first?.licensePlate == "ABC-123")
            #expect(vehicles.first?.currentMileage == 42_000)
            #expect(Set(try await device.store.services().map(\.name)) == ["Oil Change", "Cabin filter"])

            // The device keeps the insurance card with it.
            let card = scratchDirectory("hearth-web-card").appendingPathExtension("pdf")
            try Data("%PDF-1.4 card".utf8).write(to: card)
            _ = try await device.store.addDocument(
                DocumentDraft(kind: "insurance", label: "Card", expires: "2027-01-01"), copying: card.path,
                to: try #require(vehicles.first?.id))
            try await device.sync()

            // Deleting says what goes first, then takes it from the device too, the card with it.
            let asks = try await browser.get("/garage/\(id)/delete").text
            #expect(asks.contains("Delete Commuter?"))
            #expect(
                asks.contains("2 services") && asks.contains("1 odometer reading") && asks.contains("1 document"),
                "\(asks)")
            let deleted = try await browser.post("/garage/\(id)/delete")
            #expect(deleted.location == "/garage?notice=deleted")
            #expect(try await browser.get("/garage?notice=deleted").text.contains("The vehicle is deleted"))
            try await device.sync()
            #expect(try await device.store.vehicles().isEmpty)
            #expect(try await device.store.services().isEmpty)
            #expect(try await device.store.documents(of: nil).isEmpty, "the card's record is deleted on the device")
        }
    }

    @Test("add people, a subscription and a group of them; a device follows; bad fields are named, nothing written")
    func book() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let server = URL(string: "http://127.0.0.1:\(try #require(client.port))")!
            let browser = WebBrowser(client)
            let email = try await WebTest.signUp(browser)
            try await browser.get("/money")
            let nameless = try await browser.post("/money/people", [("personName", " "), ("personEmail", "ana@")])
            #expect(nameless.status == .unprocessableContent)
            #expect(nameless.text.contains("name is empty") && nameless.text.contains("is not an address"))
            for name in ["Ana", "Ben"] {
                #expect(try await browser.post("/money/people", [("personName", name)]).status == .seeOther)
                try await browser.get("/money")
            }

            let badSubscription = try await browser.post(
                "/money/subscriptions",
                [("subscriptionName", "Streaming"), ("price", "lots"), ("cycle", "Fortnightly"), ("nextBill", "soon")])
            #expect(badSubscription.status == .unprocessableContent)
            for named in ["price", "Fortnightly", "next bill"] {
                #expect(badSubscription.text.contains(named), "\(named)")
            }
            #expect(badSubscription.text.contains("value=\"Streaming\""))
            #expect(
                badSubscription.text.contains("<details class=\"add\" open>\n<summary>Add a subscription"),
                "the refused form is shown open")
            let subscription = try await browser.post(
                "/money/subscriptions",
                [
                    ("subscriptionName", "Streaming"), ("price", "12.99"), ("cycle", "Monthly"),
                    ("nextBill", "2027-01-10"), ("subscriptionCategory", "Entertainment"),
                ])
            #expect(subscription.status == .seeOther, "\(subscription.text.prefix(400))")
            let withSubscription = try await browser.get("/money").text
            #expect(withSubscription.contains("Streaming") && withSubscription.contains("2027-01-10"))

            let people = try await browser.get("/money").text
            let ids = people.matches(of: /name="members" type="checkbox" value="([0-9a-f-]{36})"/).map { String($0.1) }
            #expect(ids.count == 2)
            let noMembers = try await browser.post("/money/groups", [("groupName", "Trip")])
            #expect(noMembers.status == .unprocessableContent && noMembers.text.contains("none chosen"))
            let stranger = try await browser.post(
                "/money/groups", [("groupName", "Trip"), ("members", UUID().uuidString.lowercased())])
            #expect(stranger.status == .unprocessableContent && stranger.text.contains("not among your people"))
            let group = try await browser.post(
                "/money/groups", [("groupName", "Trip")] + ids.map { ("members", $0) })
            #expect(group.status == .seeOther)
            #expect(try await browser.get("/money").text.contains(">Trip</a>"))

            let device = try await WebRecordsHarness.financeDevice(email, server: server, signUp: false)
            try await device.sync()
            #expect(Set(try await device.store.fetchAllPeople().map(\.name)) == ["Ana", "Ben"])
            let stored = try await device.store.fetchAllSubscriptions()
            #expect(stored.map(\.name) == ["Streaming"] && stored.first?.price == Decimal(string: "12.99"))
            let groups = try await device.store.fetchAllGroups()
            #expect(groups.map(\.name) == ["Trip"] && groups.first?.members.count == 2)
        }
    }
}
