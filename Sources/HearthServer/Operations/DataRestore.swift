import Crypto
public import Foundation
import HearthCore
import ZIPFoundation

/// `hearth restore`: a backup archive made by ``DataBackup`` put back into a new data directory.
///
/// An archive is checked before it is trusted: it must be a ZIP file with a manifest this build knows, every
/// member must be one the manifest lists, under `data/` or the PostgreSQL dump, with a relative path that
/// stays inside the data directory, and each one must have exactly the size and SHA-256 the manifest gives
/// (extraction stops as soon as a member grows past its size). Databases are checked again with
/// `PRAGMA integrity_check`. The data directory must be empty or not exist; when anything fails, whatever
/// the restore wrote is removed, and the directory is left as it was.
///
/// ```swift
/// let manifest = try await DataRestore(archive: backup, dataDirectory: URL(fileURLWithPath: "restored")).run()
/// ```
public struct DataRestore: Sendable {
    /// The backup archive.
    public var archive: URL
    /// Where to restore to: an empty or missing folder.
    public var dataDirectory: URL
    /// An empty PostgreSQL database for an archive whose record store was in PostgreSQL.
    public var databaseURL: String?
    /// Told what is being restored, one line at a time.
    public var progress: @Sendable (String) -> Void

    /// The largest manifest read: far above any real one (a few hundred bytes a file).
    static let maximumManifestBytes: UInt64 = 16 << 20

    public init(
        archive: URL, dataDirectory: URL, databaseURL: String? = nil,
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.archive = archive.standardizedFileURL
        self.dataDirectory = dataDirectory.standardizedFileURL
        self.databaseURL = databaseURL
        self.progress = progress
    }

    /// Restores the archive and returns its manifest.
    /// - Throws: ``HearthCore/ServiceError`` saying what is wrong with the archive or the target, and what to do.
    public func run() async throws -> BackupManifest {
        let manager = FileManager.default
        let createdFolder = try prepareFolder()
        var written: [URL] = []
        do {
            let zip: Archive
            do {
                zip = try Archive(url: archive, accessMode: .read)
            } catch {
                let reason =
                    manager.fileExists(atPath: archive.path) ? "it is not a ZIP archive" : "there is no such file"
                throw ServiceError.validationFailed(
                    "\(archive.path) is not a Hearth backup: \(reason). Give a file that `hearth backup` wrote.")
            }
            let manifest = try readManifest(zip)
            let members = try checkMembers(zip, against: manifest)
            if manifest.entries.contains(where: { $0.kind == .postgres }), databaseURL == nil {
                throw ServiceError.validationFailed(
                    "This backup holds a record store that was in PostgreSQL: give --database postgres://… of an empty database to restore it into (or HEARTH_DATABASE_URL)."
                )
            }
            try checkFreeSpace(for: manifest)

            var dump: URL?
            for entry in manifest.entries {
                guard let member = members[entry.path] else { continue }
                let target: URL
                if entry.kind == .postgres {
                    target = dataDirectory.appendingPathComponent(".hearth-restore-\(UUID().uuidString).dump")
                    dump = target
                } else {
                    target = dataDirectory.appendingPathComponent(
                        String(entry.path.dropFirst(BackupEntry.dataPrefix.count)))
                }
                progress("Restoring \(entry.path)")
                try manager.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true,
                    attributes: [.posixPermissions: 0o700])
                written.append(target)
                try extract(member, of: zip, as: entry, to: target)
                if entry.kind == .sqlite {
                    let (problems, _) = try SQLiteFiles.check(target)
                    guard problems.isEmpty else {
                        throw ServiceError(
                            .operationFailed,
                            "The database \(entry.path) in the backup fails SQLite's integrity check (\(problems.prefix(3).joined(separator: "; "))): restore an earlier backup."
                        )
                    }
                }
            }
            if let dump, let databaseURL {
                let tools = try PostgresTools(url: databaseURL)
                progress("Loading the record store into \(tools.redacted)")
                do {
                    try await tools.restore(from: dump)
                } catch let error as ServiceError {
                    throw ServiceError(
                        .operationFailed,
                        "\(error.message) Restore into an empty database: one that holds no Hearth tables in schema \(tools.schema).",
                        underlying: error)
                }
                try? manager.removeItem(at: dump)
            }
            return manifest
        } catch {
            for url in written.reversed() { try? manager.removeItem(at: url) }
            if createdFolder {
                try? manager.removeItem(at: dataDirectory)
            } else if let left = try? manager.contentsOfDirectory(at: dataDirectory, includingPropertiesForKeys: nil) {
                // The folder was empty before: whatever is in it now, the restore made.
                for url in left { try? manager.removeItem(at: url) }
            }
            throw error
        }
    }

    /// Makes sure the data directory is empty, creating it when missing; true when it was created.
    private func prepareFolder() throws -> Bool {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: dataDirectory.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw ServiceError.validationFailed(
                    "\(dataDirectory.path) is a file: give a new or empty folder to restore into.")
            }
            let contents = (try? manager.contentsOfDirectory(atPath: dataDirectory.path)) ?? []
            guard contents.isEmpty else {
                throw ServiceError.validationFailed(
                    "\(dataDirectory.path) is not empty (it holds \(contents.count) item\(contents.count == 1 ? "" : "s")): restore into a new or empty folder, so nothing in it is overwritten."
                )
            }
            return false
        }
        do {
            try manager.createDirectory(
                at: dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ServiceError(
                .operationFailed, "Cannot create \(dataDirectory.path): choose a folder you can write to.",
                underlying: error)
        }
        return true
    }

    private func readManifest(_ zip: Archive) throws -> BackupManifest {
        guard let member = zip[BackupManifest.memberName] else {
            throw ServiceError.validationFailed(
                "\(archive.path) is not a Hearth backup: it has no \(BackupManifest.memberName). Give a file that `hearth backup` wrote."
            )
        }
        guard member.uncompressedSize <= Self.maximumManifestBytes else {
            throw ServiceError.validationFailed(
                "\(archive.path) has a \(BackupManifest.memberName) of \(member.uncompressedSize) bytes, far more than any backup's: it is not a Hearth backup."
            )
        }
        var json = Data()
        do {
            _ = try zip.extract(member) { chunk in
                json.append(chunk)
                if json.count > Self.maximumManifestBytes {
                    throw ServiceError.validationFailed("The manifest is larger than it says.")
                }
            }
        } catch {
            throw ServiceError.validationFailed(
                "\(archive.path) is damaged: its manifest cannot be read (\(error.localizedDescription)).")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let manifest = try? decoder.decode(BackupManifest.self, from: json),
            manifest.format == BackupManifest.formatName
        else {
            throw ServiceError.validationFailed(
                "\(archive.path) is not a Hearth backup: its manifest is not one `hearth backup` writes.")
        }
        guard manifest.version <= BackupManifest.currentVersion else {
            throw ServiceError.validationFailed(
                "\(archive.path) was written by a newer Hearth (backup version \(manifest.version)): restore it with that version or newer."
            )
        }
        return manifest
    }

    /// The archive's members by path, once every one is known to the manifest and every path is safe.
    private func checkMembers(_ zip: Archive, against manifest: BackupManifest) throws -> [String: Entry] {
        guard manifest.totalBytes != nil else {
            throw ServiceError.validationFailed(
                "\(archive.path) gives sizes no backup has (below zero, or adding up past 9 exabytes): it was not written by `hearth backup`, and nothing was restored."
            )
        }
        var listed: [String: BackupEntry] = [:]
        for entry in manifest.entries {
            guard Self.isSafe(entry), listed[entry.path] == nil else {
                throw ServiceError.validationFailed(
                    "\(archive.path) lists a member it may not hold (\"\(entry.path.prefix(120))\"): it was not written by `hearth backup`, and nothing was restored."
                )
            }
            listed[entry.path] = entry
        }
        var members: [String: Entry] = [:]
        for member in zip where member.path != BackupManifest.memberName {
            guard let entry = listed[member.path], member.type == .file, members[member.path] == nil else {
                throw ServiceError.validationFailed(
                    "\(archive.path) holds \"\(member.path.prefix(120))\", which its manifest does not list: it was changed after `hearth backup` wrote it, and nothing was restored."
                )
            }
            guard UInt64(exactly: entry.bytes) == member.uncompressedSize else {
                throw ServiceError.validationFailed(
                    "\(archive.path) is damaged: \(member.path) holds \(member.uncompressedSize) bytes where the manifest says \(entry.bytes)."
                )
            }
            members[member.path] = member
        }
        if let missing = manifest.entries.first(where: { members[$0.path] == nil }) {
            throw ServiceError.validationFailed("\(archive.path) is incomplete: \(missing.path) is missing from it.")
        }
        return members
    }

    /// Whether an entry's path is one `hearth backup` writes: the dump, or a relative path under `data/`
    /// with no empty, `.` or `..` component.
    static func isSafe(_ entry: BackupEntry) -> Bool {
        switch entry.kind {
        case .postgres:
            return entry.path == BackupEntry.postgresPath && entry.bytes >= 0
        case .sqlite, .file:
            guard entry.path.hasPrefix(BackupEntry.dataPrefix), entry.bytes >= 0 else { return false }
            let parts = entry.path.dropFirst(BackupEntry.dataPrefix.count).split(
                separator: "/", omittingEmptySubsequences: false)
            return !parts.isEmpty
                && parts.allSatisfy { part in
                    !part.isEmpty && part != "." && part != ".." && !part.contains("\\") && !part.contains("\0")
                }
        }
    }

    private func checkFreeSpace(for manifest: BackupManifest) throws {
        let values = try? dataDirectory.resourceValues(forKeys: [.volumeAvailableCapacityKey])
        guard let available = values?.volumeAvailableCapacity else { return }
        let needed = manifest.totalBytes ?? .max
        guard Int64(clamping: available) > needed else {
            throw ServiceError(
                .operationFailed,
                "Restoring needs \(needed.formatted(.byteCount(style: .file))) and \(dataDirectory.path) has \(Int64(available).formatted(.byteCount(style: .file))) free: free some space or restore elsewhere."
            )
        }
    }

    /// Extracts one member, stopping as soon as it holds more than its size, and checks its SHA-256.
    private func extract(_ member: Entry, of zip: Archive, as entry: BackupEntry, to target: URL) throws {
        guard FileManager.default.createFile(atPath: target.path, contents: nil, attributes: [.posixPermissions: 0o600])
        else {
            throw ServiceError(
                .operationFailed, "Cannot create \(target.path): check that \(dataDirectory.path) is writable.")
        }
        let output = try FileHandle(forWritingTo: target)
        defer { try? output.close() }
        var hasher = SHA256()
        var bytes: Int64 = 0
        do {
            _ = try zip.extract(member) { chunk in
                bytes += Int64(chunk.count)
                guard bytes <= entry.bytes else {
                    throw ServiceError.validationFailed(
                        "\(archive.path) is damaged: \(entry.path) holds more than the \(entry.bytes) bytes its manifest gives."
                    )
                }
                hasher.update(data: chunk)
                try output.write(contentsOf: chunk)
            }
        } catch let error as ServiceError {
            throw error
        } catch {
            throw ServiceError.validationFailed(
                "\(archive.path) is damaged: \(entry.path) cannot be read (\(error.localizedDescription)).")
        }
        let digest = FileDigest.hex(hasher.finalize())
        guard bytes == entry.bytes, digest == entry.sha256 else {
            throw ServiceError.validationFailed(
                "\(archive.path) is damaged or was changed: \(entry.path) does not match the SHA-256 its manifest gives. Nothing was restored."
            )
        }
    }
}
