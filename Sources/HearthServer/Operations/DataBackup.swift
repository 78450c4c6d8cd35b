public import Foundation
import HearthCore
import ZIPFoundation

/// `hearth backup`: one archive of everything in a data directory, made while the server runs.
///
/// SQLite databases (the record store with the pantry's tables and the analytics events, and the apps'
/// databases) are copied with SQLite's online backup API, so each copy is one consistent state however the
/// server writes meanwhile, and each copy is checked with `PRAGMA integrity_check` before it goes in. Other
/// files are copied as they are. A record store on PostgreSQL is dumped with `pg_dump`. The archive is a
/// ZIP file, readable only by its owner, with a `manifest.json` giving each member's size and SHA-256; it
/// is written under a temporary name and renamed once complete, so a failed backup leaves nothing that
/// looks like a backup.
///
/// ```swift
/// let manifest = try await DataBackup(dataDirectory: URL(fileURLWithPath: "hearth-data")).write(to: archive)
/// ```
public struct DataBackup: Sendable {
    /// The data directory to back up.
    public var dataDirectory: URL
    /// A `postgres://` URL when the record store is in PostgreSQL; nil when it is in the data directory.
    public var databaseURL: String?
    /// Told what is being copied, one line at a time.
    public var progress: @Sendable (String) -> Void
    /// The time written into the manifest.
    public var now: @Sendable () -> Date

    public init(
        dataDirectory: URL, databaseURL: String? = nil,
        progress: @escaping @Sendable (String) -> Void = { _ in }, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.dataDirectory = dataDirectory.standardizedFileURL
        self.databaseURL = databaseURL
        self.progress = progress
        self.now = now
    }

    /// Writes the archive to `output`, which must not exist yet, and returns its manifest.
    /// - Throws: ``HearthCore/ServiceError`` naming the file or database that could not be copied or that
    ///   failed its check; nothing is left at `output` then.
    public func write(to output: URL) async throws -> BackupManifest {
        let output = output.standardizedFileURL
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: dataDirectory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ServiceError.validationFailed(
                "There is no data directory at \(dataDirectory.path): give the server's --data-dir (or HEARTH_DATA_DIR)."
            )
        }
        guard !manager.fileExists(atPath: output.path) else {
            throw ServiceError.validationFailed(
                "\(output.path) exists already: choose a new file name for the backup, or remove that file first.")
        }
        let folder = output.deletingLastPathComponent()
        let scratch = folder.appendingPathComponent(".hearth-backup-\(UUID().uuidString)")
        let partial = folder.appendingPathComponent(".\(output.lastPathComponent).partial")
        do {
            try manager.createDirectory(
                at: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ServiceError(
                .operationFailed, "Cannot write in \(folder.path): choose a folder you can write to for the backup.",
                underlying: error)
        }
        defer {
            try? manager.removeItem(at: scratch)
            try? manager.removeItem(at: partial)
        }

        var entries: [BackupEntry] = []
        var copies: [(entry: BackupEntry, file: URL)] = []
        for relative in try files(skipping: [scratch, partial, output]) {
            let source = dataDirectory.appendingPathComponent(relative)
            let copy = scratch.appendingPathComponent("data").appendingPathComponent(relative)
            try manager.createDirectory(
                at: copy.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            let entry: BackupEntry
            if SQLiteFiles.isDatabase(source) {
                progress("Copying the database \(relative)")
                try SQLiteFiles.snapshot(source, to: copy)
                let (problems, userVersion) = try SQLiteFiles.check(copy)
                guard problems.isEmpty else {
                    throw ServiceError(
                        .operationFailed,
                        "The database \(source.path) fails SQLite's integrity check (\(problems.prefix(3).joined(separator: "; "))): "
                            + "it was not backed up. Run `hearth doctor` on the data directory, and restore it from an earlier backup."
                    )
                }
                let digest = try FileDigest.sha256(of: copy)
                entry = BackupEntry(
                    path: BackupEntry.dataPrefix + relative, kind: .sqlite, bytes: digest.bytes, sha256: digest.sha256,
                    userVersion: userVersion)
            } else {
                progress("Copying \(relative)")
                let digest = try FileDigest.copy(source, to: copy)
                entry = BackupEntry(
                    path: BackupEntry.dataPrefix + relative, kind: .file, bytes: digest.bytes, sha256: digest.sha256)
            }
            entries.append(entry)
            copies.append((entry, copy))
        }
        if let databaseURL {
            let tools = try PostgresTools(url: databaseURL)
            progress("Dumping the record store from \(tools.redacted)")
            let dump = scratch.appendingPathComponent("records.dump")
            try await tools.dump(to: dump)
            let digest = try FileDigest.sha256(of: dump)
            let entry = BackupEntry(
                path: BackupEntry.postgresPath, kind: .postgres, bytes: digest.bytes, sha256: digest.sha256)
            entries.append(entry)
            copies.append((entry, dump))
        }

        let manifest = BackupManifest(
            createdAt: now(), recordStore: databaseURL == nil ? "sqlite" : "postgres", entries: entries)
        progress("Writing \(output.lastPathComponent)")
        do {
            try Self.writeArchive(at: partial, copies: copies, manifest: manifest)
            try manager.moveItem(at: partial, to: output)
        } catch let error as ServiceError {
            throw error
        } catch {
            throw ServiceError(
                .operationFailed,
                "Could not write the backup \(output.path): \(error.localizedDescription). Check the free space and permissions of \(folder.path).",
                underlying: error)
        }
        return manifest
    }

    /// Writes the archive's members and its manifest, closing the file before it returns.
    private static func writeArchive(at url: URL, copies: [(entry: BackupEntry, file: URL)], manifest: BackupManifest)
        throws
    {
        let archive = try Archive(url: url, accessMode: .create)
        // Readable only by its owner before anything goes in: the databases hold health records.
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        for (entry, file) in copies {
            // A dump is compressed already; databases and other files shrink well.
            try archive.addEntry(
                with: entry.path, fileURL: file, compressionMethod: entry.kind == .postgres ? .none : .deflate)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let json = try encoder.encode(manifest)
        try archive.addEntry(with: BackupManifest.memberName, type: .file, uncompressedSize: Int64(json.count)) {
            position, size in
            json.subdata(in: Int(position)..<Int(position) + size)
        }
    }

    /// The data directory's regular files, relative to it and sorted, without SQLite's journals (a snapshot
    /// holds what they held), the server's write checks, asset uploads still arriving, and the server's secret
    /// (``ServerSecret``), which never leaves the machine.
    func files(skipping skipped: [URL]) throws -> [String] {
        let skippedPaths = Set(skipped.map(\.standardizedFileURL.path))
        guard
            let walker = FileManager.default.enumerator(
                at: dataDirectory, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey], options: [])
        else {
            throw ServiceError(
                .operationFailed, "Cannot read the data directory \(dataDirectory.path): check its permissions.")
        }
        var found: [String] = []
        let base = dataDirectory.path.hasSuffix("/") ? dataDirectory.path : dataDirectory.path + "/"
        for case let url as URL in walker {
            let path = url.standardizedFileURL.path
            if skippedPaths.contains(path) {
                walker.skipDescendants()
                continue
            }
            let values = try url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            guard values.isRegularFile == true, values.isSymbolicLink != true, path.hasPrefix(base) else { continue }
            let name = url.lastPathComponent
            if name.hasSuffix("-wal") || name.hasSuffix("-shm") || name.hasSuffix("-journal")
                || name.hasPrefix(".hearth-write-check-")
            {
                continue
            }
            if name.hasPrefix("upload-"), url.deletingLastPathComponent().lastPathComponent == "uploads" { continue }
            let relative = String(path.dropFirst(base.count))
            if relative == ServerSecret.fileName { continue }
            found.append(relative)
        }
        return found.sorted()
    }
}
