public import Foundation

/// A folder of its own under the system's temporary directory, removed when the value goes away.
public final class TemporaryFolder: Sendable {
    public let url: URL

    /// Creates the folder, named `prefix` and a fresh UUID.
    public init(prefix: String = "hearth-tests") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A file (or folder) inside it.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    // Removed on a thread of its own: under load, deleting a folder of SQLite files can take a third of a
    // second, which must not hold a thread of the cooperative pool.
    deinit {
        let url = url
        Thread { try? FileManager.default.removeItem(at: url) }.start()
    }
}
