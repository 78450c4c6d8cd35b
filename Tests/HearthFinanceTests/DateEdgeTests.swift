import Foundation
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

@testable import HearthFinance

/// Month ends, leap days, time zones and daylight-saving changes, on injected calendars.
@Suite struct DateEdgeTests {
    @Test func januaryThirtyFirstPlusAMonthIsTheLastDayOfFebruary() {
        let utc = calendar()
        #expect(
            BillingSchedule.billingDate(after: date(2025, 1, 31), cycle: .monthly, calendar: utc) == date(2025, 2, 28))
        #expect(
            BillingSchedule.billingDate(after: date(2024, 1, 31), cycle: .monthly, calendar: utc) == date(2024, 2, 29))
        #expect(
            BillingSchedule.billingDate(after: date(2025, 11, 30), cycle: .quarterly, calendar: utc)
                == date(2026, 2, 28))
        #expect(
            BillingSchedule.billingDate(after: date(2025, 8, 31), cycle: .semiAnnually, calendar: utc)
                == date(2026, 2, 28))
        // The day of month comes back after the short month.
        #expect(
            BillingSchedule.billingDate(2, after: date(2025, 1, 31), cycle: .monthly, calendar: utc)
                == date(2025, 3, 31))
        #expect(
            BillingSchedule.billingDate(after: date(2025, 2, 28), cycle: .monthly, calendar: utc, anchorDay: 30)
                == date(2025, 3, 30))
    }

    @Test func everyCycleStepsByItsOwnAmount() {
        let utc = calendar()
        let start = date(2025, 3, 10, 8)
        #expect(BillingSchedule.billingDate(after: start, cycle: .daily, calendar: utc) == date(2025, 3, 11, 8))
        #expect(BillingSchedule.billingDate(after: start, cycle: .weekly, calendar: utc) == date(2025, 3, 17, 8))
        #expect(BillingSchedule.billingDate(after: start, cycle: .biweekly, calendar: utc) == date(2025, 3, 24, 8))
        #expect(BillingSchedule.billingDate(after: start, cycle: .monthly, calendar: utc) == date(2025, 4, 10, 8))
        #expect(BillingSchedule.billingDate(after: start, cycle: .quarterly, calendar: utc) == date(2025, 6, 10, 8))
        #expect(BillingSchedule.billingDate(after: start, cycle: .semiAnnually, calendar: utc) == date(2025, 9, 10, 8))
        #expect(BillingSchedule.billingDate(after: start, cycle: .annually, calendar: utc) == date(2026, 3, 10, 8))
        #expect(BillingSchedule.billingDate(after: start, cycle: .yearly, calendar: utc) == date(2026, 3, 10, 8))
        #expect(BillingSchedule.billingDate(after: start, cycle: .lifetime, calendar: utc) == nil)
    }

    @Test func leapDayYearlyBillsFallOnTheTwentyEighthThenReturn() {
        let utc = calendar()
        let leap = date(2024, 2, 29)
        #expect(BillingSchedule.billingDate(after: leap, cycle: .annually, calendar: utc) == date(2025, 2, 28))
        #expect(BillingSchedule.billingDate(4, after: leap, cycle: .annually, calendar: utc) == date(2028, 2, 29))
        let subscription = Subscription(name: "Leap", price: 1, billingCycle: .annually, nextBillingDate: leap)
        let advanced = BillingSchedule.advance(subscription, through: date(2025, 3, 1), calendar: utc)
        #expect(advanced.lastBillingDate == date(2025, 2, 28))
        #expect(advanced.nextBillingDate == date(2026, 2, 28))
        #expect(advanced.totalSpent == 2)
    }

    @Test func dailyBillsKeepTheirWallClockTimeAcrossDaylightSaving() {
        let newYork = calendar("America/New_York")
        // Clocks go forward on 9 March 2025 and back on 2 November 2025.
        let before = date(2025, 3, 8, 9, 0, 0, in: "America/New_York")
        let after = BillingSchedule.billingDate(after: before, cycle: .daily, calendar: newYork)!
        #expect(parts(after, in: "America/New_York").hour == 9)
        #expect(after.timeIntervalSince(before) == 23 * 3600)
        let fall = BillingSchedule.billingDate(
            after: date(2025, 11, 1, 9, 0, 0, in: "America/New_York"), cycle: .weekly, calendar: newYork)!
        #expect(
            parts(fall, in: "America/New_York") == DateComponents(year: 2025, month: 11, day: 8, hour: 9, minute: 0))
    }

    @Test func lifetimeIsChargedOnceAndNeverRenews() {
        let utc = calendar()
        let lifetime = Subscription(name: "App", price: 50, billingCycle: .lifetime, nextBillingDate: date(2025, 1, 1))
        let paid = BillingSchedule.advance(lifetime, through: date(2030, 1, 1), calendar: utc)
        #expect(paid.totalSpent == 50)
        #expect(paid.lastBillingDate == date(2025, 1, 1))
        #expect(paid.nextBillingDate == date(2025, 1, 1))
        #expect(BillingSchedule.advance(paid, through: date(2040, 1, 1), calendar: utc) == paid)
        #expect(RenewalReminder.fireDate(for: paid, calendar: utc) == nil)
    }

    @Test func cancellationAndTrialsEndRenewals() {
        let utc = calendar()
        let cancelled = Subscription(
            name: "News", price: 5, nextBillingDate: date(2025, 1, 10), cancellationDate: date(2025, 3, 1))
        let ended = BillingSchedule.advance(cancelled, through: date(2025, 6, 1), calendar: utc)
        #expect(ended.totalSpent == 10)  // January and February
        #expect(!ended.isActive)
        let trial = Subscription(
            name: "Trial", price: 8, nextBillingDate: date(2025, 1, 1), isFreeTrial: true,
            trialEndDate: date(2025, 2, 1), priceAfterTrial: 12)
        let converted = BillingSchedule.advance(trial, through: date(2025, 3, 1), calendar: utc)
        #expect(converted.totalSpent == 24)  // January free; February and March at the price after the trial
        #expect(converted.isActive)
    }

    @Test func remindersFireAtNineOnTheirDayEvenAcrossDaylightSaving() {
        let berlin = calendar("Europe/Berlin")
        // Clocks go forward at 02:00 on 30 March 2025: the bill on 1 April is reminded on 29 March.
        let subscription = Subscription(
            name: "Gym", price: 30, nextBillingDate: date(2025, 4, 1, 0, 30, 0, in: "Europe/Berlin"))
        let fire = RenewalReminder.fireDate(for: subscription, calendar: berlin)!
        #expect(parts(fire, in: "Europe/Berlin") == DateComponents(year: 2025, month: 3, day: 29, hour: 9, minute: 0))
        let sameDay = subscription.with(reminderDaysBefore: 2)
        #expect(
            parts(RenewalReminder.fireDate(for: sameDay, calendar: berlin)!, in: "Europe/Berlin")
                == DateComponents(year: 2025, month: 3, day: 30, hour: 9, minute: 0))
        // A reminder time inside the gap moves past it, on the same day.
        let inGap = subscription.with(reminderDaysBefore: 2, reminderTime: TimeOfDay(hour: 2, minute: 30))
        let gapFire = parts(RenewalReminder.fireDate(for: inGap, calendar: berlin)!, in: "Europe/Berlin")
        #expect(gapFire.day == 30 && gapFire.hour == 3)
    }

    @Test func remindersDependOnTheTimeZone() {
        let billing = date(2025, 6, 10, 2)  // 10 June 02:00 UTC is still 9 June in Los Angeles
        let subscription = Subscription(name: "Music", price: 10, nextBillingDate: billing)
        let utcFire = RenewalReminder.fireDate(for: subscription, calendar: calendar())!
        let laFire = RenewalReminder.fireDate(for: subscription, calendar: calendar("America/Los_Angeles"))!
        #expect(utcFire == date(2025, 6, 7, 9))
        #expect(laFire == date(2025, 6, 6, 9, 0, 0, in: "America/Los_Angeles"))
    }

    @Test func currentMonthBoundariesFollowTheCalendarsTimeZone() async throws {
        // 1 March 2025 00:30 in Auckland is still 28 February in UTC.
        let now = date(2025, 3, 1, 0, 30, 0, in: "Pacific/Auckland")
        let (store, _) = try makeStore(now: now, zone: "Pacific/Auckland")
        let monthStart = date(2025, 3, 1, 0, 0, 0, in: "Pacific/Auckland")
        try await store.save(Transaction(title: "First instant", amount: -1, date: monthStart))
        try await store.save(
            Transaction(title: "Last instant before", amount: -2, date: monthStart.addingTimeInterval(-0.001)))
        try await store.save(
            Transaction(
                title: "Last instant of March", amount: 100,
                date: date(2025, 4, 1, 0, 0, 0, in: "Pacific/Auckland").addingTimeInterval(-0.001)))
        try await store.save(
            Transaction(title: "April", amount: 50, date: date(2025, 4, 1, 0, 0, 0, in: "Pacific/Auckland")))
        #expect(
            try await store.fetchCurrentMonthTransactions().map(\.title) == ["Last instant of March", "First instant"])
        #expect(try await store.calculateMonthlyIncome() == 100)
        #expect(try await store.calculateMonthlyExpenses() == 1)
        let (utcStore, _) = try makeStore(now: now, zone: "UTC")
        try await utcStore.save(Transaction(title: "Auckland March 1st", amount: -1, date: monthStart))
        // February in UTC
        #expect(try await utcStore.fetchCurrentMonthTransactions().map(\.title) == ["Auckland March 1st"])
    }

    @Test func aMonthWithADaylightSavingChangeHasItsTrueLength() async throws {
        let (store, _) = try makeStore(
            now: date(2025, 3, 15, 12, 0, 0, in: "America/New_York"), zone: "America/New_York")
        let summary = try await store.monthSummary(containing: date(2025, 3, 15))
        #expect(summary.month.duration == (31 * 24 - 1) * 3600)
        let february = try await store.monthSummary(containing: date(2024, 2, 10))
        #expect(february.month.duration == 29 * 24 * 3600)
    }
}
