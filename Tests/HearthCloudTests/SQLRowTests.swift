import Foundation
import Testing

@testable import HearthCloud

/// A row's values by column name, on both databases: narrow results find names in order, wide ones by
/// hashing, and a name that appears twice means its first column either way.
@Suite("Rows read by column name", .timeLimit(.minutes(10)))
struct SQLRowTests {
    @Test("narrow and wide results, repeated and missing names", arguments: StoreKind.allCases)
    func columnsByName(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let rows = try await store.database.transaction(readOnly: true) { tx in
                let narrow = try await tx.query("SELECT 1 AS a, 'two' AS b, 3 AS a", [])
                let wide = try await tx.query(
                    "SELECT " + (0..<40).map { "\($0) AS c\($0)" }.joined(separator: ", ") + ", 99 AS c7", [])
                return (narrow, wide)
            }
            let narrow = try #require(rows.0.first)
            #expect(narrow.int("a") == 1)
            #expect(narrow.text("b") == "two")
            #expect(narrow.value("missing") == .null)
            let wide = try #require(rows.1.first)
            #expect(wide.int("c0") == 0)
            #expect(wide.int("c7") == 7)
            #expect(wide.int("c39") == 39)
            #expect(wide.value("c40") == .null)
        }
    }
}
