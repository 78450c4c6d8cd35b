import Foundation
import Testing
@testable import HearthGarage

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
        #expect(TestSupport.day(2000, 3, 1).dayNumber - TestSupport.day(2000, 2, 28).dayNumber == 2)
    }

    @Test func addingMonthsClampsToTheMonthEnd() {
        #expect(TestSupport.day(2024, 1, 31).adding(months: 1) == TestSupport.day(2024, 2, 29))
        #expect(TestSupport.day(2023, 1, 31).adding(months: 1) == TestSupport.day(2023, 2, 28))
        #expect(TestSupport.day(2024, 8, 31).adding(months: 6) == TestSupport.day(2025, 2, 28))
        #expect(TestSupport.day(2024, 10, 31).adding(months: 2) == TestSupport.day(2024, 12, 31))
        #expect(TestSupport.day(2024, 11, 30).adding(months: 3) == TestSupport.day(2025, 2, 28))
        #expect(TestSupport.day(2024, 2, 29).adding(years: 1) == TestSupport.day(2025, 2, 28))
        #expect(TestSupport.day(2024, 2, 29).adding(years: 4) == TestSupport.day(2028, 2, 29))
        #expect(TestSupport.day(2024, 3, 15).adding(months: -3) == TestSupport.day(2023, 12, 15))
    }

    @Test func dayOfAnInstantDependsOnTheTimeZone() {
        // 02:30 UTC on 1 March is still 28/29 February in New York.
        let instant = TestSupport.date(2024, 3, 1, 2, 30, in: TestSupport.utc)
        #expect(CalendarDay(instant, in: TestSupport.utc) == TestSupport.day(2024, 3, 1))
        #expect(CalendarDay(instant, in: TestSupport.newYork) == TestSupport.day(2024, 2, 29))
        #expect(CalendarDay(instant, in: TimeZone(identifier: "Asia/Tokyo")!) == TestSupport.day(2024, 3, 1))
    }

    @Test func nineOClockStaysNineAcrossDaylightSaving() {
        // New York moves clocks forward on 10 March 2024 at 02:00; 09:00 is 14:00 UTC before and 13:00 after.
        let before = TestSupport.day(2024, 3, 9).date(hour: 9, in: TestSupport.newYork)
        let after = TestSupport.day(2024, 3, 10).date(hour: 9, in: TestSupport.newYork)
        #expect(ICalendarFeed.timestamp(before) == "20240309T140000Z")
        #expect(ICalendarFeed.timestamp(after) == "20240310T130000Z")
        #expect(after.timeIntervalSince(before) == 23 * 3600)
        // The autumn change gives a 25-hour day.
        let fallBefore = TestSupport.day(2024, 11, 2).date(hour: 9, in: TestSupport.newYork)
        let fallAfter = TestSupport.day(2024, 11, 3).date(hour: 9, in: TestSupport.newYork)
        #expect(fallAfter.timeIntervalSince(fallBefore) == 25 * 3600)
    }

    @Test func codesAsISOText() throws {
        let data = try JSONEncoder().encode([TestSupport.day(2024, 2, 29)])
        #expect(String(decoding: data, as: UTF8.self) == #"["2024-02-29"]"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([CalendarDay].self, from: Data(#"["2024-02-30"]"#.utf8)) }
    }
}
