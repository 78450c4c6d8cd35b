import Foundation
import GRDB
import HearthCore
import HearthTestSupport
import Logging
import Testing

@testable import HearthGarage

/// Expiry reminders for vehicle documents, the marbete's schedule generalized, and the documents in `due`.
@Suite struct DocumentReminderTests {
    private static let vehicle = Vehicle(
        id: UUID(uuidString: "11111111-2222-3333-4444-555555555555")!, name: "Daily", make: "Honda",
        model: "Civic", year: 2019)
    private static let card = VehicleDocument(
        id: UUID(uuidString: "AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE")!, vehicleID: vehicle.id, kind: .insurance,
        label: "Geico card", number: "POL-9", expiresOn: TestSupport.day(2024, 5, 31), fileName: "a.pdf",
        originalName: "a.pdf", byteCount: 1)

    @Test func sixtyThirtySevenAndOneDayBeforeAtNine() {
        let reminders = ReminderScheduler.documentExpiry(
            Self.card, vehicle: Self.vehicle, now: TestSupport.date(2024, 3, 1), timeZone: TestSupport.newYork)
        let prefix = "document-AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE-"
        #expect(reminders.map(\.id) == ["60d", "30d", "7d", "1d"].map { prefix + $0 })
        // Expires 31 May: 1 April, 1 May, 24 May and 30 May at 09:00 in New York (13:00 UTC, daylight time).
        #expect(
            reminders.map { ICalendarFeed.timestamp($0.fireAt) } == [
                "20240401T130000Z", "20240501T130000Z", "20240524T130000Z", "20240530T130000Z",
            ])
        #expect(reminders.allSatisfy { $0.category == .documentExpiring && $0.actions == [.remindTomorrow] })
        #expect(reminders.last?.title == "Geico card expires tomorrow")
        #expect(reminders.first?.title == "Geico card expires in 60 days")
        #expect(reminders.first?.body.contains("Geico card POL-9 expires on 2024-05-31") == true)
        // Past slots on earlier days are not scheduled; a document without an expiry has none.
        #expect(
            ReminderScheduler.documentExpiry(
                Self.card, vehicle: Self.vehicle, now: TestSupport.date(2024, 5, 25), timeZone: TestSupport.newYork
            ).map(\.id) == [prefix + "1d"])
        var title = Self.card
        title.expiresOn = nil
        #expect(
            ReminderScheduler.documentExpiry(
                title, vehicle: Self.vehicle, now: TestSupport.date(2024, 3, 1), timeZone: TestSupport.newYork
            ).isEmpty)
        let snooze = ReminderScheduler.documentSnooze(
            Self.card, vehicle: Self.vehicle, now: TestSupport.date(2024, 5, 30, 9, 5), timeZone: TestSupport.newYork)
        #expect(snooze.id == prefix + "snooze" && snooze.isSnooze)
        #expect(snooze.fireAt == TestSupport.date(2024, 5, 31, 9))
    }

    @Test func theServiceSchedulesDeliversSnoozesAndForgetsThem() async throws {
        let (memory, clock) = try TestSupport.store(now: TestSupport.date(2024, 3, 1, 8))
        let folder = try TestSupport.temporaryDirectory()
        let store = memory.storingDocuments(in: folder.appendingPathComponent("documents"))
        let car = try await TestSupport.addCivic(store)
        let scan = folder.appendingPathComponent("card.pdf")
        try Data("card".utf8).write(to: scan)
        let card = try await store.addDocument(
            DocumentDraft(kind: "insurance", label: "Geico card", expires: "2024-05-31"), copying: scan.path,
            to: car.id)
        let title = try await store.addDocument(DocumentDraft(kind: "title"), copying: scan.path, to: car.id)
        let service = ReminderService(store: store, adapters: [], logger: Logger(label: "test.documents"))
        let prefix = "document-\(card.id.uuidString)-"
        func documentIDs(_ reminders: [ScheduledReminder]) -> [String] {
            reminders.map(\.id).filter { $0.hasPrefix("document-") }
        }
        #expect(documentIDs(try await service.reschedule()) == ["60d", "30d", "7d", "1d"].map { prefix + $0 })
        #expect(!(try await service.pending().contains { $0.id.contains(title.id.uuidString) }))

        clock.set(TestSupport.date(2024, 4, 1, 9))
        #expect(documentIDs(try await service.deliverDue().delivered) == [prefix + "60d"])
        #expect(documentIDs(try await service.deliverDue().delivered).isEmpty)
        let result = try await service.perform(.remindTomorrow, reminderID: prefix + "60d")
        guard case .snoozed(let snooze) = result else {
            Issue.record("Remind Tomorrow did not snooze: \(result)")
            return
        }
        #expect(snooze.id == prefix + "snooze" && snooze.fireAt == TestSupport.date(2024, 4, 2, 9))

        // `due` shows the document with an expiry, and its status as the days pass.
        #expect(try await store.due(vehicleID: car.id).first?.documents.map(\.document.id) == [card.id])
        #expect(try await store.due(vehicleID: car.id).first?.documents.first?.status == .good)
        clock.set(TestSupport.date(2024, 5, 10))
        #expect(try await store.due(vehicleID: car.id).first?.documents.first?.status == .expiresSoon)
        #expect(try await store.due(vehicleID: car.id).first?.documents.first?.daysLeft == 21)
        clock.set(TestSupport.date(2024, 6, 1))
        #expect(try await store.due(vehicleID: car.id).first?.documents.first?.status == .expired)

        // A deleted document takes its reminders with it.
        clock.set(TestSupport.date(2024, 4, 1, 10))
        try await service.reschedule()
        #expect(!documentIDs(try await service.pending()).isEmpty)
        try await store.removeDocument(card.id)
        #expect(documentIDs(try await service.pending()).isEmpty)
        #expect(documentIDs(try await service.reschedule()).isEmpty)
    }
}
