import ArgumentParser
import Foundation
import HearthExchange
import HearthServer

/// `hearth backup`: one archive of a data directory, made while the server runs.
struct BackupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Back up a data directory (and a PostgreSQL record store) into one archive, while the server runs.",
        discussion: """
            Every SQLite database in the data directory (the record store with the pantry and the analytics
            events, and the apps' databases) is copied with SQLite's online backup, so each is one consistent
            state however the server writes meanwhile, and checked with PRAGMA integrity_check; other files
            are copied as they are. With --database (or HEARTH_DATABASE_URL) the record store is dumped with
            pg_dump. The archive is a ZIP file readable only by you, with a manifest of every member's size
            and SHA-256. Restore it with `hearth restore FILE --data-dir NEW-FOLDER`.
            """
    )

    @Option(
        name: [.customShort("o"), .customLong("output")],
        help: "The archive to write; it must not exist yet (for example hearth-2026-11-27.zip).")
    var output: String

    @Option(
        name: .customLong("config"),
        help: "The settings file `hearth serve` reads, for its data directory and database (HEARTH_CONFIG).")
    var configFile: String?

    @Option(
        name: .customLong("data-dir"),
        help: "The data directory to back up (default: HEARTH_DATA_DIR, else ./hearth-data).")
    var dataDirectory: String?

    @Option(
        help:
            "The server's postgres:// database URL, when its record store is in PostgreSQL (default: HEARTH_DATABASE_URL)."
    )
    var database: String?

    @Flag(help: "Print the manifest as JSON instead of a summary.")
    var json = false

    func run() async throws {
        let settings = try ServerConfiguration.resolve(
            dataDirectory: dataDirectory, database: database, configFile: configFile)
        let folder = settings.dataDirectory
        let database = settings.databaseURL
        let line = ProgressLine(enabled: !json) { _ in "" }
        let backup = DataBackup(dataDirectory: folder, databaseURL: database, progress: { line.draw($0) })
        let target = expandedPath(output)
        let manifest = try await backup.write(to: target)
        line.finish()
        if json {
            try printJSON(manifest)
        } else {
            let databases = manifest.entries.filter { $0.kind == .sqlite }.count
            let files = manifest.entries.filter { $0.kind == .file }.count
            let dump = manifest.entries.contains { $0.kind == .postgres } ? ", a PostgreSQL dump" : ""
            let size =
                (try? target.resourceValues(forKeys: [.fileSizeKey]).fileSize).flatMap { $0 }.map { Int64($0) } ?? 0
            print(
                "Backed up \(folder.path) to \(target.path) (\(size.formatted(.byteCount(style: .file)))): "
                    + "\(databases) database\(databases == 1 ? ", passing its" : "s, each passing its") integrity check, \(files) other file\(files == 1 ? "" : "s")\(dump)."
            )
        }
    }
}
