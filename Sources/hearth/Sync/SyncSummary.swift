import Foundation
import HearthSync

/// The counts of a sync round, as `hearth APP sync --json` prints them.
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

    /// "Synced garage.sqlite with http://…: sent 2 changes (2 saved, 0 deleted) in 1 batch; received …";
    /// with `pending`, also the changes still waiting to be sent (for an app that prints no status after it).
    static func line(_ report: SyncReport, url: URL, server: String, pending: Bool = false) -> String {
        func count(_ n: Int, _ noun: String, _ plural: String? = nil) -> String {
            "\(n) \(n == 1 ? noun : plural ?? noun + "s")"
        }
        var line =
            "Synced \(url.lastPathComponent) with \(server): sent \(count(report.sentSaves + report.sentDeletions, "change")) "
        line +=
            "(\(report.sentSaves) saved, \(report.sentDeletions) deleted) in \(count(report.sentBatches, "batch", "batches")); "
        line +=
            "received \(count(report.receivedSaves + report.receivedDeletions, "change")) (\(report.receivedSaves) saved, \(report.receivedDeletions) deleted)"
        if report.conflictsResolved > 0 { line += "; settled \(count(report.conflictsResolved, "conflict"))" }
        if report.refetchedZones > 0 {
            line += "; fetched everything again (the server had forgotten this device's place)"
        }
        if pending && report.pending > 0 {
            line += ". \(count(report.pending, "change")) wait\(report.pending == 1 ? "s" : "") to be sent"
        }
        return line + "."
    }
}
