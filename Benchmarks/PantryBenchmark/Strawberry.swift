import BenchmarkSupport
import Foundation
import HearthTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The Strawberry server of the comparison: `Benchmarks/PantryBenchmark/strawberry/app.py` on uvicorn, from its
/// own venv.
enum Strawberry {
    /// The app's folder, found from this source file: the benchmark runs from the repository it was built in.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("strawberry")
    /// The repository's root.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Why Strawberry cannot run here, or nil when it can: python3 missing, or the venv could not be made.
    /// Creates the venv and installs the pinned requirements when it does not exist yet.
    static func prepare(venv: URL, progress: (String) -> Void) async throws -> String? {
        let python = venv.appendingPathComponent("bin/python")
        if FileManager.default.isExecutableFile(atPath: python.path) {
            let check = try await ChildProcess.run(python, ["-c", "import strawberry, uvicorn, uvloop, httptools"])
            if check.status == 0 { return nil }
        }
        guard
            let system = ["/usr/bin/python3", "/usr/local/bin/python3"].map(URL.init(fileURLWithPath:)).first(where: {
                FileManager.default.isExecutableFile(atPath: $0.path)
            })
                ?? ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map({
                    URL(fileURLWithPath: String($0)).appendingPathComponent("python3")
                })
                .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) })
        else { return "python3 is not installed (apt-get install python3 python3-venv)" }
        progress("creating \(venv.path) and installing Strawberry…")
        let made = try await ChildProcess.run(system, ["-m", "venv", venv.path])
        guard made.status == 0 else { return "python3 -m venv \(venv.path) failed: \(made.stderr)" }
        let installed = try await ChildProcess.run(
            python,
            [
                "-m", "pip", "install", "-q", "--disable-pip-version-check", "-r",
                folder.appendingPathComponent("requirements.txt").path,
            ])
        guard installed.status == 0 else {
            return "installing Strawberry into \(venv.path) failed: \(installed.stderr)"
        }
        return nil
    }

    /// The versions of the Strawberry side, as pip reports them.
    static func versions(venv: URL) async -> String {
        let script =
            "import importlib.metadata as m, platform; print('Python ' + platform.python_version() + ', ' + ', '.join(p + ' ' + m.version(p) for p in ['strawberry-graphql', 'graphql-core', 'uvicorn', 'uvloop', 'httptools']))"
        return
            (try? await ChildProcess.run(venv.appendingPathComponent("bin/python"), ["-c", script]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? "unknown"
    }

    /// Starts uvicorn with `workers` worker processes on a free loopback port, serving the database at `database`.
    static func start(venv: URL, database: URL, workers: Int) async throws -> ChildServer {
        let port = try freePort()
        return try await ChildServer.start(
            venv.appendingPathComponent("bin/python"),
            [
                "-m", "uvicorn", "app:app", "--host", "127.0.0.1", "--port", String(port), "--workers", String(workers),
                "--loop", "uvloop", "--http", "httptools", "--log-level", "info", "--no-access-log",
            ],
            environment: ["PANTRY_DATABASE": database.path], directory: folder, name: "uvicorn",
            ready: /Uvicorn running on http:\/\/127\.0\.0\.1:(\d+)/, in: .stderr, port: port)
    }

    /// A loopback port nothing listens on now (bound to port 0, read, closed).
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw LoadError("could not open a socket to find a free port") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else { throw LoadError("could not bind a socket to find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
