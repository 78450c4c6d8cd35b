import Foundation
import HearthTestSupport

/// A server this benchmark started as a child process of its own binary: its port and its memory.
struct ChildServer {
    let child: ChildProcess
    let port: Int

    /// Starts `CloudLoadBenchmark <arguments>` and waits until it prints the port it listens on.
    static func start(_ arguments: [String]) async throws -> ChildServer {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let child = try ChildProcess.start(me, arguments)
        do {
            let match = try await child.waitForOutput(matching: /listening on (\d+)/, in: .stdout, timeout: .seconds(60))
            guard let port = Int(match.1), port > 0 else { throw LoadError("\(arguments[0]) reported port \(match.1)") }
            return ChildServer(child: child, port: port)
        } catch {
            child.signal(SIGKILL)
            _ = await child.exit()
            throw LoadError("\(arguments[0]) did not start: \(error)\n\(child.stderr)")
        }
    }

    var base: String { "http://127.0.0.1:\(port)" }

    /// Resident memory now and at its peak, in MB, from /proc/<pid>/status.
    var memory: (current: Double, peak: Double) {
        guard let status = try? String(contentsOfFile: "/proc/\(child.processIdentifier)/status", encoding: .utf8) else { return (0, 0) }
        func megabytes(_ key: String) -> Double {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key) }) else { return 0 }
            return (Double(line.split(separator: " ").dropFirst().first.map(String.init) ?? "0") ?? 0) / 1024
        }
        return (megabytes("VmRSS:"), megabytes("VmHWM:"))
    }

    /// CPU time the server has used so far (user and system), in seconds, from /proc/<pid>/stat.
    var cpuSeconds: Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(child.processIdentifier)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")")
        else { return 0 }
        // After the command name: state is field 3, utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Runs `work` and returns its value with the server CPU time it took, in microseconds per request.
    func measure(_ work: () async throws -> Wrk.Figures) async throws -> (Wrk.Figures, Double) {
        let before = cpuSeconds
        let figures = try await work()
        return (figures, (cpuSeconds - before) * 1_000_000 / Double(max(figures.requests, 1)))
    }

    /// Asks the server to stop (SIGTERM) and waits for it.
    func stop() async {
        child.signal(SIGTERM)
        _ = await child.exit()
    }
}

/// A failure of the benchmark's own set-up, with what went wrong.
struct LoadError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
