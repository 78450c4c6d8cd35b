import Foundation
import HearthTestSupport
import Testing

@testable import HearthGarage

@Suite struct ICalendarFeedTests {
    static let vehicleID = UUID(uuidString: "11111111-2222-3333-4444-555555555555")!

    static func reminders() -> [ScheduledReminder] {
        let slot = TestSupport.date(2024, 3, 16, 9)
        return [
            ScheduledReminder(
                id: "service-AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE-30d", category: .serviceDue,
                title: "Oil Change due in 30 days",
                body:
                    "Señora's \"Daily\": Oil Change is due by 2024-04-15 or at 47,000 miles; bring the coupon.\nSecond line, with a backslash \\ too. "
                    + String(repeating: "Long text ünïcödé ", count: 8),
                fireAt: slot, slotAt: slot, vehicleID: vehicleID
            ),
            ScheduledReminder(
                id: "marbete-11111111-2222-3333-4444-555555555555-60d", category: .marbeteDue,
                title: "Marbete expires in 60 days",
                body: "Renew it.", fireAt: TestSupport.date(2024, 3, 1, 9), slotAt: TestSupport.date(2024, 3, 1, 9),
                vehicleID: vehicleID
            ),
        ]
    }

    @Test func writesValidRFC5545Structure() {
        let feed = ICalendarFeed.render(Self.reminders(), now: TestSupport.date(2024, 2, 1, 12, in: TestSupport.utc))
        #expect(feed.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:"))
        #expect(feed.hasSuffix("END:VCALENDAR\r\n"))
        // Every line ends in CRLF and no line is longer than 75 octets.
        let lines = feed.components(separatedBy: "\r\n").dropLast()
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(!feed.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        #expect(feed.components(separatedBy: "BEGIN:VEVENT").count == 3)
        // Sorted by time: the marbete first.
        #expect(feed.range(of: "UID:marbete-")!.lowerBound < feed.range(of: "UID:service-")!.lowerBound)
        #expect(feed.contains("DTSTART:20240316T130000Z"))
        #expect(feed.contains("DTSTAMP:20240201T120000Z"))
        #expect(feed.contains("CATEGORIES:SERVICE_DUE"))
        // Unfolded, the description is escaped text.
        let unfolded = feed.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains(#"47\,000 miles\; bring the coupon.\nSecond line\, with a backslash \\ too."#))
    }

    @Test func foldsWithoutSplittingCharacters() {
        let line = "DESCRIPTION:" + String(repeating: "ü", count: 100)
        let folded = ICalendarFeed.fold(line)
        let parts = folded.components(separatedBy: "\r\n ")
        #expect(parts.count > 1)
        #expect(parts.allSatisfy { $0.utf8.count <= 75 })
        #expect(parts.joined() == line)
    }

    @Test(
        .enabled(
            "Python's icalendar module is not installed (CI installs it; locally: python3 -m pip install icalendar)",
            { await Python.hasICalendar() }))
    func parsesWithPythonsICalendar() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let file = folder.appendingPathComponent("garage.ics")
        let reminders = Self.reminders()
        try Data(ICalendarFeed.render(reminders, now: TestSupport.date(2024, 2, 1)).utf8).write(to: file)
        let script = """
            import icalendar, json, sys
            calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            events = []
            for event in calendar.walk('VEVENT'):
                events.append({
                    'uid': str(event['UID']),
                    'summary': str(event['SUMMARY']),
                    'description': str(event['DESCRIPTION']),
                    'start': event.decoded('DTSTART').isoformat(),
                    'alarms': len(event.walk('VALARM')),
                })
            print(json.dumps({'name': str(calendar['X-WR-CALNAME']), 'events': events}))
            """
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, file.path])
        #expect(result.status == 0, "\(result.stderr)")
        struct Parsed: Decodable {
            struct Event: Decodable {
                var uid, summary, description, start: String
                var alarms: Int
            }
            var name: String
            var events: [Event]
        }
        let parsed = try JSONDecoder().decode(Parsed.self, from: Data(result.stdout.utf8))
        #expect(parsed.name == "Hearth Garage")
        #expect(
            parsed.events.map(\.uid) == [
                "marbete-11111111-2222-3333-4444-555555555555-60d@hearth-garage",
                "service-AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE-30d@hearth-garage",
            ])
        #expect(parsed.events[1].description == reminders[0].body)
        #expect(parsed.events[1].summary == "Oil Change due in 30 days")
        #expect(parsed.events[1].start == "2024-03-16T13:00:00+00:00")
        #expect(parsed.events.allSatisfy { $0.alarms == 1 })
    }
}

/// Python, for checks against real parsers.
enum Python {
    /// Whether `python3 -c "import icalendar"` works.
    static func hasICalendar() async -> Bool {
        let result = try? await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import icalendar"])
        return result?.status == 0
    }
}
