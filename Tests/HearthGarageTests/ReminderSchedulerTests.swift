import Foundation
import HearthCore
import Testing

@testable import HearthGarage

@Suite struct ReminderSchedulerTests {
    let zone = TestSupport.newYork
    let vehicle = Vehicle(
        id: UUID(uuidString: "11111111-2222-3333-4444-555555555555")!, name: "Daily", make: "Honda", model: "Civic",
        year: 2019,
        currentMileage: 42_000, mileageUpdatedAt: TestSupport.date(2024, 3, 1, 18), marbeteExpirationMonth: 4,
        marbeteExpirationYear: 2024,
        createdAt: TestSupport.date(2023, 1, 1)
    )
    var service: ServiceItem {
        ServiceItem(
            id: UUID(uuidString: "AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE")!, vehicleID: vehicle.id, name: "Oil Change",
            dueDate: TestSupport.day(2024, 4, 15), dueMileage: 47_000, intervalMonths: 6, intervalMiles: 5_000)
    }

    @Test func serviceRemindersHaveTheirIdsAndNineOClockSlots() {
        let now = TestSupport.date(2024, 3, 1, 8)
        let reminders = ReminderScheduler.serviceDue(
            service, vehicle: vehicle, effectiveDueDate: TestSupport.day(2024, 4, 15), now: now, timeZone: zone)
        #expect(
            reminders.map(\.id) == [
                "service-AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE-30d", "service-AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE-7d",
                "service-AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE-1d", "service-AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE-due",
            ])
        // New York moved to daylight time on 10 March: every slot is 09:00 EDT, 13:00 UTC.
        #expect(
            reminders.map { ICalendarFeed.timestamp($0.fireAt) } == [
                "20240316T130000Z", "20240408T130000Z", "20240414T130000Z", "20240415T130000Z",
            ])
        #expect(
            reminders.allSatisfy { $0.fireAt == $0.slotAt && $0.category == .serviceDue && $0.serviceID == service.id })
        #expect(
            reminders.map(\.title) == [
                "Oil Change due in 30 days", "Oil Change due in 1 week", "Oil Change due tomorrow",
                "Oil Change due today",
            ])
        #expect(reminders[0].actions.map(\.title) == ["Mark Done", "Remind Tomorrow"])
        #expect(reminders[0].body.contains("Daily: Oil Change is due by 2024-04-15 or at 47,000 miles"))
    }

    @Test func nineOClockLocalAcrossTheSpringDaylightChange() {
        // Due 15 March: the 30-day reminder (14 Feb) is in EST, the 1-day and due ones in EDT.
        let now = TestSupport.date(2024, 2, 1)
        let reminders = ReminderScheduler.serviceDue(
            service, vehicle: vehicle, effectiveDueDate: TestSupport.day(2024, 3, 15), now: now, timeZone: zone)
        #expect(
            reminders.map { ICalendarFeed.timestamp($0.fireAt) } == [
                "20240214T140000Z", "20240308T140000Z", "20240314T130000Z", "20240315T130000Z",
            ])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        #expect(
            reminders.allSatisfy {
                calendar.component(.hour, from: $0.fireAt) == 9 && calendar.component(.minute, from: $0.fireAt) == 0
            })
    }

    @Test func pastSlotsAreDroppedAndTodaysLateSlotFiresInSixtySeconds() {
        // At 10:30 on the due day: every earlier slot is gone; today's 09:00 has passed, so it fires in 60 s.
        let now = TestSupport.date(2024, 4, 15, 10, 30)
        let reminders = ReminderScheduler.serviceDue(
            service, vehicle: vehicle, effectiveDueDate: TestSupport.day(2024, 4, 15), now: now, timeZone: zone)
        #expect(reminders.map(\.id) == ["service-AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE-due"])
        #expect(reminders[0].fireAt == now.addingTimeInterval(60))
        #expect(reminders[0].slotAt == TestSupport.date(2024, 4, 15, 9))
        // At 08:59 the slot is still ahead.
        let early = ReminderScheduler.serviceDue(
            service, vehicle: vehicle, effectiveDueDate: TestSupport.day(2024, 4, 15),
            now: TestSupport.date(2024, 4, 15, 8, 59), timeZone: zone)
        #expect(early.first?.fireAt == TestSupport.date(2024, 4, 15, 9))
        // Overdue: nothing left to schedule.
        #expect(
            ReminderScheduler.serviceDue(
                service, vehicle: vehicle, effectiveDueDate: TestSupport.day(2024, 4, 15),
                now: TestSupport.date(2024, 4, 16), timeZone: zone
            ).isEmpty)
    }

    @Test func marbeteRemindersAndFinalNotice() {
        let now = TestSupport.date(2024, 2, 1)
        let reminders = ReminderScheduler.marbete(vehicle: vehicle, now: now, timeZone: TestSupport.puertoRico)
        let prefix = "marbete-11111111-2222-3333-4444-555555555555-"
        #expect(reminders.map(\.id) == ["60d", "30d", "7d", "1d"].map { prefix + $0 })
        // Expires 30 April; Puerto Rico has no daylight saving: always 13:00 UTC.
        #expect(
            reminders.map { ICalendarFeed.timestamp($0.fireAt) } == [
                "20240301T130000Z", "20240331T130000Z", "20240423T130000Z", "20240429T130000Z",
            ])
        #expect(reminders.allSatisfy { $0.category == .marbeteDue && $0.actions == [.remindTomorrow] })
        let snooze = ReminderScheduler.marbeteSnooze(
            vehicle: vehicle, now: TestSupport.date(2024, 4, 29, 9, 5, in: TestSupport.puertoRico),
            timeZone: TestSupport.puertoRico)
        #expect(snooze.id == prefix + "0d")
        #expect(snooze.title.hasPrefix("FINAL NOTICE"))
        #expect(snooze.fireAt == TestSupport.date(2024, 4, 30, 9, in: TestSupport.puertoRico))
    }

    @Test func snoozeIsTomorrowAtNine() {
        let snooze = ReminderScheduler.serviceSnooze(
            service, vehicle: vehicle, now: TestSupport.date(2024, 3, 31, 22, 15), timeZone: zone)
        #expect(snooze.id == "service-AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE-snooze")
        #expect(snooze.fireAt == TestSupport.date(2024, 4, 1, 9))
        #expect(snooze.isSnooze)
    }

    @Test func mileageReminderFourteenDaysAfterTheLastUpdate() throws {
        let reminder = try #require(
            ReminderScheduler.mileageUpdate(vehicle: vehicle, now: TestSupport.date(2024, 3, 2), timeZone: zone))
        #expect(reminder.id == "mileage-reminder-11111111-2222-3333-4444-555555555555")
        #expect(reminder.fireAt == TestSupport.date(2024, 3, 15, 9))
        #expect(reminder.category == .mileageReminder)
        #expect(reminder.actions.map(\.title) == ["Update Now", "Remind Later"])
        // Weeks later and still not updated: the next fortnightly slot.
        let later = try #require(
            ReminderScheduler.mileageUpdate(vehicle: vehicle, now: TestSupport.date(2024, 3, 20), timeZone: zone))
        #expect(later.fireAt == TestSupport.date(2024, 3, 29, 9))
        // On the slot day after 09:00: in 60 seconds.
        let now = TestSupport.date(2024, 3, 15, 9, 30)
        let late = try #require(ReminderScheduler.mileageUpdate(vehicle: vehicle, now: now, timeZone: zone))
        #expect(late.fireAt == now.addingTimeInterval(60))
    }

    @Test func yearlyRoundupOnTheSecondOfJanuary() throws {
        let costs: (Int) -> Decimal = { $0 == 2023 ? 412.5 : 0 }
        let reminder = try #require(
            ReminderScheduler.yearlyRoundup(
                vehicle: vehicle, cost: costs, shownYears: [], now: TestSupport.date(2023, 12, 20), timeZone: zone))
        #expect(reminder.id == "yearly-roundup-11111111-2222-3333-4444-555555555555-2023")
        #expect(reminder.fireAt == TestSupport.date(2024, 1, 2, 10))
        #expect(reminder.roundupYear == 2023)
        #expect(reminder.body.contains("412.50"))
        #expect(reminder.actions == [.viewCosts])
        // Already shown, or nothing spent: no roundup.
        #expect(
            ReminderScheduler.yearlyRoundup(
                vehicle: vehicle, cost: costs, shownYears: [2023], now: TestSupport.date(2023, 12, 20), timeZone: zone)
                == nil)
        #expect(
            ReminderScheduler.yearlyRoundup(
                vehicle: vehicle, cost: { _ in 0 }, shownYears: [], now: TestSupport.date(2023, 12, 20), timeZone: zone)
                == nil)
        // On 2 January at 11:00 it fires in a minute; on 3 January the next one is a year away.
        let late = try #require(
            ReminderScheduler.yearlyRoundup(
                vehicle: vehicle, cost: costs, shownYears: [], now: TestSupport.date(2024, 1, 2, 11), timeZone: zone))
        #expect(late.fireAt == TestSupport.date(2024, 1, 2, 11).addingTimeInterval(60))
        #expect(
            ReminderScheduler.yearlyRoundup(
                vehicle: vehicle, cost: costs, shownYears: [], now: TestSupport.date(2024, 1, 3), timeZone: zone) == nil
        )
    }

    @Test func budgetKeepsTheSixtySoonest() {
        let now = TestSupport.date(2024, 1, 1)
        var all: [ScheduledReminder] = []
        for index in 0..<40 {
            let item = ServiceItem(
                vehicleID: vehicle.id, name: "Service \(index)",
                dueDate: TestSupport.day(2024, 3, 1).adding(days: index * 3))
            all += ReminderScheduler.serviceDue(
                item, vehicle: vehicle, effectiveDueDate: item.dueDate!, now: now, timeZone: zone)
        }
        #expect(all.count == 160)
        let kept = ReminderScheduler.budgeted(all.shuffled())
        #expect(kept.count == 60)
        #expect(kept == Array(all.sorted { ($0.fireAt, $0.id) < ($1.fireAt, $1.id) }.prefix(60)))
        #expect(kept.last!.fireAt <= all.map(\.fireAt).sorted()[60])
    }

    @Test func reminderIdsParseBackToTheirSubjects() throws {
        #expect(try ReminderSubject.parse("service-AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE-7d") == .service(service.id))
        #expect(try ReminderSubject.parse("marbete-11111111-2222-3333-4444-555555555555-0d") == .marbete(vehicle.id))
        #expect(
            try ReminderSubject.parse("mileage-reminder-11111111-2222-3333-4444-555555555555") == .mileage(vehicle.id))
        #expect(
            try ReminderSubject.parse("yearly-roundup-11111111-2222-3333-4444-555555555555-2023")
                == .roundup(vehicle.id, year: 2023))
        expectError("is not a garage reminder id") { _ = try ReminderSubject.parse("service-nope") }
    }
}
