import Foundation
import Testing

@testable import HearthCore

@Suite struct CalendarDayTests {
    @Test func rejectsDaysThatDoNotExist() {
        #expect(CalendarDay(year: 2023, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2024, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 1900, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2000, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 2024, month: 4, day: 31) == nil)
        #expect(CalendarDay(year: 2024, month: 13, day: 1) == nil)
        #expect(CalendarDay(iso: "2024-02-30") == nil)
        #expect(CalendarDay(iso: "2024-2-3") == nil)
        #expect(CalendarDay(iso: "2024-03-09")?.iso == "2024-03-09")
    }

    @Test func dayNumbersRoundTripAcrossCenturies() {
        for number in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(CalendarDay(dayNumber: number).dayNumber == number)
        }
        #expect(CalendarDay(dayNumber: 0).iso == "1970-01-01")
        #expect(Days.day(2000, 3, 1).dayNumber - Days.day(2000, 2, 28).dayNumber == 2)
    }

    @Test func addingMonthsClampsToTheMonthEnd() {
        #expect(Days.day(2024, 1, 31).adding(months: 1) == Days.day(2024, 2, 29))
        #expect(Days.day(2023, 1, 31).adding(months: 1) == Days.day(2023, 2, 28))
        #expect(Days.day(2024, 8, 31).adding(months: 6) == Days.day(2025, 2, 28))
        #expect(Days.day(2024, 10, 31).adding(months: 2) == Days.day(2024, 12, 31))
        #expect(Days.day(2024, 11, 30).adding(months: 3) == Days.day(2025, 2, 28))
        #expect(Days.day(2024, 2, 29).adding(years: 1) == Days.day(2025, 2, 28))
        #expect(Days.day(2024, 2, 29).adding(years: 4) == Days.day(2028, 2, 29))
        #expect(Days.day(2024, 3, 15).adding(months: -3) == Days.day(2023, 12, 15))
    }

    @Test func dayOfAnInstantDependsOnTheTimeZone() {
        // 02:30 UTC on 1 March is still 28/29 February in New York.
        let instant = Days.date(2024, 3, 1, 2, 30, in: Days.utc)
        #expect(CalendarDay(instant, in: Days.utc) == Days.day(2024, 3, 1))
        #expect(CalendarDay(instant, in: Days.newYork) == Days.day(2024, 2, 29))
        #expect(CalendarDay(instant, in: TimeZone(identifier: "Asia/Tokyo")!) == Days.day(2024, 3, 1))
    }

    @Test func nineOClockStaysNineAcrossDaylightSaving() {
        // New York moves clocks forward on 10 March 2024 at 02:00; 09:00 is 14:00 UTC before and 13:00 after.
        let before = Days.day(2024, 3, 9).date(hour: 9, in: Days.newYork)
        let after = Days.day(2024, 3, 10).date(hour: 9, in: Days.newYork)
        #expect(before == Days.date(2024, 3, 9, 14, in: Days.utc))
        #expect(after == Days.date(2024, 3, 10, 13, in: Days.utc))
        #expect(after.timeIntervalSince(before) == 23 * 3600)
        // The autumn change gives a 25-hour day.
        let fallBefore = Days.day(2024, 11, 2).date(hour: 9, in: Days.newYork)
        let fallAfter = Days.day(2024, 11, 3).date(hour: 9, in: Days.newYork)
        #expect(fallAfter.timeIntervalSince(fallBefore) == 25 * 3600)
    }

    @Test func codesAsISOText() throws {
        let data = try JSONEncoder().encode([Days.day(2024, 2, 29)])
        #expect(String(decoding: data, as: UTF8.self) == #"["2024-02-29"]"#)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([CalendarDay].self, from: Data(#"["2024-02-30"]"#.utf8))
        }
    }
}

/// Days, instants and time zones for these tests.
private enum Days {
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let utc = TimeZone(identifier: "UTC")!

    static func day(_ year: Int, _ month: Int, _ day: Int) -> CalendarDay {
        CalendarDay(year: year, month: month, day: day)!
    }

    /// The instant a wall clock in `timeZone` reads the given time.
    static func date(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 12, _ minute: Int = 0, in timeZone: TimeZone = newYork
    ) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }
}
