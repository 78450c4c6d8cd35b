import Foundation
import HearthCore
import Testing

@testable import HearthGarage

@Suite struct DueRulesTests {
    let today = TestSupport.day(2024, 3, 10)

    @Test func overdueWhenPastTheDateOrTheMileage() {
        #expect(
            DueRules.status(dueDate: TestSupport.day(2024, 3, 9), dueMileage: nil, currentMileage: 0, today: today)
                == .overdue)
        #expect(DueRules.status(dueDate: nil, dueMileage: 49_999, currentMileage: 50_000, today: today) == .overdue)
        // Past the date even though miles remain.
        #expect(
            DueRules.status(
                dueDate: TestSupport.day(2024, 3, 9), dueMileage: 60_000, currentMileage: 50_000, today: today)
                == .overdue)
        // The due day itself is not overdue; neither is the exact due mileage.
        #expect(DueRules.status(dueDate: today, dueMileage: nil, currentMileage: 0, today: today) == .dueSoon)
        #expect(DueRules.status(dueDate: nil, dueMileage: 50_000, currentMileage: 50_000, today: today) == .dueSoon)
    }

    @Test func dueSoonUsesMilesWhenThereIsADueMileage() {
        #expect(DueRules.status(dueDate: nil, dueMileage: 50_750, currentMileage: 50_000, today: today) == .dueSoon)
        #expect(DueRules.status(dueDate: nil, dueMileage: 50_751, currentMileage: 50_000, today: today) == .good)
        // With a due mileage, a date 5 days away does not make it due soon: the miles decide.
        #expect(
            DueRules.status(dueDate: today.adding(days: 5), dueMileage: 60_000, currentMileage: 50_000, today: today)
                == .good)
    }

    @Test func dueSoonUsesDaysWithoutADueMileage() {
        #expect(
            DueRules.status(dueDate: today.adding(days: 30), dueMileage: nil, currentMileage: 0, today: today)
                == .dueSoon)
        #expect(
            DueRules.status(dueDate: today.adding(days: 31), dueMileage: nil, currentMileage: 0, today: today) == .good)
        #expect(DueRules.status(dueDate: nil, dueMileage: nil, currentMileage: 0, today: today) == .neutral)
    }

    @Test func settingsChangeTheWindows() {
        let settings = DueSettings(dueSoonMiles: 1_000, dueSoonDays: 45)
        #expect(
            DueRules.status(dueDate: nil, dueMileage: 51_000, currentMileage: 50_000, today: today, settings: settings)
                == .dueSoon)
        #expect(
            DueRules.status(
                dueDate: today.adding(days: 45), dueMileage: nil, currentMileage: 0, today: today, settings: settings)
                == .dueSoon)
    }

    @Test func effectiveDueDateIsTheEarlierOfDateAndPace() {
        let pace = Pace(milesPerDay: 40, confidence: .high, readingCount: 6, spanDays: 60)
        // 2,000 miles at 40 a day: 50 days.
        let predicted = DueRules.effectiveDueDate(
            dueDate: TestSupport.day(2024, 12, 1), dueMileage: 52_000, currentMileage: 50_000, pace: pace, today: today)
        #expect(predicted == today.adding(days: 50))
        // The date comes first.
        let dated = DueRules.effectiveDueDate(
            dueDate: today.adding(days: 10), dueMileage: 52_000, currentMileage: 50_000, pace: pace, today: today)
        #expect(dated == today.adding(days: 10))
        // No pace: the date alone; no date and no pace: nothing.
        #expect(
            DueRules.effectiveDueDate(
                dueDate: today, dueMileage: 52_000, currentMileage: 50_000, pace: nil, today: today) == today)
        #expect(
            DueRules.effectiveDueDate(dueDate: nil, dueMileage: 52_000, currentMileage: 50_000, pace: nil, today: today)
                == nil)
        // Already past the mileage: today.
        #expect(
            DueRules.effectiveDueDate(
                dueDate: nil, dueMileage: 49_000, currentMileage: 50_000, pace: pace, today: today) == today)
        // A partial day rounds up: 1,001 miles at 40 a day is 26 days, not 25.
        #expect(
            Pace(milesPerDay: 40, confidence: .low, readingCount: 2, spanDays: 8).day(
                reaching: 51_001, from: 50_000, today: today) == today.adding(days: 26))
        // A parked car never reaches it.
        #expect(
            Pace(milesPerDay: 0, confidence: .low, readingCount: 2, spanDays: 8).day(
                reaching: 51_000, from: 50_000, today: today) == nil)
    }

    @Test func urgencyFollowsLubeLoggerLevels() {
        let thresholds = UrgencyThresholds()
        func urgency(days: Int?, miles: Int?) -> Urgency? {
            thresholds.urgency(
                dueDate: days.map { today.adding(days: $0) }, dueMileage: miles.map { 50_000 + $0 },
                currentMileage: 50_000, today: today)
        }
        #expect(urgency(days: 45, miles: nil) == .notUrgent)
        #expect(urgency(days: 29, miles: nil) == .urgent)
        #expect(urgency(days: 30, miles: nil) == .notUrgent)
        #expect(urgency(days: 6, miles: nil) == .veryUrgent)
        #expect(urgency(days: 0, miles: nil) == .veryUrgent)
        #expect(urgency(days: -1, miles: nil) == .pastDue)
        #expect(urgency(days: nil, miles: 99) == .urgent)
        #expect(urgency(days: nil, miles: 49) == .veryUrgent)
        #expect(urgency(days: nil, miles: -1) == .pastDue)
        // Both: whichever is more pressing.
        #expect(urgency(days: 200, miles: 20) == .veryUrgent)
        #expect(urgency(days: -3, miles: 5_000) == .pastDue)
        #expect(urgency(days: nil, miles: nil) == nil)
    }

    @Test func marbeteExpiresOnTheLastDayOfItsMonth() {
        #expect(Marbete(month: 2, year: 2024).expiresOn == TestSupport.day(2024, 2, 29))
        #expect(Marbete(month: 2, year: 2025).expiresOn == TestSupport.day(2025, 2, 28))
        #expect(Marbete(month: 4, year: 2025).expiresOn == TestSupport.day(2025, 4, 30))
        #expect(Marbete(month: 13, year: 2025).expiresOn == nil)
    }

    @Test func marbeteStatus() {
        let marbete = Marbete(month: 4, year: 2024)  // expires 2024-04-30
        // 61 days before is good; 60 days before is due soon.
        #expect(marbete.status(today: TestSupport.day(2024, 2, 29)) == .good)
        #expect(marbete.status(today: TestSupport.day(2024, 3, 1)) == .dueSoon)
        #expect(marbete.status(today: TestSupport.day(2024, 4, 30)) == .dueSoon)
        #expect(marbete.status(today: TestSupport.day(2024, 5, 1)) == .overdue)
    }

    @Test func marbeteRenewsOnItsFixedMonth() {
        let marbete = Marbete(month: 4, year: 2024)
        // Paying two months early does not move the month.
        #expect(marbete.renewed(on: TestSupport.day(2024, 2, 10)) == Marbete(month: 4, year: 2025))
        // Paying late renews to the next April, not to a year from payment.
        #expect(marbete.renewed(on: TestSupport.day(2024, 6, 1)) == Marbete(month: 4, year: 2025))
        // More than a year late catches up.
        #expect(marbete.renewed(on: TestSupport.day(2025, 7, 1)) == Marbete(month: 4, year: 2026))
    }
}
