import Foundation
import HearthCore

/// PostgreSQL's own `pg_dump` and `pg_restore`, which back up and restore a record store kept in PostgreSQL.
///
/// They are found on `PATH`, else in Debian's `/usr/lib/postgresql/<version>/bin` (newest first). The
/// password goes to them in `PGPASSWORD`, never on their command line, and Hearth's own URL settings
/// (`schema`, `prepared_statements`) become their flags.
struct PostgresTools {
    /// A libpq connection URL without the password and without Hearth's own settings.
    let connection: String
    let password: String?
    /// The schema the record store uses (`public` unless the URL says `?schema=`).
    let schema: String
    /// The URL without its password, for messages.
    let redacted: String

    init(url: String) throws {
        guard var components = URLComponents(string: url), let scheme = components.scheme,
            ["postgres", "postgresql"].contains(scheme.lowercased()), components.host?.isEmpty == false
        else {
            throw ServiceError.validationFailed(
                "The database URL must look like postgres://user:password@host:5432/database.")
        }
        password = components.password.flatMap { $0.removingPercentEncoding ?? $0 }
        components.password = nil
        var schema = "public"
        var kept: [URLQueryItem] = []
        for item in components.queryItems ?? [] {
            switch item.name {
            case "schema": schema = item.value ?? "public"
            case "prepared_statements": break
            default: kept.append(item)
            }
        }
        components.queryItems = kept.isEmpty ? nil : kept
        guard schema.range(of: "^[a-z_][a-z0-9_]{0,62}$", options: .regularExpression) != nil else {
            throw ServiceError.validationFailed(
                "The schema name \"\(schema)\" must be lowercase letters, digits and _.")
        }
        self.schema = schema
        connection = components.string ?? url
        redacted = Redaction.url(url, showingUser: true)
    }

    /// Writes the record store's schema to `file` in pg_dump's custom format.
    func dump(to file: URL) async throws {
        try await run(
            "pg_dump",
            [
                "--format=custom", "--no-owner", "--no-privileges", "--schema=\(schema)", "--file=\(file.path)",
                "--dbname=\(connection)",
            ])
        try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    }

    /// Loads a dump into this database, in one transaction: all of it, or nothing when anything fails.
    func restore(from file: URL) async throws {
        try await run(
            "pg_restore",
            [
                "--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", "--dbname=\(connection)",
                file.path,
            ])
    }

    /// Runs one of PostgreSQL's tools; a failure names the tool, the database and what the tool said.
    ///
    /// The caller suspends while the tool runs, and no thread waits on it: the exit comes from
    /// `Process.terminationHandler`, and what the tool says goes to a file (a pipe nobody reads while waiting
    /// would stall a tool that says a lot).
    private func run(_ name: String, _ arguments: [String]) async throws {
        let process = Process()
        process.executableURL = try Self.locate(name)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        if let password { environment["PGPASSWORD"] = password }
        process.environment = environment
        let manager = FileManager.default
        let errorsFile = manager.temporaryDirectory.appendingPathComponent("hearth-\(name)-\(UUID().uuidString).err")
        guard manager.createFile(atPath: errorsFile.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw ServiceError(.operationFailed, "Could not create \(errorsFile.path) for \(name)'s messages.")
        }
        defer { try? manager.removeItem(at: errorsFile) }
        let errors = try FileHandle(forWritingTo: errorsFile)
        defer { try? errors.close() }
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        guard status == 0 else {
            let said = (try? FileHandle(forReadingFrom: errorsFile).read(upToCount: 4_000)) ?? nil
            let text = String(decoding: said ?? Data(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw ServiceError(.operationFailed, "\(name) failed on \(redacted) (exit \(status)): \(text)")
        }
    }

    /// The tool's path: on `PATH`, else the newest of Debian's PostgreSQL installations.
    static func locate(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> URL
    {
        let manager = FileManager.default
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if manager.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        let versions = (try? manager.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        for version in versions.sorted(by: { (Int($0) ?? 0) > (Int($1) ?? 0) }) {
            let candidate = URL(fileURLWithPath: "/usr/lib/postgresql/\(version)/bin/\(name)")
            if manager.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw ServiceError(
            .operationFailed,
            "\(name) is not installed: install PostgreSQL's client tools (apt-get install postgresql-client), "
                + "in the same major version as the server or newer.")
    }
}
