public import Foundation

/// A folder of its own in this test process's scratch folder (see ``scratchDirectory(_:)``), removed when the
/// value goes away.
public final class TemporaryFolder: Sendable {
    public let url: URL

    /// Creates the folder, named `prefix` and a fresh UUID.
    public init(prefix: String = "hearth-tests") throws {
        url = scratchDirectory(prefix)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A file (or folder) inside it.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    // Removed on a thread of its own: under load, deleting a folder of SQLite files can take a third of a
    // second, which must not hold a thread of the cooperative pool. One the process ends before is removed
    // with the scratch folder.
    deinit {
        let url = url
        Thread { try? FileManager.default.removeItem(at: url) }.start()
    }
}

/// A path for one test's files or folder, `prefix` and a fresh UUID, in a scratch folder of this test process
/// (not created; the scratch folder is).
///
/// The scratch folder, `hearth-scratch-<pid>` in the system's temporary directory, is removed when the process
/// exits, with every server's data directory and database the tests left in it; one left by a process that
/// was killed is removed by the next test process.
public func scratchDirectory(_ prefix: String) -> URL {
    Scratch.root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
}

enum Scratch {
    static let prefix = "hearth-scratch-"

    static let root: URL = {
        let system = FileManager.default.temporaryDirectory
        removeAbandoned(in: system)
        let root = system.appendingPathComponent("\(prefix)\(getpid())")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: Scratch.root) }
        return root
    }()

    /// Removes the scratch folders of test processes that are no longer running.
    static func removeAbandoned(in system: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: system.path)) ?? []
        for name in names where name.hasPrefix(prefix) {
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                try? FileManager.default.removeItem(at: system.appendingPathComponent(name))
            }
        }
    }
}
