import Foundation
import HTTPTypes
import HearthCore
import HearthGarage
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import HearthServer

/// The garage's reminders in a calendar app: the reminders page lists what is coming; a secret feed link, made
/// on the page, serves the same reminders as iCalendar to a client with no session (read here with Python's
/// `icalendar`); a new link ends the old one, stopping ends both, and a link that is not one finds nothing.
@Suite("Web pages: the garage's reminders and calendar feed", .timeLimit(.minutes(10)))
struct WebCalendarFeedTests {
    static let python = ExternalTool(
        name: "Python with icalendar", variable: "HEARTH_ICALENDAR_PYTHON",
        candidates: [
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/venv/bin/python3")
        ],
        install: "python3 -m venv .build/venv && .build/venv/bin/pip install icalendar==7.3.2 (.ci/run does)")

    @Test("the feed link serves the device's reminders as iCalendar; renewed or stopped, the old link finds nothing")
    func feed() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let server = URL(string: "http://127.0.0.1:\(try #require(client.port))")!
            let browser = WebBrowser(client)
            let email = try await WebTest.signUp(browser)
            let device = try await WebRecordsHarness.garageDevice(email, server: server, signUp: false)
            _ = try await GarageRecordsTests.seed(device.store)
            try await device.sync()
            // What `hearth garage reminders list --ics` makes of the same records at the server's moment.
            let atServer = GarageStore(
                database: device.store.database, recorder: NoGarageChangeRecorder(), timeZone: .current,
                now: { Date() })
            let expected = try await ReminderService(
                store: atServer, adapters: [], logger: Logger(label: "test"), externalChangePollInterval: nil
            ).upcoming()
            #expect(!expected.isEmpty)

            let page = try await browser.get("/garage/reminders").text
            #expect(page.contains("Make a calendar address"))
            for reminder in expected.prefix(5) {
                #expect(page.contains(Self.html(reminder.title)), "\(reminder.title)")
            }
            #expect(try await browser.post("/garage/calendar").location == "/garage/reminders?notice=feed")
            let linked = try await browser.get("/garage/reminders?notice=feed").text
            let token = String(try #require(linked.firstMatch(of: /\/calendar\/([0-9a-f]{64})\/garage\.ics/)).1)
            #expect(linked.contains("/calendar/\(token)/garage.ics\""))
            #expect(linked.contains(/href="webcal:\/\/[^\/"]+\/calendar\/[0-9a-f]{64}\/garage\.ics"/), "\(linked)")

            // A calendar app: no cookies, no session.
            let app = WebBrowser(client)
            let answer = try await app.get("/calendar/\(token)/garage.ics")
            #expect(answer.status == .ok)
            #expect(answer.headers[.contentType] == "text/calendar; charset=utf-8")
            #expect(answer.text.hasPrefix("BEGIN:VCALENDAR\r\n"))
            if let python = try Self.python.required() {
                let file = scratchDirectory("hearth-web-feed").appendingPathExtension("ics")
                try Data(answer.text.utf8).write(to: file)
                let script = """
                    import icalendar, json, sys
                    calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
                    print(json.dumps({'name': str(calendar['X-WR-CALNAME']),
                                      'summaries': [str(e['SUMMARY']) for e in calendar.walk('VEVENT')]}))
                    """
                let result = try await ChildProcess.run(python, ["-c", script, file.path])
                #expect(result.status == 0, "\(result.stderr)")
                struct Parsed: Decodable {
                    var name: String
                    var summaries: [String]
                }
                let parsed = try JSONDecoder().decode(Parsed.self, from: Data(result.stdout.utf8))
                #expect(parsed.name == "Hearth Garage")
                #expect(parsed.summaries.sorted() == expected.map(\.title).sorted())
            }

            // Links that are not one find nothing.
            let flipped = String(token.dropLast()) + (token.hasSuffix("0") ? "1" : "0")
            for wrong in [
                flipped, String(repeating: "0", count: 64), "not-a-link", String(repeating: "a", count: 5_000),
            ] {
                #expect(try await app.get("/calendar/\(wrong)/garage.ics").status == .notFound, "\(wrong.prefix(70))")
            }

            // A new link ends the old; stopping ends the new.
            try await browser.get("/garage/reminders")
            try await browser.post("/garage/calendar")
            let renewed = try await browser.get("/garage/reminders").text
            let second = String(try #require(renewed.firstMatch(of: /\/calendar\/([0-9a-f]{64})\/garage\.ics/)).1)
            #expect(second != token)
            #expect(try await app.get("/calendar/\(token)/garage.ics").status == .notFound)
            #expect(try await app.get("/calendar/\(second)/garage.ics").status == .ok)
            #expect(try await browser.post("/garage/calendar/stop").location == "/garage/reminders?notice=feedStopped")
            #expect(try await app.get("/calendar/\(second)/garage.ics").status == .notFound)
            #expect(try await browser.get("/garage/reminders").text.contains("Make a calendar address"))
        }
    }

    /// `text` as the pages escape it.
    @Test("remind tomorrow from the page: the reminder again at 09:00 tomorrow, in the list and the calendar; kept")
    func remindTomorrow() async throws {
        let app = try await buildApplication(try WebTest.configuration())
        try await app.test(.live) { client in
            let (browser, _, _, seeded, _) = try await WebTest.seededGarage(client)
            let id = "mileage-reminder-\(seeded.car.id.uuidString)"
            let page = try await browser.get("/garage/reminders").text
            #expect(page.contains("name=\"reminder\" value=\"\(id)\"") && page.contains("Remind Later"))

            #expect(
                try await browser.post("/garage/reminders/snooze", [("reminder", id)]).location
                    == "/garage/reminders?notice=snoozed")
            var tomorrow = Calendar(identifier: .gregorian)
            tomorrow.timeZone = .current
            let nextDay = try #require(tomorrow.date(byAdding: .day, value: 1, to: Date()))
            let nine = try #require(tomorrow.date(bySettingHour: 9, minute: 0, second: 0, of: nextDay))
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = .current
            formatter.dateFormat = "yyyy-MM-dd HH:mm"
            let snoozed = try await browser.get("/garage/reminders?notice=snoozed").text
            #expect(snoozed.contains("You will be reminded again tomorrow"))
            #expect(
                snoozed.contains("<td>\(formatter.string(from: nine))</td><td>Daily</td><td>Update your mileage"),
                "\(snoozed.prefix(4_000))")
            #expect(snoozed.components(separatedBy: "<td>Daily</td><td>Update your mileage").count == 2, "once")
            #expect(!snoozed.contains("value=\"\(id)\""), "a snooze is not put off again")

            // The calendar has it once, at its new time; and it is kept on the server.
            try await browser.post("/garage/calendar")
            let linked = try await browser.get("/garage/reminders").text
            let token = String(try #require(linked.firstMatch(of: /\/calendar\/([0-9a-f]{64})\/garage\.ics/)).1)
            let ics = try await WebBrowser(client).get("/calendar/\(token)/garage.ics").text
            #expect(ics.components(separatedBy: "UID:\(id)@hearth-garage").count == 2, "\(ics.prefix(2_000))")

            // Not a reminder's id, one that cannot be put off, or another's: refused, nothing kept.
            try await browser.get("/garage/reminders")
            let junk = try await browser.post("/garage/reminders/snooze", [("reminder", "<script>")])
            #expect(junk.status == .unprocessableContent)
            let roundup = try await browser.post(
                "/garage/reminders/snooze",
                [("reminder", "yearly-roundup-\(seeded.car.id.uuidString)-2026")])
            #expect(roundup.status == .unprocessableContent && roundup.text.contains("cannot be put off"))
            let stranger = try await browser.post(
                "/garage/reminders/snooze", [("reminder", "service-\(UUID().uuidString)-7d")])
            #expect(stranger.status == .notFound)
        }
    }

    static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
