import ArgumentParser
import Foundation
import HearthCloudModel
import HearthCore
import HearthFinance
import HearthStore
import HearthSync
import Logging
import ServiceLifecycle
import UnixSignals
import Synchronization

/// What `hearth finance sync --json` prints.
struct SyncSummary: Encodable {
    var database: String
    var server: String
    var sent: Counts
    var received: Counts
    var batches: Int
    var conflictsResolved: Int
    var refetchedZones: Int
    var pending: Int
    var problems: [String]

    struct Counts: Encodable {
        var saved: Int
        var deleted: Int
    }

    init(_ report: SyncReport, database: String, server: String) {
        self.database = database
        self.server = server
        sent = Counts(saved: report.sentSaves, deleted: report.sentDeletions)
        received = Counts(saved: report.receivedSaves, deleted: report.receivedDeletions)
        batches = report.sentBatches
        conflictsResolved = report.conflictsResolved
        refetchedZones = report.refetchedZones
        pending = report.pending
        problems = report.problems
    }
}
