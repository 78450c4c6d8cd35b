import Foundation
import HearthCloud
import HearthCore
import Testing

/// The analytics events table behaves alike on SQLite and PostgreSQL.
@Suite("Collected analytics events (conformance)")
struct CollectedEventStoreTests {
    static func event(
        _ name: String, uuid: String = UUID().uuidString.lowercased(), key: String = "phc_test", at seconds: Double,
        micros: Int = 0
    ) -> CollectedEvent {
        CollectedEvent(
            uuid: uuid, projectKey: key, event: name, distinctID: "install-1",
            properties: [
                "format": .string("drivvo"), "ok": .bool(true), "count": .int(9_007_199_254_740_993),
                "ratio": .double(0.5), "nested": .object(["a": .array([.null, .string("x")])]),
            ],
            timestamp: Date(timeIntervalSince1970: seconds + Double(micros) / 1_000_000),
            receivedAt: Date(timeIntervalSince1970: seconds + 1))
    }

    @Test(
        "events are stored whole, read back newest first, filtered by name and time, and limited",
        arguments: StoreKind.allCases)
    func storesAndFilters(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let table = store.analyticsEvents()
            try await table.migrate()
            try await table.migrate()  // idempotent
            let first = Self.event("import_finished", at: 1_800_000_000, micros: 123_456)
            let second = Self.event("export_made", at: 1_800_000_100)
            let third = Self.event("import_finished", at: 1_800_000_200, micros: 1)
            #expect(try await table.insert([first, second, third]) == 3)
            let all = try await table.events(CollectedEventQuery())
            #expect(all.map(\.uuid) == [third.uuid, second.uuid, first.uuid])
            let readFirst = try #require(all.last)
            #expect(readFirst == first)  // properties, 64-bit integers and microseconds intact
            #expect(
                try await table.events(CollectedEventQuery(event: "import_finished")).map(\.uuid) == [
                    third.uuid, first.uuid,
                ])
            #expect(
                try await table.events(CollectedEventQuery(since: Date(timeIntervalSince1970: 1_800_000_050))).map(
                    \.uuid) == [third.uuid, second.uuid])
            #expect(try await table.events(CollectedEventQuery(limit: 1)).map(\.uuid) == [third.uuid])
        }
    }

    @Test(
        "a retried event (same project key and uuid) is stored once; the same uuid under another key is another event",
        arguments: StoreKind.allCases)
    func deduplicates(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let table = store.analyticsEvents()
            try await table.migrate()
            let event = Self.event("vehicle_added", at: 1_800_000_000)
            #expect(try await table.insert([event]) == 1)
            var other = Self.event("vehicle_added", at: 1_800_000_001)
            other.uuid = event.uuid
            #expect(try await table.insert([event, Self.event("vehicle_added", at: 1_800_000_002)]) == 1)
            other.projectKey = "phc_other"
            #expect(try await table.insert([other]) == 1)
            #expect(try await table.events(CollectedEventQuery()).count == 3)
        }
    }

    @Test("a batch larger than one statement's rows is stored whole", arguments: StoreKind.allCases)
    func largeBatch(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let table = store.analyticsEvents()
            try await table.migrate()
            let events = (0..<1_203).map { Self.event("mileage_updated", at: 1_800_000_000 + Double($0)) }
            #expect(try await table.insert(events) == 1_203)
            #expect(try await table.events(CollectedEventQuery(limit: 5_000)).count == 1_203)
        }
    }

    static func arrived(_ name: String, key: String = "phc_test", at seconds: Double) -> CollectedEvent {
        var event = Self.event(name, key: key, at: seconds)
        event.receivedAt = Date(timeIntervalSince1970: seconds)
        return event
    }

    @Test(
        "events that arrived before the cut-off are removed, a few hundred per transaction, and the rest stay",
        arguments: StoreKind.allCases)
    func removesExpired(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let table = store.analyticsEvents()
            try await table.migrate()
            let old = (0..<2_345).map { Self.arrived("old", at: 1_700_000_000 + Double($0)) }
            let recent = (0..<10).map { Self.arrived("recent", at: 1_800_000_000 + Double($0)) }
            #expect(try await table.insert(old + recent) == 2_355)
            #expect(try await table.removeExpired(receivedBefore: Date(timeIntervalSince1970: 1_750_000_000)) == 2_345)
            #expect(
                try await table.events(CollectedEventQuery(limit: 5_000)).map(\.event)
                    == Array(repeating: "recent", count: 10))
            #expect(try await table.rowCount(key: "phc_test") == 10)
            #expect(try await table.removeExpired(receivedBefore: Date(timeIntervalSince1970: 1_750_000_000)) == 0)
        }
    }

    @Test(
        "past a key's row budget its oldest events go as new ones arrive; other keys keep theirs",
        arguments: StoreKind.allCases)
    func rowBudget(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let table = store.analyticsEvents(maxRowsPerKey: 100)
            try await table.migrate()
            let first = (0..<80).map { Self.arrived("first", at: 1_800_000_000 + Double($0)) }
            let other = (0..<30).map { Self.arrived("other", key: "phc_other", at: 1_800_000_000 + Double($0)) }
            #expect(try await table.insert(first + other) == 110)
            // 650 more in one request: written in two transactions, each trimming the key back to its budget.
            let more = (0..<650).map { Self.arrived("more", at: 1_800_001_000 + Double($0)) }
            #expect(try await table.insert(more) == 650)
            #expect(try await table.rowCount(key: "phc_test") == 100)
            #expect(try await table.rowCount(key: "phc_other") == 30)
            let kept = try await table.events(CollectedEventQuery(limit: 5_000))
            #expect(kept.filter { $0.projectKey == "phc_test" }.count == 100)
            #expect(kept.filter { $0.projectKey == "phc_test" }.allSatisfy { $0.event == "more" })
            #expect(kept.filter { $0.projectKey == "phc_other" }.count == 30)
            // The newest 100 stayed.
            #expect(kept.filter { $0.projectKey == "phc_test" }.map(\.timestamp).min() == more[550].timestamp)

            // A budget lowered later is applied by the retention pass.
            let smaller = store.analyticsEvents(maxRowsPerKey: 10)
            #expect(try await smaller.removeExpired(receivedBefore: Date(timeIntervalSince1970: 0)) == 90 + 20)
            #expect(try await smaller.rowCount(key: "phc_test") == 10)
            #expect(try await smaller.rowCount(key: "phc_other") == 10)
        }
    }

    @Test(
        "counts are made from the events already stored when a database first gets them", arguments: StoreKind.allCases)
    func countsFromExistingEvents(kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let table = store.analyticsEvents()
            try await table.migrate()
            #expect(try await table.insert((0..<7).map { Self.arrived("e", at: 1_800_000_000 + Double($0)) }) == 7)
            try await store.database.transaction(readOnly: false) { tx in
                try await tx.execute("DELETE FROM analytics_key_rows", [])
            }
            try await table.migrate()
            #expect(try await table.rowCount(key: "phc_test") == 7)
        }
    }
}
