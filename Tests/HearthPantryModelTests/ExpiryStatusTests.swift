import Foundation
import HearthCore
import HearthPantryModel
import Testing

@Suite struct ExpiryStatusTests {
    let today = day(2025, 3, 10)

    @Test func expiredOncePastTheExpirationDate() {
        #expect(ExpiryStatus.statuses(of: item("Milk", 1, "l", expires: day(2025, 3, 9)), on: today) == [.expired])
    }

    @Test func overdueOncePastABestBeforeDate() {
        let rice = item("Rice", 1, "kg", expires: day(2025, 1, 1), kind: .bestBefore)
        #expect(ExpiryStatus.statuses(of: rice, on: today) == [.overdue])
    }

    @Test(arguments: [0, 1, 5])
    func dueSoonFromTodayToTheFifthDay(daysAhead: Int) {
        let yoghurt = item("Yoghurt", 2, expires: today.adding(days: daysAhead))
        #expect(ExpiryStatus.statuses(of: yoghurt, on: today) == [.dueSoon])
    }

    @Test func okFromTheSixthDayAndWithoutADate() {
        #expect(ExpiryStatus.statuses(of: item("Yoghurt", 2, expires: today.adding(days: 6)), on: today) == [.ok])
        #expect(ExpiryStatus.statuses(of: item("Salt", 1, "kg"), on: today) == [.ok])
    }

    @Test func theDueSoonWindowIsAdjustable() {
        let cheese = item("Cheese", 1, expires: today.adding(days: 9))
        #expect(ExpiryStatus.statuses(of: cheese, on: today, dueSoonDays: 10) == [.dueSoon])
        #expect(ExpiryStatus.statuses(of: cheese, on: today, dueSoonDays: 8) == [.ok])
        // A negative window means "today only".
        #expect(ExpiryStatus.statuses(of: item("Fish", 1, expires: today), on: today, dueSoonDays: -3) == [.dueSoon])
    }

    @Test func belowMinimumHoldsWithDateStatusesMostUrgentFirst() {
        let milk = item("Milk", 0.5, "l", expires: day(2025, 3, 1), minimum: 2)
        #expect(ExpiryStatus.statuses(of: milk, on: today) == [.expired, .belowMinimum])
        let eggs = item("Eggs", 2, expires: today.adding(days: 2), minimum: 6)
        #expect(ExpiryStatus.statuses(of: eggs, on: today) == [.dueSoon, .belowMinimum])
    }

    @Test func atTheMinimumIsNotBelowIt() {
        #expect(ExpiryStatus.statuses(of: item("Flour", 1, "kg", minimum: 1), on: today) == [.ok])
        #expect(ExpiryStatus.statuses(of: item("Flour", 0.999, "kg", minimum: 1), on: today) == [.belowMinimum])
        #expect(ExpiryStatus.statuses(of: item("Flour", 0, "kg", minimum: 0), on: today) == [.ok])
    }

    @Test func anEmptyItemCannotGoOffButCanBeBelowItsMinimum() {
        #expect(ExpiryStatus.statuses(of: item("Milk", 0, "l", expires: day(2025, 1, 1)), on: today) == [.ok])
        #expect(
            ExpiryStatus.statuses(of: item("Milk", 0, "l", expires: day(2025, 1, 1), minimum: 1), on: today) == [
                .belowMinimum
            ])
    }

    @Test func todayComesFromTheInstantInTheGivenTimeZone() throws {
        // 2025-03-10 02:00 UTC is still 9 March in New York (UTC-4 after the DST change on 9 March).
        let instant = Date(timeIntervalSince1970: 1_741_572_000)
        let milk = item("Milk", 1, "l", expires: day(2025, 3, 9))
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(ExpiryStatus.statuses(of: milk, at: instant, in: newYork) == [.dueSoon])
        #expect(ExpiryStatus.statuses(of: milk, at: instant, in: utc) == [.expired])
    }

    @Test func daysUntilDue() {
        #expect(ExpiryStatus.daysUntilDue(item("A", 1, expires: day(2025, 3, 12)), on: today) == 2)
        #expect(ExpiryStatus.daysUntilDue(item("A", 1, expires: day(2025, 3, 8)), on: today) == -2)
        #expect(ExpiryStatus.daysUntilDue(item("A", 1), on: today) == nil)
    }

    @Test func statusesSortMostUrgentFirst() {
        #expect(ExpiryStatus.allCases.sorted() == [.expired, .overdue, .dueSoon, .belowMinimum, .ok])
        #expect(ExpiryStatus.dueSoon.isAboutDate && !ExpiryStatus.belowMinimum.isAboutDate)
    }
}
