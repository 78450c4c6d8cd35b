import Foundation
import HearthCloudModel
import HearthCore
import Testing

@testable import HearthCloud

/// `records/query` with its numeric filters run in SQL: the database leaves out records that cannot match,
/// and what it leaves in is checked as before, so answers are exactly those of the Swift filters.
@Suite("Query filters in SQL")
struct QueryInSQLTests {
    static func names(_ store: SQLRecordStore, _ principal: CloudPrincipal, _ query: CloudQuery, limit: Int)
        async throws -> (names: [String], pages: Int)
    {
        var page = try await store.queryRecords(
            principal, scope: .private, request: CloudRecordsQueryRequest(query: query, resultsLimit: limit))
        var names = page.records.map(\.recordName)
        var pages = 1
        while let marker = page.continuationMarker {
            page = try await store.queryRecords(
                principal, scope: .private,
                request: CloudRecordsQueryRequest(query: query, resultsLimit: limit, continuationMarker: marker))
            names += page.records.map(\.recordName)
            pages += 1
        }
        return (names, pages)
    }

    @Test(
        "numeric filters match across INT64 and DOUBLE, exactly at the edges of what a double can tell apart",
        arguments: StoreKind.allCases)
    func numericEdges(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let alice = try await makeUser(store, "alice")
            let big: Int64 = 9_007_199_254_740_993  // 2^53 + 1: the same double as 2^53
            let records: [CloudRecord] = [
                CloudRecord(recordName: "a-int", recordType: "Reading", fields: ["value": .int64(10)]),
                CloudRecord(recordName: "b-double", recordType: "Reading", fields: ["value": .double(10.5)]),
                CloudRecord(recordName: "c-below-big", recordType: "Reading", fields: ["value": .int64(big - 1)]),
                CloudRecord(recordName: "d-big", recordType: "Reading", fields: ["value": .int64(big)]),
                CloudRecord(recordName: "e-text", recordType: "Reading", fields: ["value": .string("5")]),
                CloudRecord(recordName: "f-time", recordType: "Reading", fields: ["value": .date(10)]),
                CloudRecord(recordName: "g-none", recordType: "Reading", fields: ["other": .int64(1)]),
                CloudRecord(recordName: "h-negative", recordType: "Reading", fields: ["value": .double(-2.25)]),
            ]
            try await save(store, alice, records)
            func matching(_ comparator: CloudComparator, _ value: CloudFieldValue) async throws -> [String] {
                try await Self.names(
                    store, alice,
                    CloudQuery(
                        recordType: "Reading",
                        filterBy: [CloudQueryFilter(fieldName: "value", comparator: comparator, fieldValue: value)]),
                    limit: 3
                ).names
            }
            #expect(try await matching(.lessThan, .int64(big)) == ["a-int", "b-double", "c-below-big", "h-negative"])
            #expect(
                try await matching(.lessThanOrEquals, .int64(big)) == [
                    "a-int", "b-double", "c-below-big", "d-big", "h-negative",
                ])
            #expect(try await matching(.greaterThan, .int64(big - 1)) == ["d-big"])
            #expect(
                try await matching(.greaterThanOrEquals, .double(10)) == ["a-int", "b-double", "c-below-big", "d-big"])
            #expect(try await matching(.equals, .double(10)) == ["a-int"])
            #expect(try await matching(.equals, .int64(big)) == ["d-big"])
            #expect(try await matching(.lessThan, .double(0)) == ["h-negative"])
            #expect(try await matching(.equals, .date(10)) == ["f-time"])
            #expect(try await matching(.greaterThan, .date(0)) == ["f-time"])
            #expect(try await matching(.equals, .string("5")) == ["e-text"])
            #expect(try await matching(.notEquals, .int64(10)).count == 7)
        }
    }

    @Test(
        "a filtered query without a sort pages in name order through matches spread over many records",
        arguments: StoreKind.allCases)
    func pagesWithoutSort(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let alice = try await makeUser(store, "alice")
            let records = (0..<1_200).map { index in
                CloudRecord(
                    recordName: String(format: "r%04d", index), recordType: "Reading",
                    fields: ["mileage": .int64(Int64(index % 10 == 3 ? index : 100_000 + index))])
            }
            for start in stride(from: 0, to: records.count, by: 400) {
                try await save(store, alice, Array(records[start..<start + 400]))
            }
            let query = CloudQuery(
                recordType: "Reading",
                filterBy: [CloudQueryFilter(fieldName: "mileage", comparator: .lessThan, fieldValue: .int64(1_000))])
            let (names, pages) = try await Self.names(store, alice, query, limit: 7)
            #expect(names == (0..<100).map { String(format: "r%04d", $0 * 10 + 3) })
            #expect(pages == 15)
            let none = try await Self.names(
                store, alice,
                CloudQuery(
                    recordType: "Reading",
                    filterBy: [CloudQueryFilter(fieldName: "mileage", comparator: .lessThan, fieldValue: .int64(0))]),
                limit: 7)
            #expect(none.names.isEmpty && none.pages == 1)
        }
    }

    @Test(
        "records whose stored fields are not JSON are left out of a filtered query, which still answers",
        arguments: StoreKind.allCases)
    func damagedFields(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let alice = try await makeUser(store, "alice")
            try await save(
                store, alice,
                [
                    CloudRecord(recordName: "good", recordType: "Reading", fields: ["value": .int64(1)]),
                    CloudRecord(recordName: "torn", recordType: "Reading", fields: ["value": .int64(2)]),
                ])
            try await store.database.transaction(readOnly: false) { tx in
                try await tx.execute(
                    "UPDATE records SET fields = ? WHERE name = ?",
                    [.text(#"{"value":{"type":"INT64","val"#), .text("torn")])
            }
            let query = CloudQuery(
                recordType: "Reading",
                filterBy: [CloudQueryFilter(fieldName: "value", comparator: .lessThan, fieldValue: .int64(5))])
            #expect(try await Self.names(store, alice, query, limit: 10).names == ["good"])
        }
    }

    @Test("a filter on a field that is not a number refuses a bad comparator with a message naming the field")
    func badFilter() async throws {
        try await withStore(.sqlite) { store in
            let alice = try await makeUser(store, "alice")
            let error = await cloudError {
                _ = try await store.queryRecords(
                    alice, scope: .private,
                    request: CloudRecordsQueryRequest(
                        query: CloudQuery(
                            recordType: "Reading",
                            filterBy: [
                                CloudQueryFilter(
                                    fieldName: "value", comparator: .lessThan, fieldValue: .list(.int64([1])))
                            ])))
            }
            #expect(error?.serverErrorCode == .badRequest)
            #expect(error?.reason.contains("\"value\"") == true, "\(error?.reason ?? "")")
        }
    }
}
