public import Foundation
public import HearthTestSupport

/// A server a benchmark started as a child process: its port, and the CPU time and memory of its processes
/// (the child and every process it started, such as uvicorn's workers).
public struct ChildServer: Sendable {
    public let child: ChildProcess
    public let port: Int

    /// Starts the running benchmark's own binary with `arguments` and waits until it prints `listening on <port>`.
    public static func start(_ arguments: [String], environment: [String: String] = [:]) async throws -> ChildServer {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return try await start(
            me, arguments, environment: environment, name: arguments.first ?? me.lastPathComponent,
            ready: /listening on (\d+)/, in: .stdout)
    }

    /// Starts `executable` with `arguments` and waits until `ready` matches a line of its output; the match's
    /// first capture is the port (a fixed `port` is used when the capture is not a number).
    public static func start(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil,
        name: String,
        ready: Regex<(Substring, Substring)>, in stream: ChildProcess.Stream, port fixed: Int? = nil
    ) async throws -> ChildServer {
        let child = try ChildProcess.start(executable, arguments, environment: environment, directory: directory)
        do {
            let match = try await child.waitForOutput(matching: ready, in: stream, timeout: .seconds(60))
            guard let port = Int(match.1) ?? fixed, port > 0 else {
                throw LoadError("\(name) reported port \(match.1)")
            }
            return ChildServer(child: child, port: port)
        } catch {
            child.signal(SIGKILL)
            _ = await child.exit()
            throw LoadError("\(name) did not start: \(error)\n\(child.stderr)")
        }
    }

    public var base: String { "http://127.0.0.1:\(port)" }

    /// The child and its descendants, from the parent ids in /proc/<pid>/stat.
    public var processIDs: [Int32] {
        let root = child.processIdentifier
        var parents: [Int32: [Int32]] = [:]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = Int32(entry), let fields = Self.statFields(pid), fields.count > 1,
                let parent = Int32(fields[1])
            else { continue }
            parents[parent, default: []].append(pid)
        }
        var found = [root]
        var index = 0
        while index < found.count {
            found += parents[found[index]] ?? []
            index += 1
        }
        return found
    }

    /// Resident memory now and at its peak, in MB, summed over the server's processes from /proc/<pid>/status
    /// (the peak is the sum of each process's own peak).
    public var memory: (current: Double, peak: Double) {
        var current = 0.0
        var peak = 0.0
        for pid in processIDs {
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { continue }
            func megabytes(_ key: String) -> Double {
                guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key) }) else { return 0 }
                return (Double(line.split(separator: " ").dropFirst().first.map(String.init) ?? "0") ?? 0) / 1024
            }
            current += megabytes("VmRSS:")
            peak += megabytes("VmHWM:")
        }
        return (current, peak)
    }

    /// CPU time the server's processes have used so far (user and system), in seconds, from /proc/<pid>/stat.
    public var cpuSeconds: Double {
        var ticks = 0.0
        for pid in processIDs {
            // After the command name: state is field 3, utime and stime are fields 14 and 15.
            guard let fields = Self.statFields(pid), fields.count > 13, let user = Double(fields[11]),
                let system = Double(fields[12])
            else { continue }
            ticks += user + system
        }
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The fields of /proc/<pid>/stat after the command name: state, parent id, …
    private static func statFields(_ pid: Int32) -> [Substring]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: end)...].split(separator: " ")
    }

    /// Runs `work` and returns its value with the server CPU time it took, in microseconds per request.
    public func measure(_ work: () async throws -> Wrk.Figures) async throws -> (Wrk.Figures, Double) {
        let before = cpuSeconds
        let figures = try await work()
        return (figures, (cpuSeconds - before) * 1_000_000 / Double(max(figures.requests, 1)))
    }

    /// Asks the server to stop (SIGTERM) and waits for it.
    public func stop() async {
        child.signal(SIGTERM)
        _ = await child.exit()
    }
}

/// A failure of a benchmark's own set-up, with what went wrong.
public struct LoadError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
