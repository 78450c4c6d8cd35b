import Foundation
import HearthCloudModel
import HearthCore
import Testing

@testable import HearthCloud

@Suite("Records whose stored fields cannot be read")
struct DamagedRecordTests {
    @Test(
        "an update of a damaged record is refused with INTERNAL_ERROR naming it, and stores nothing",
        arguments: StoreKind.allCases)
    func anUpdateOfADamagedRecordIsRefused(_ kind: StoreKind) async throws {
        try await withStore(kind) { store in
            let alice = try await makeUser(store, "alice")
            let created = try await save(store, alice, [.note("n1", title: "first", extra: ["pages": .int64(3)])])[0]
            let tag = try #require(created.recordChangeTag)

            // Damage the stored fields, as a bad disk or a hand edit would: valid JSON, not a field map.
            let damaged = #"{"title":5}"#
            try await store.database.transaction(readOnly: false) { tx in
                try await tx.execute("UPDATE records SET fields = ? WHERE name = ?", [.text(damaged), .text("n1")])
            }

            var update = CloudRecord.note("n1", title: "second")
            update.recordChangeTag = tag
            let error = await cloudError { try await save(store, alice, [update], type: .update) }
            #expect(error?.serverErrorCode == .internalError)
            #expect(error?.reason.contains("\"n1\"") == true, "\(error?.reason ?? "")")
            let stored = try await store.database.transaction(readOnly: true) { tx in
                try await tx.query("SELECT fields FROM records WHERE name = ?", [.text("n1")]).first?.text("fields")
            }
            #expect(stored == damaged, "the damaged row is left as it was, not overwritten with the new field alone")
        }
    }
}
