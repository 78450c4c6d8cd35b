import Foundation
import GRDB
import HearthCore
import HearthTestSupport
import Logging
import Testing

@testable import HearthGarage

/// Expenses typed in (kinds, recurrence, validation), and editing and deleting service logs and fill-ups, on
/// garage databases in SQLite files.
@Suite struct GarageExpenseTests {
    /// A garage in a fresh SQLite file whose clock reads 10 March 2024, noon in New York.
    private func fileStore(recorder: any GarageChangeRecorder = NoGarageChangeRecorder()) throws -> (
        GarageStore, WallClock
    ) {
        let clock = WallClock(TestSupport.date(2024, 3, 10, 12))
        let url = try TestSupport.temporaryDirectory().appendingPathComponent("garage.sqlite")
        let store = try GarageStore.open(
            at: url, recorder: recorder, timeZone: TestSupport.newYork, now: clock.reading)
        return (store, clock)
    }

    @Test func expensesAreAddedEditedAndDeletedAndCountInTheYearsCost() async throws {
        let recorder = CollectingRecorder()
        let (store, _) = try fileStore(recorder: recorder)
        let car = try await TestSupport.addCivic(store)
        let parking = try await store.addExpense(
            ExpenseDraft(kind: "Parking", amount: "12.50", date: TestSupport.day(2024, 2, 3)), to: car.id)
        #expect(parking.kind == .parking && parking.category == "Parking" && parking.amount == Decimal(string: "12.50"))
        let tolls = try await store.addExpense(
            ExpenseDraft(kind: "tolls", description: "Turnpike", amount: "7", date: TestSupport.day(2024, 3, 1)),
            to: car.id)
        #expect(try await store.serviceCost(of: car.id, in: 2024) == Decimal(string: "19.50"))

        let edited = try await store.updateExpense(
            tolls.id, with: ExpenseDraft(amount: "9.25", notes: "E-ZPass"))
        #expect(edited.amount == Decimal(string: "9.25") && edited.notes == "E-ZPass" && edited.category == "Turnpike")
        // A kind change renames an expense still named after its kind.
        let renamed = try await store.updateExpense(parking.id, with: ExpenseDraft(kind: "taxes"))
        #expect(renamed.kind == .taxes && renamed.category == "Taxes")
        #expect(try await store.serviceCost(of: car.id, in: 2024) == Decimal(string: "21.75"))
        let summary = try await ServiceHistoryPDFService(store: store).costSummary(for: car.id, year: 2024)
        #expect(Set(summary.categories.compactMap(\.expenseCategory)) == ["Taxes", "Turnpike"])
        #expect(summary.total == Decimal(string: "21.75"))

        try await store.removeExpense(tolls.id)
        #expect(try await store.expenses(of: car.id).map(\.id) == [parking.id])
        #expect(try await store.serviceCost(of: car.id, in: 2024) == Decimal(string: "12.50"))
        // Every change was reported, so it syncs: the insert, the edits, the deletion.
        let expenseChanges = recorder.changes.filter { $0.entity == .expense }.map(\.kind)
        #expect(expenseChanges == [.insert, .insert, .update, .update, .delete])
    }

    @Test func importedExpensesGetAKindFromTheirCategorysWords() {
        let guesses = ["Seguro auto", "IPVA 2024", "Estacionamento", "Pedágio", "Car Insurance", "Car wash", "Tolls"]
            .map { GarageExpense.Kind(guessing: $0) }
        #expect(guesses == [.insurance, .taxes, .parking, .tolls, .insurance, .other, .tolls])
    }

    @Test func badExpensesAreRefusedWithTheReasonAndChangeNothing() async throws {
        let (store, _) = try fileStore()
        let car = try await TestSupport.addCivic(store)
        let kept = try await store.addExpense(ExpenseDraft(kind: "insurance", amount: "640"), to: car.id)
        let before = try await TestSupport.snapshot(store)

        await expectError("cannot be negative (got -5)") {
            _ = try await store.addExpense(ExpenseDraft(kind: "parking", amount: "-5"), to: car.id)
        }
        let unknownKind = await expectError("\"fuel\" is not an expense kind") {
            _ = try await store.addExpense(ExpenseDraft(kind: "fuel", amount: "5"), to: car.id)
        }
        #expect(unknownKind?.message.contains("insurance, registration, taxes, parking, tolls, other") == true)
        await expectError("was not found") {
            _ = try await store.addExpense(ExpenseDraft(kind: "parking", amount: "5"), to: UUID())
        }
        await expectError("INVALID AMOUNT") {
            _ = try await store.addExpense(ExpenseDraft(amount: "12,50"), to: car.id)
        }
        await expectError("needs an amount") { _ = try await store.addExpense(ExpenseDraft(kind: "tolls"), to: car.id) }
        await expectError("\"3w\" is not an interval") {
            _ = try await store.addExpense(ExpenseDraft(amount: "5", every: "3w"), to: car.id)
        }
        await expectError("is in the future") {
            _ = try await store.addExpense(ExpenseDraft(amount: "5", date: TestSupport.day(2024, 3, 11)), to: car.id)
        }
        await expectError("cannot be negative") {
            _ = try await store.updateExpense(kept.id, with: ExpenseDraft(amount: "-1"))
        }
        let missing = UUID()
        await expectError("There is no expense with the id \(missing.uuidString); nothing was changed") {
            _ = try await store.updateExpense(missing, with: ExpenseDraft(amount: "1"))
        }
        await expectError("There is no expense with the id") { try await store.removeExpense(missing) }
        await expectError("There is no expense with the id abcd1234") {
            _ = try await store.record(GarageExpense.self, matching: "abcd1234", named: "expense")
        }
        #expect(try await TestSupport.snapshot(store) == before)
        // The start of an id finds the record, as lists print it.
        let found = try await store.record(
            GarageExpense.self, matching: String(kept.id.uuidString.prefix(8)), named: "expense")
        #expect(found == kept)
    }

    @Test func aRecurringExpenseIsDueAgainAfterItsIntervalWithReminders() async throws {
        let (store, clock) = try fileStore()
        let car = try await TestSupport.addCivic(store)
        let insurance = try await store.addExpense(
            ExpenseDraft(
                kind: "insurance", description: "Geico policy", amount: "640", date: TestSupport.day(2023, 4, 1),
                every: "1y"), to: car.id)
        #expect(insurance.intervalMonths == 12 && insurance.nextDate == TestSupport.day(2024, 4, 1))
        // A one-off of another series is never due.
        try await store.addExpense(ExpenseDraft(kind: "parking", amount: "3"), to: car.id)

        var due = try #require(try await store.due(vehicleID: car.id).first)
        #expect(due.expenses.count == 1)
        let item = try #require(due.expenses.first)
        #expect(item.expense.id == insurance.id && item.dueDate == TestSupport.day(2024, 4, 1))
        #expect(item.daysLeft == 22 && item.status == .dueSoon && item.urgency == .urgent)

        let reminders = ReminderService(store: store, adapters: [], logger: Logger(label: "test"))
        let pending = try await reminders.reschedule().filter { $0.category == .expenseDue }
        // 30 days before (9 March) has passed; 7, 1 and 0 days before are ahead, at 09:00.
        #expect(pending.map(\.id).sorted() == ["-1d", "-7d", "-due"].map { "expense-\(insurance.id.uuidString)\($0)" })
        let week = try #require(pending.first { $0.id.hasSuffix("-7d") })
        #expect(week.fireAt == TestSupport.date(2024, 3, 25, 9) && week.title == "Geico policy due in 1 week")
        #expect(week.body.contains("Geico policy (insurance) is due on 2024-04-01; last paid 640.00 on 2023-04-01"))

        // "Remind Tomorrow" snoozes it to 09:00 tomorrow.
        let snoozed = try await reminders.perform(.remindTomorrow, reminderID: week.id)
        guard case .snoozed(let snooze) = snoozed else {
            Issue.record("not snoozed: \(snoozed)")
            return
        }
        #expect(
            snooze.id == "expense-\(insurance.id.uuidString)-snooze"
                && snooze.fireAt == TestSupport.date(2024, 3, 11, 9))

        // Paying the next premium moves the series on: due a year after the new payment.
        clock.advance(by: 20 * 86_400)
        let renewal = try await store.addExpense(
            ExpenseDraft(kind: "insurance", description: "GEICO policy", amount: "655", every: "1y"), to: car.id)
        due = try #require(try await store.due(vehicleID: car.id).first)
        #expect(due.expenses.map(\.expense.id) == [renewal.id])
        #expect(due.expenses.first?.dueDate == TestSupport.day(2025, 3, 30) && due.expenses.first?.status == .good)
        let upcoming = try await reminders.upcoming().filter { $0.category == .expenseDue }.map(\.id)
        #expect(upcoming.allSatisfy { $0.hasPrefix("expense-\(renewal.id.uuidString)-") } && upcoming.count == 4)

        // Stopping the recurrence ends it; deleting the payment brings back the one before.
        try await store.updateExpense(renewal.id, with: ExpenseDraft(every: "none"))
        #expect(try await store.due(vehicleID: car.id).first?.expenses.isEmpty == true)
        try await store.removeExpense(renewal.id)
        #expect(try await store.due(vehicleID: car.id).first?.expenses.map(\.expense.id) == [insurance.id])
    }

    @Test func serviceLogsAreEditedAndDeletedAndTheServiceFollows() async throws {
        let recorder = CollectingRecorder()
        let (store, _) = try fileStore(recorder: recorder)
        let car = try await TestSupport.addCivic(store, mileage: 40_000)
        let oil = try await store.addService(ServiceDraft(preset: "Oil Change"), to: car.id)
        let first = try await store.completeService(
            oil.id, on: TestSupport.day(2023, 9, 1), mileage: 40_500, cost: "45.00")
        let second = try await store.completeService(
            oil.id, on: TestSupport.day(2024, 3, 1), mileage: 45_000, cost: "49.99")
        #expect(second.service.dueDate == TestSupport.day(2024, 9, 1))
        #expect(try await store.serviceCost(of: car.id, in: 2024) == Decimal(string: "49.99"))

        // A corrected date moves the service's anchor and due date with it; the cost follows the entry.
        let fixed = try await store.updateServiceLog(
            second.log.id,
            with: ServiceLogEdit(performedDate: TestSupport.day(2024, 2, 15), cost: "52.10", notes: "Synthetic"))
        #expect(fixed.cost == Decimal(string: "52.10") && fixed.notes == "Synthetic")
        var service = try #require(try await store.services(of: car.id).first)
        #expect(
            service.lastPerformed == TestSupport.day(2024, 2, 15) && service.dueDate == TestSupport.day(2024, 8, 15))
        #expect(service.dueMileage == 50_000)
        #expect(try await store.serviceCost(of: car.id, in: 2024) == Decimal(string: "52.10"))

        // Deleting the latest entry falls back to the one before.
        try await store.removeServiceLog(second.log.id)
        service = try #require(try await store.services(of: car.id).first)
        #expect(service.lastPerformed == TestSupport.day(2023, 9, 1) && service.lastMileage == 40_500)
        #expect(service.dueDate == TestSupport.day(2024, 3, 1) && service.dueMileage == 45_500)
        #expect(try await store.serviceCost(of: car.id, in: 2024) == 0)
        #expect(try await store.logs(of: car.id).map(\.id) == [first.log.id])
        let logChanges = recorder.changes.filter { $0.entity == .serviceLog }.map(\.kind)
        #expect(logChanges == [.insert, .insert, .update, .delete])

        // Bad edits and missing ids change nothing.
        let before = try await TestSupport.snapshot(store)
        await expectError("INVALID AMOUNT") {
            _ = try await store.updateServiceLog(first.log.id, with: ServiceLogEdit(cost: "-3"))
        }
        await expectError("is in the future") {
            _ = try await store.updateServiceLog(
                first.log.id, with: ServiceLogEdit(performedDate: TestSupport.day(2025, 1, 1)))
        }
        await expectError("There is no service log with the id") { try await store.removeServiceLog(second.log.id) }
        await expectError("There is no service log with the id") {
            _ = try await store.updateServiceLog(UUID(), with: ServiceLogEdit(notes: "x"))
        }
        #expect(try await TestSupport.snapshot(store) == before)
    }

    @Test func fillUpsAreEditedAndDeletedAndFuelEconomyFollows() async throws {
        let recorder = CollectingRecorder()
        let (store, _) = try fileStore(recorder: recorder)
        let car = try await TestSupport.addCivic(store, mileage: 20_000)
        let first = try await store.addFillUp(
            FillUpDraft(date: TestSupport.day(2024, 3, 1), odometer: 20_000, gallons: "10", cost: "35"), to: car.id)
        let second = try await store.addFillUp(
            FillUpDraft(date: TestSupport.day(2024, 3, 5), odometer: 20_300, gallons: "10", cost: "35"), to: car.id)
        #expect(try await store.fuelEconomy(of: car.id).averageMPG == 30)

        try await store.updateFillUp(second.id, with: FillUpEdit(gallons: "12", station: "Shell"))
        #expect(try await store.fuelEconomy(of: car.id).averageMPG == 25)
        try await store.updateFillUp(second.id, with: FillUpEdit(odometer: 20_360))
        #expect(try await store.fuelEconomy(of: car.id).averageMPG == 30)
        #expect(try await store.vehicle(id: car.id).currentMileage == 20_360)

        let before = try await TestSupport.snapshot(store)
        await expectError("not a fuel quantity") {
            _ = try await store.updateFillUp(second.id, with: FillUpEdit(gallons: "-2"))
        }
        await expectError("There is no fill-up with the id") {
            _ = try await store.updateFillUp(UUID(), with: FillUpEdit(cost: "1"))
        }
        await expectError("There is no fill-up with the id") { try await store.removeFillUp(UUID()) }
        #expect(try await TestSupport.snapshot(store) == before)

        try await store.removeFillUp(first.id)
        let economy = try await store.fuelEconomy(of: car.id)
        #expect(economy.averageMPG == nil && economy.entries.map(\.fillUp.id) == [second.id])
        #expect(
            recorder.changes.filter { $0.entity == .fuelLog }.map(\.kind) == [
                .insert, .insert, .update, .update, .delete,
            ])
    }
}
