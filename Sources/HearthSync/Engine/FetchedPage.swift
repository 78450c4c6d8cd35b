import Foundation
import HearthCloudModel

/// A page of a zone's changes as the engine applies it: the server's answer, and the stored form of the
/// ancestor each saved record keeps (where its type's policy keeps one), encoded while the page before is
/// still being applied instead of inside this page's transaction.
struct FetchedPage: Sendable {
    let response: CloudRecordChangesResponse
    /// By position in `response.records`: the record encoded as ``SyncTables`` stores an ancestor, or nil
    /// for a deletion or a type whose policy keeps no ancestor.
    let ancestors: [Data?]

    init(_ response: CloudRecordChangesResponse, configuration: SyncConfiguration) {
        self.response = response
        ancestors = response.records.map { record in
            guard !record.deleted, configuration.policy(for: record.recordType).keepsAncestor else { return nil }
            return try? SyncCoding.encodeRecord(record)
        }
    }
}
