public import Foundation
import HearthCore

/// The server's data directory: created on start, and checked for writing before anything listens.
public struct DataDirectory: Sendable {
    /// The folder.
    public let url: URL

    /// Creates the folder when missing and proves it is writable.
    /// - Throws: ``ServiceError`` that names the folder and says how to choose another.
    public static func prepare(_ url: URL) throws -> DataDirectory {
        let folder = url.standardizedFileURL
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw unusable(folder, because: "it is a file, not a folder")
            }
        } else {
            do {
                try manager.createDirectory(
                    at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw unusable(folder, because: "it could not be created (\(error.localizedDescription))")
            }
        }
        let directory = DataDirectory(url: folder)
        if let problem = directory.writeProblem() { throw unusable(folder, because: problem) }
        return directory
    }

    /// Why the folder cannot be written to, or nil when it can.
    public func writeProblem() -> String? {
        let probe = url.appendingPathComponent(".hearth-write-check-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: probe.path, contents: Data("ok".utf8)) else {
            return "it is not writable"
        }
        try? FileManager.default.removeItem(at: probe)
        return nil
    }

    private static func unusable(_ folder: URL, because reason: String) -> ServiceError {
        ServiceError(
            .operationFailed,
            "The data directory \(folder.path) cannot be used: \(reason). Choose another with --data-dir or HEARTH_DATA_DIR."
        )
    }
}
