import Foundation
import HearthTestSupport
import Testing

@Suite(.timeLimit(.minutes(10))) struct ChildProcessTests {
    let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func runKeepsStdoutStderrAndStatusApart() async throws {
        let result = try await ChildProcess.run(shell, ["-c", "printf 'to out'; printf 'to err' >&2; exit 3"])
        #expect(result.status == 3)
        #expect(result.reason == .exit)
        #expect(result.stdout == "to out")
        #expect(result.stderr == "to err")
    }

    @Test func noOutputIsLostWhenBothStreamsAreLarge() async throws {
        // More than a pipe holds on both streams, written alternately, and the process exits at once after.
        let script = "for i in 1 2 3 4; do head -c 262144 /dev/zero; head -c 131072 /dev/zero >&2; done"
        let result = try await ChildProcess.run(shell, ["-c", script])
        #expect(result.status == 0)
        #expect(result.stdoutData.count == 4 * 262_144)
        #expect(result.stderrData.count == 4 * 131_072)
    }

    @Test func inputIsWrittenToStdinAndStdinIsEmptyOtherwise() async throws {
        let input = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
        let echoed = try await ChildProcess.run(URL(fileURLWithPath: "/bin/cat"), [], input: input)
        #expect(echoed.status == 0)
        #expect(echoed.stdoutData == input)

        let empty = try await ChildProcess.run(URL(fileURLWithPath: "/bin/cat"))
        #expect(empty.status == 0)
        #expect(empty.stdoutData.isEmpty)
    }

    @Test func aChildThatIgnoresItsInputDoesNotEndTheTestProcess() async throws {
        let result = try await ChildProcess.run(URL(fileURLWithPath: "/bin/true"), [], input: Data(count: 1_000_000))
        #expect(result.status == 0)
    }

    @Test func environmentIsMergedOverOursAndDirectoryIsUsed() async throws {
        let folder = scratchDirectory("hearth-child")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await ChildProcess.run(
            shell, ["-c", "echo \"$HEARTH_CHILD_VALUE\"; echo \"$PATH\"; pwd -P"],
            environment: ["HEARTH_CHILD_VALUE": "set by the test"], directory: folder)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first == "set by the test")
        #expect(lines.dropFirst().first == ProcessInfo.processInfo.environment["PATH"])
        #expect(lines.last == folder.resolvingSymlinksInPath().path)
    }

    @Test func startWaitSignalAndExit() async throws {
        let child = try ChildProcess.start(shell, ["-c", "echo starting; echo ready >&2; exec sleep 30"])
        let line = try await child.waitForOutput(containing: "read", in: .stderr, timeout: .seconds(30))
        #expect(line == "ready")
        // The two pipes are read on threads of their own: stdout may arrive a moment after stderr.
        _ = try await child.waitForOutput(containing: "starting", in: .stdout, timeout: .seconds(30))
        #expect(child.stdout == "starting\n")
        #expect(child.isRunning)
        #expect(child.terminationReason == nil)
        child.signal(SIGTERM)
        #expect(await child.exit() == SIGTERM)
        #expect(!child.isRunning)
        #expect(child.terminationReason == .uncaughtSignal)
        child.signal(SIGKILL)  // after the end: nothing happens
    }

    @Test func onlyWholeLinesAreMatched() async throws {
        let child = try ChildProcess.start(
            shell, ["-c", "printf 'port=12'; sleep 0.3; printf '345\\nnext\\n'; exec sleep 30"])
        let match = try await child.waitForOutput(matching: /port=(\d+)/, timeout: .seconds(30))
        #expect(match.1 == "12345")
        child.signal(SIGKILL)
        #expect(await child.exit() == SIGKILL)
    }

    @Test func theLastLineCountsWithoutANewline() async throws {
        let child = try ChildProcess.start(shell, ["-c", "printf 'first\\nCOMMITTED 42'"])
        #expect(try await child.waitForOutput(containing: "COMMITTED", timeout: .seconds(30)) == "COMMITTED 42")
        #expect(await child.exit() == 0)
    }

    @Test func aTimeoutSaysWhatWasAwaitedAndShowsTheOutput() async throws {
        let child = try ChildProcess.start(shell, ["-c", "echo something else; echo on stderr >&2; exec sleep 30"])
        let error = await #expect(throws: ChildProcessError.self) {
            try await child.waitForOutput(containing: "listening", timeout: .milliseconds(300))
        }
        #expect(error?.code == .timedOut)
        #expect(
            error?.message.contains("sh did not print a line containing \"listening\" on its stdout") == true,
            "\(String(describing: error))")
        #expect(error?.message.contains("something else") == true)
        #expect(error?.message.contains("on stderr") == true)
        child.signal(SIGTERM)
        await child.exit()
    }

    @Test func anEndedStreamStopsTheWait() async throws {
        let child = try ChildProcess.start(shell, ["-c", "echo bye; exit 4"])
        let error = await #expect(throws: ChildProcessError.self) {
            try await child.waitForOutput(matching: /port=\d+/, timeout: .seconds(30))
        }
        #expect(error?.code == .endOfOutput)
        #expect(error?.message.contains("bye") == true)
        #expect(await child.exit() == 4)
    }

    @Test func cancellingAWaitKillsTheChild() async throws {
        let marker = scratchDirectory("hearth-started")
        defer { try? FileManager.default.removeItem(at: marker) }
        let task = Task { try await ChildProcess.run(shell, ["-c", "touch '\(marker.path)'; exec sleep infinity"]) }
        try await waitUntil("the child has started") { FileManager.default.fileExists(atPath: marker.path) }
        task.cancel()
        let result = try await task.value
        #expect(result.reason == .uncaughtSignal)
        #expect(result.status == SIGKILL)
    }

    @Test func cancellingAnOutputWaitThrows() async throws {
        let child = try ChildProcess.start(URL(fileURLWithPath: "/bin/sleep"), ["infinity"])
        let task = Task { try await child.waitForOutput(containing: "never", timeout: .seconds(60)) }
        try await waitUntil("the wait is suspended") { child.suspendedOutputWaits == 1 }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        child.signal(SIGKILL)
        #expect(await child.exit() == SIGKILL)
    }

    /// Each child exits 0 only once all of them have started. Were waiting to hold a thread of the
    /// cooperative pool (as many threads as cores), the later children would never start in time.
    @Test func waitingHoldsNoThreadOfThePool() async throws {
        let count = ProcessInfo.processInfo.activeProcessorCount * 2 + 2
        let folder = scratchDirectory("hearth-child")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = """
            touch "$1/$2"
            i=0
            while [ "$(ls "$1" | wc -l)" -lt "$3" ]; do
                i=$((i + 1)); [ "$i" -gt 600 ] && exit 1
                sleep 0.05
            done
            """
        let statuses = try await withThrowingTaskGroup(of: Int32.self) { group in
            for index in 0..<count {
                group.addTask {
                    try await ChildProcess.run(shell, ["-c", script, "sh", folder.path, String(index), String(count)])
                        .status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 0, count: count))
    }

    @Test func productsAreFoundBesideTheTestBundle() throws {
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        #expect(try ChildProcess.product(runner.lastPathComponent) == runner)
        let error = #expect(throws: ChildProcessError.self) { try ChildProcess.product("no-such-product") }
        #expect(error?.code == .productNotFound)
        #expect(
            error?.message.contains(runner.deletingLastPathComponent().path) == true, "\(String(describing: error))")
        #expect(error?.message.contains("swift build") == true)
    }
}

#if os(Linux)
    extension ChildProcessTests {
        /// Threads of the pool block signals; a child must not inherit that, or SIGTERM would never reach it.
        @Test func aChildStartsWithNoSignalBlocked() async throws {
            let result = try await ChildProcess.run(URL(fileURLWithPath: "/bin/grep"), ["SigBlk", "/proc/self/status"])
            #expect(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "SigBlk:\t0000000000000000")
        }

        /// A descriptor the test process opened without close-on-exec does not reach the child: only its three
        /// standard streams (and the descriptor `ls` opens to list the folder) do.
        @Test func aChildInheritsOnlyItsStandardStreams() async throws {
            let leaked = open("/dev/null", O_RDONLY)
            #expect(leaked > 2)
            defer { close(leaked) }
            let result = try await ChildProcess.run(URL(fileURLWithPath: "/bin/ls"), ["/proc/self/fd"])
            let descriptors = Set(result.stdout.split(separator: "\n").compactMap { Int32($0) })
            #expect(!descriptors.contains(leaked), "\(descriptors.sorted())")
            #expect(descriptors.isSuperset(of: [0, 1, 2]))
            #expect(descriptors.count <= 4, "\(descriptors.sorted())")
        }
    }
#endif
