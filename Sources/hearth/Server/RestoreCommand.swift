import ArgumentParser
import Foundation
import HearthExchange
import HearthServer

/// `hearth restore`: a backup put back into a new data directory.
struct RestoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore an archive `hearth backup` wrote into a new or empty data directory.",
        discussion: """
            The archive is checked first: every member must be listed in its manifest with the size and
            SHA-256 it has, and every database must pass SQLite's integrity check. A folder that is not empty
            is refused, so nothing is overwritten; when anything fails, nothing is left behind. A backup of a
            PostgreSQL record store needs --database: an empty database to load it into with pg_restore.
            Then start the server on the folder: `hearth serve --data-dir FOLDER`.
            """
    )

    @Argument(help: "The archive to restore.")
    var archive: String

    @Option(name: .customLong("data-dir"), help: "The new or empty folder to restore into.")
    var dataDirectory: String

    @Option(
        help:
            "An empty PostgreSQL database (postgres:// URL) for a backup whose record store was in PostgreSQL (default: HEARTH_DATABASE_URL)."
    )
    var database: String?

    @Flag(help: "Print the manifest as JSON instead of a summary.")
    var json = false

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let database = database ?? environment["HEARTH_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let line = ProgressLine(enabled: !json) { _ in "" }
        let folder = expandedPath(dataDirectory)
        let restore = DataRestore(
            archive: expandedPath(archive), dataDirectory: folder, databaseURL: database, progress: { line.draw($0) })
        let manifest = try await restore.run()
        line.finish()
        if json {
            try printJSON(manifest)
        } else {
            let created = manifest.createdAt.formatted(.iso8601)
            print(
                "Restored the backup of \(created) into \(folder.path): \(manifest.entries.count) member\(manifest.entries.count == 1 ? "" : "s"), "
                    + "\((manifest.totalBytes ?? 0).formatted(.byteCount(style: .file))), every one matching its checksum. Start the server with `hearth serve --data-dir \(folder.path)`."
            )
        }
    }
}
