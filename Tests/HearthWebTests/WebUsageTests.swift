import Foundation
import HTTPTypes
import HearthCloud
import HearthCore
import HearthGarage
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import HearthServer

/// The garage pages' screen views: recorded to the server's own collector as PostHog's `$screen` events, only
/// while the account shares its usage (off until turned on from the account page), naming the kind of page and
/// nothing else, under a pseudonym that is neither the account nor its address.
@Suite("Web pages: screen views of the garage, for accounts that share them", .timeLimit(.minutes(5)))
struct WebUsageTests {
    @Test("off until the account turns it on; then each garage page opened is a $screen event without personal data")
    func screenViews() async throws {
        var configuration = try WebTest.configuration()
        configuration.analyticsKeys = ["phc_hearth_web"]
        let file = configuration.dataDirectory.appendingPathComponent("cloud.sqlite")
        let app = try await buildApplication(configuration)
        try await app.test(.live) { client in
            let (browser, email, _, seeded, car) = try await WebTest.seededGarage(client)
            let events = try SQLRecordStore.sqlite(url: file, logger: Logger(label: "hearth.usage.test"))
                .analyticsEvents()
            try await events.migrate()
            func screens() async throws -> [CollectedEvent] {
                try await events.events(CollectedEventQuery(event: "$screen", limit: 1_000))
            }

            // Off: the pages record nothing.
            for path in ["/garage", car, "/garage/reminders"] { #expect(try await browser.get(path).status == .ok) }
            #expect(try await screens().isEmpty)
            let account = try await browser.get("/account").text
            #expect(account.contains("Sharing is <strong>off</strong>") && account.contains("Share which pages I open"))

            // On: each garage page opened is one event naming its kind.
            #expect(try await browser.post("/account/usage", [("share", "on")]).location == "/account?notice=usageOn")
            #expect(try await browser.get("/account").text.contains("Sharing is <strong>on</strong>"))
            for path in [
                "/garage", car, "/garage/reminders", "/garage/import", "\(car)/delete",
                "\(car)/services/\(seeded.oil.id.uuidString.lowercased())",
            ] {
                #expect(try await browser.get(path).status == .ok, "\(path)")
            }
            #expect(try await browser.get("/garage/\(UUID().uuidString.lowercased())").status == .notFound)
            let recorded = try await screens()
            #expect(
                Set(recorded.compactMap { $0.properties["$screen_name"] })
                    == Set(
                        ["garage", "vehicle", "reminders", "import", "vehicle_delete", "service"].map(AnyJSON.string)),
                "\(recorded.map(\.properties))")
            #expect(recorded.count == 6, "a page not found is no screen view")
            let pseudonym = try #require(recorded.first?.distinctID)
            #expect(pseudonym.count == 32 && recorded.allSatisfy { $0.distinctID == pseudonym })
            let userID = try #require(try await SQLRecordStore.sqlite(url: file).account(email: email)?.id)
            for event in recorded {
                #expect(event.projectKey == "phc_hearth_web")
                #expect(Set(event.properties.keys) == ["$screen_name", "$lib", "$process_person_profile"])
                let written = String(decoding: try JSONEncoder().encode(event), as: UTF8.self)
                for personal in [email, userID, seeded.car.id.uuidString.lowercased(), "Daily", "Honda"] {
                    #expect(!written.contains(personal), "\(personal) in \(written)")
                }
            }

            // Off again: nothing more is recorded.
            try await browser.get("/account")
            #expect(try await browser.post("/account/usage").location == "/account?notice=usageOff")
            try await browser.get("/garage")
            try await browser.get(car)
            #expect(try await screens().count == 6)
        }
    }

    @Test("a server that collects nothing says so, and refuses to turn it on")
    func collectorOff() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let browser = WebBrowser(client)
            try await WebTest.signUp(browser)
            let account = try await browser.get("/account").text
            #expect(account.contains("This server counts nothing of how its pages are used."))
            #expect(!account.contains("/account/usage"))
            #expect(try await browser.post("/account/usage", [("share", "on")]).status == .notFound)
        }
    }
}
