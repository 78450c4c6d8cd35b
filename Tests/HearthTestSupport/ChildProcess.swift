public import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started from a test — the built `hearth` executable, `qpdf`, `python3` — that never
/// blocks a thread of Swift's cooperative pool.
///
/// On a machine with two cores the pool has two threads. A test that blocks one in `waitUntilExit()` or
/// `readDataToEndOfFile()` starves every async test running beside it: in-process servers stop answering
/// and timeouts fire late. Here each pipe is drained by a reader on a thread of its own (see
/// `PipeReader` for why not `readabilityHandler`), the exit is learnt by a thread of its own waiting on
/// the child, and callers suspend instead of blocking.
///
/// The child is started with `posix_spawn` rather than Foundation's `Process`: on Linux, `Process.run()`
/// (swift-corelibs-foundation up to Swift 6.3) lists `/proc/self/fd` by copying each entry's whole 256-byte
/// name field, which reads past the end of the directory buffer and crashes the test process now and then
/// (fixed upstream in swift-corelibs-foundation #5472). Here the pipes are made close-on-exec, and the child
/// closes every other descriptor from 3 up (`posix_spawn_file_actions_addclosefrom_np`, glibc 2.34).
///
/// The exit is reported only once the process has terminated *and* both its stdout and stderr have reached
/// end of file, so no output is ever lost, and only one reader ever touches each pipe.
///
/// The child starts with no signal blocked, as from a shell (threads of the pool block them all, and a
/// spawned process would inherit its parent thread's mask: SIGTERM would never reach it), in a process
/// group of its own.
///
/// ```swift
/// let hearth = try ChildProcess.product("hearth")
/// let version = try await ChildProcess.run(hearth, ["--version"])
/// #expect(version.status == 0)
///
/// let server = try ChildProcess.start(hearth, ["serve", "--port", "0"])
/// let match = try await server.waitForOutput(matching: /server\.url=(\S+)/, in: .stderr, timeout: .seconds(30))
/// server.signal(SIGTERM)
/// #expect(await server.exit() == 0)
/// ```
///
/// A child that leaves a grandchild holding its stdout or stderr open is not reported as exited until the
/// grandchild closes them too.
public final class ChildProcess: Sendable {
    /// One of the child's output streams.
    public enum Stream: Sendable, CustomStringConvertible {
        case stdout
        case stderr

        public var description: String { self == .stdout ? "stdout" : "stderr" }
    }

    /// How a child that ran to completion ended, and everything it printed.
    public struct Result: Sendable {
        /// The exit status, or the number of the signal that ended the process (see ``reason``).
        public var status: Int32
        /// Whether the process exited or was ended by a signal.
        public var reason: Process.TerminationReason
        /// Everything written to stdout.
        public var stdoutData: Data
        /// Everything written to stderr.
        public var stderrData: Data

        /// Everything written to stdout, as UTF-8 text.
        public var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
        /// Everything written to stderr, as UTF-8 text.
        public var stderr: String { String(decoding: stderrData, as: UTF8.self) }
    }

    /// The child's process identifier, set once it is spawned.
    private let pid = Atomic<Int32>(0)
    private let name: String
    private let state = Mutex(State())

    private init(name: String) {
        self.name = name
    }

    // MARK: Starting

    /// Runs `executable` with `arguments` to completion and returns its status and output.
    ///
    /// - Parameters:
    ///   - environment: variables set over the test process's own environment.
    ///   - directory: the working directory; the test process's own when nil.
    ///   - input: written to the child's stdin, which is then closed; stdin is `/dev/null` when nil.
    ///
    /// If the calling task is cancelled, the child is killed with SIGKILL.
    public static func run(
        _ executable: URL, _ arguments: [String] = [], environment: [String: String] = [:],
        directory: URL? = nil, input: Data? = nil
    ) async throws -> Result {
        let child = try start(executable, arguments, environment: environment, directory: directory, input: input)
        await child.exit()
        return child.state.withLock { state in
            Result(
                status: state.termination?.status ?? -1, reason: state.termination?.reason ?? .exit,
                stdoutData: state.stdout, stderrData: state.stderr)
        }
    }

    /// Starts `executable` with `arguments` and returns at once, for children that run alongside the test
    /// (servers, crash probes). Read its output with ``stdout``/``stderr`` or ``waitForOutput(containing:in:timeout:)``,
    /// stop it with ``signal(_:)`` and wait for it with ``exit()``.
    ///
    /// The parameters are those of ``run(_:_:environment:directory:input:)``.
    public static func start(
        _ executable: URL, _ arguments: [String] = [], environment: [String: String] = [:],
        directory: URL? = nil, input: Data? = nil
    ) throws -> ChildProcess {
        let child = ChildProcess(name: executable.lastPathComponent)
        let stdout = try Spawn.pipe(for: child.name)
        let stderr = try Spawn.pipe(for: child.name)
        let stdin = try input.map { _ in try Spawn.pipe(for: child.name) }
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let spawned: Int32
        do {
            spawned = try Spawn.run(
                executable.path, [executable.path] + arguments,
                environment: variables.map { "\($0.key)=\($0.value)" }, directory: directory?.path,
                stdin: stdin?.read, stdout: stdout.write, stderr: stderr.write)
        } catch {
            for descriptor in [stdout.read, stdout.write, stderr.read, stderr.write]
                + [stdin?.read, stdin?.write]
                .compactMap({ $0 })
            {
                close(descriptor)
            }
            throw error
        }
        // The child has its ends now; holding them here would keep its streams from ever ending.
        close(stdout.write)
        close(stderr.write)
        if let stdin { close(stdin.read) }
        child.pid.store(spawned, ordering: .releasing)
        let waiter = Thread { [weak child] in
            let (status, reason) = Spawn.wait(spawned)
            child?.terminated(status: status, reason: reason)
        }
        waiter.name = "\(child.name) wait"
        waiter.start()
        // The readers start only once the child runs: the pipes buffer what it writes meanwhile.
        PipeReader.start(FileHandle(fileDescriptor: stdout.read, closeOnDealloc: false), name: "\(child.name) stdout") {
            child.received($0, on: .stdout)
        }
        PipeReader.start(FileHandle(fileDescriptor: stderr.read, closeOnDealloc: false), name: "\(child.name) stderr") {
            child.received($0, on: .stderr)
        }
        if let stdin, let input {
            ignoreBrokenPipes()
            let handle = FileHandle(fileDescriptor: stdin.write, closeOnDealloc: false)
            // A blocking write on a thread of its own: the child may read its input slowly, or not at all.
            Thread {
                try? handle.write(contentsOf: input)
                try? handle.close()
            }.start()
        }
        return child
    }

    // MARK: Watching

    /// What the child has written to stdout so far, as UTF-8 text.
    public var stdout: String { state.withLock { String(decoding: $0.stdout, as: UTF8.self) } }

    /// What the child has written to stderr so far, as UTF-8 text.
    public var stderr: String { state.withLock { String(decoding: $0.stderr, as: UTF8.self) } }

    /// Whether the process has not yet terminated.
    public var isRunning: Bool { state.withLock { $0.termination == nil } }

    /// The child's process identifier.
    public var processIdentifier: Int32 { pid.load(ordering: .acquiring) }

    /// How many ``waitForOutput(containing:in:timeout:)`` calls are suspended, waiting for output.
    public var suspendedOutputWaits: Int {
        state.withLock { state in
            state.outputWaits.values.count { if case .suspended = $0 { true } else { false } }
        }
    }

    /// How the process ended, or nil while it runs.
    public var terminationReason: Process.TerminationReason? { state.withLock { $0.termination?.reason } }

    /// Waits for a complete line of `stream` that contains `text`, and returns it (without its newline).
    ///
    /// Only whole lines count, so a line is never returned half written. Throws ``ChildProcessError`` when
    /// `timeout` passes or the stream ends first; the error shows what the child printed.
    @discardableResult
    public func waitForOutput(containing text: String, in stream: Stream = .stdout, timeout: Duration) async throws
        -> String
    {
        try await waitForLine(in: stream, timeout: timeout, expecting: "a line containing \"\(text)\"") { line in
            line.contains(text) ? line : nil
        }
    }

    /// Waits for a complete line of `stream` that `regex` matches, and returns the match.
    ///
    /// Only whole lines count, so a number at the end of a line is never cut short. Throws
    /// ``ChildProcessError`` when `timeout` passes or the stream ends first.
    public func waitForOutput<Output>(matching regex: Regex<Output>, in stream: Stream = .stdout, timeout: Duration)
        async throws -> Regex<Output>.Match
    {
        try await waitForLine(in: stream, timeout: timeout, expecting: "a line matching the expected pattern") { line in
            try? regex.firstMatch(in: line)
        }
    }

    // MARK: Ending

    /// Sends `signal` (SIGTERM, SIGKILL, …) to the process; does nothing once it has terminated.
    public func signal(_ signal: Int32) {
        guard isRunning else { return }
        _ = kill(processIdentifier, signal)
    }

    /// Waits, suspended, until the process has terminated and both of its output streams have ended.
    ///
    /// Returns the exit status, or the number of the signal that ended it (see ``terminationReason``).
    /// If the calling task is cancelled, the child is killed with SIGKILL so the wait still ends.
    @discardableResult
    public func exit() async -> Int32 {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let finished = state.withLock { state in
                    if state.isFinished { return true }
                    state.exitWaiters.append(continuation)
                    return false
                }
                if finished { continuation.resume() }
            }
        } onCancel: {
            self.signal(SIGKILL)
        }
        return state.withLock { $0.termination?.status ?? -1 }
    }

    // MARK: Internals

    private struct State {
        var stdout = Data()
        var stderr = Data()
        var stdoutOpen = true
        var stderrOpen = true
        var termination: (status: Int32, reason: Process.TerminationReason)?
        /// Bumped on every change, so a waiter can tell whether something happened since it looked.
        var version: UInt64 = 0
        var exitWaiters: [CheckedContinuation<Void, Never>] = []
        var outputWaits: [UInt64: OutputWait] = [:]
        var nextWaitID: UInt64 = 0

        var isFinished: Bool { termination != nil && !stdoutOpen && !stderrOpen }

        /// Records a change; returns the waiters to resume (outside the lock).
        mutating func changed() -> [CheckedContinuation<Void, Never>] {
            version &+= 1
            var resume: [CheckedContinuation<Void, Never>] = []
            for (id, wait) in outputWaits {
                switch wait {
                case .suspended(let continuation):
                    resume.append(continuation)
                    outputWaits[id] = nil
                case .looking:
                    outputWaits[id] = .woken
                case .woken:
                    break
                }
            }
            if isFinished {
                resume += exitWaiters
                exitWaiters = []
            }
            return resume
        }
    }

    /// One call of `waitForOutput` between looking at the output and being woken by a change.
    private enum OutputWait {
        /// Looking at the output; not suspended yet.
        case looking
        /// Something changed (or time ran out) before it suspended.
        case woken
        case suspended(CheckedContinuation<Void, Never>)
    }

    /// Appends output; an empty chunk is the end of the stream.
    private func received(_ chunk: Data, on stream: Stream) {
        let resume = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            switch (stream, chunk.isEmpty) {
            case (.stdout, false): state.stdout.append(chunk)
            case (.stderr, false): state.stderr.append(chunk)
            case (.stdout, true):
                guard state.stdoutOpen else { return [] }
                state.stdoutOpen = false
            case (.stderr, true):
                guard state.stderrOpen else { return [] }
                state.stderrOpen = false
            }
            return state.changed()
        }
        for continuation in resume { continuation.resume() }
    }

    private func terminated(status: Int32, reason: Process.TerminationReason) {
        let resume = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.termination = (status, reason)
            return state.changed()
        }
        for continuation in resume { continuation.resume() }
    }

    private func waitForLine<Found>(
        in stream: Stream, timeout: Duration, expecting: String, _ find: (String) -> Found?
    ) async throws -> Found {
        let deadline = ContinuousClock.now + timeout
        var checked = 0  // bytes of whole lines already looked at
        while true {
            let (data, open, version) = state.withLock { state in
                stream == .stdout
                    ? (state.stdout, state.stdoutOpen, state.version) : (state.stderr, state.stderrOpen, state.version)
            }
            var lineStart = data.startIndex + checked
            while let newline = data[lineStart...].firstIndex(of: UInt8(ascii: "\n")) {
                if let found = find(String(decoding: data[lineStart..<newline], as: UTF8.self)) { return found }
                lineStart = newline + 1
            }
            checked = lineStart - data.startIndex
            if !open {
                // The last line need not end with a newline.
                if lineStart < data.endIndex, let found = find(String(decoding: data[lineStart...], as: UTF8.self)) {
                    return found
                }
                throw failure(.endOfOutput, "\(name) closed its \(stream) without printing \(expecting)")
            }
            if ContinuousClock.now >= deadline {
                throw failure(.timedOut, "\(name) did not print \(expecting) on its \(stream) within \(timeout)")
            }
            try Task.checkCancellation()
            await nextChange(after: version, until: deadline)
        }
    }

    /// Suspends until the output or the process changes after `version`, `deadline` passes, or the task is
    /// cancelled — whichever comes first.
    private func nextChange(after version: UInt64, until deadline: ContinuousClock.Instant) async {
        let id = state.withLock { state in
            state.nextWaitID += 1
            state.outputWaits[state.nextWaitID] = .looking
            return state.nextWaitID
        }
        let timer = Task { [weak self] in
            try? await Task.sleep(until: deadline, clock: .continuous)
            self?.wake(id)
        }
        defer { timer.cancel() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state in
                    if state.version != version
                        || state.outputWaits[id].map({ if case .woken = $0 { true } else { false } }) ?? true
                    {
                        state.outputWaits[id] = nil
                        return true
                    }
                    state.outputWaits[id] = .suspended(continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            self.wake(id)
        }
    }

    private func wake(_ id: UInt64) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            switch state.outputWaits[id] {
            case .looking:
                state.outputWaits[id] = .woken
            case .suspended(let continuation):
                state.outputWaits[id] = nil
                return continuation
            case .woken, nil:
                break
            }
            return nil
        }
        continuation?.resume()
    }

    private func failure(_ code: ChildProcessError.Code, _ summary: String) -> ChildProcessError {
        let (stdout, stderr, termination) = state.withLock { ($0.stdout, $0.stderr, $0.termination) }
        var message = summary
        if let termination {
            message +=
                termination.reason == .exit
                ? " (it exited with status \(termination.status))" : " (it was ended by signal \(termination.status))"
        }
        message += ".\nstdout so far:\n\(Self.tail(stdout))\nstderr so far:\n\(Self.tail(stderr))"
        return ChildProcessError(code, message)
    }

    /// The last few kilobytes of `data`, as text.
    private static func tail(_ data: Data) -> String {
        let limit = 8_192
        let text = String(decoding: data.suffix(limit), as: UTF8.self)
        return data.count > limit ? "…" + text : text
    }
}

/// Writing to a child that has already exited must fail with EPIPE, not end the test process.
private let brokenPipesIgnored: Void = {
    _ = signal(SIGPIPE, SIG_IGN)
}()

private func ignoreBrokenPipes() {
    brokenPipesIgnored
}
