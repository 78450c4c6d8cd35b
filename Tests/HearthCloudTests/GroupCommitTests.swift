import Foundation
import HearthCloudModel
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthCloud

#if os(Linux)
    import CSQLiteSettings
#endif

/// The SQLite database's write path: concurrent transactions share commits and stay all-or-nothing each,
/// reads run beside writes, waits can be cancelled, and SQLite runs on threads of its own.
@Suite("SQLite group commit", .timeLimit(.minutes(10)))
struct GroupCommitTests {
    /// A database file in a folder of its own, with a table of unique numbers.
    static func database(restartFrames: Int = SQLiteDatabase.restartFrames) async throws -> (SQLiteDatabase, URL) {
        let folder = scratchDirectory("hearth-group")
        let database = try SQLiteDatabase(
            url: folder.appendingPathComponent("cloud.sqlite"), restartFrames: restartFrames)
        _ = try await database.transaction(readOnly: false) { tx in
            try await tx.execute("CREATE TABLE numbers (n INTEGER PRIMARY KEY, writer INTEGER NOT NULL)", [])
        }
        return (database, folder)
    }

    static func numbers(_ database: SQLiteDatabase) async throws -> Set<Int64> {
        let rows = try await database.transaction(readOnly: true) { tx in
            try await tx.query("SELECT n FROM numbers", [])
        }
        return Set(rows.map { $0.int("n") })
    }

    struct Refused: Error {}

    /// A write transaction that has inserted `number` and stays open until the returned continuation yields.
    static func holdWrite(_ database: SQLiteDatabase, inserting number: Int64) async throws -> (
        Task<Void, any Error>, AsyncStream<Void>.Continuation
    ) {
        let (inside, insideSink) = AsyncStream.makeStream(of: Void.self)
        let (release, releaseSink) = AsyncStream.makeStream(of: Void.self)
        let writing = Task {
            try await database.transaction(readOnly: false) { tx in
                try await tx.execute("INSERT INTO numbers VALUES (?, 0)", [.int(number)])
                insideSink.yield()
                for await _ in release { break }
            }
        }
        for await _ in inside { break }
        return (writing, releaseSink)
    }

    @Test("300 concurrent transactions share commits; each one is kept whole or, when it fails, not at all")
    func concurrentTransactionsShareCommits() async throws {
        let (database, folder) = try await Self.database()
        defer { try? FileManager.default.removeItem(at: folder) }
        let offThreads = Locked(0)
        let outcomes = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
            for writer in 0..<300 {
                group.addTask {
                    do {
                        try await database.transaction(readOnly: false) { tx in
                            if !database.threads.isCurrent { offThreads.withLock { $0 += 1 } }
                            try await tx.execute(
                                "INSERT INTO numbers (n, writer) VALUES (?, ?)",
                                [.int(Int64(writer * 2)), .int(Int64(writer))])
                            if writer % 7 == 3 { throw Refused() }  // fails after its first write
                            if writer % 11 == 5 {  // a constraint failure on its second
                                try await tx.execute(
                                    "INSERT INTO numbers (n, writer) VALUES (?, ?)",
                                    [.int(Int64(writer * 2)), .int(Int64(writer))])
                            }
                            try await tx.execute(
                                "INSERT INTO numbers (n, writer) VALUES (?, ?)",
                                [.int(Int64(writer * 2 + 1)), .int(Int64(writer))])
                        }
                        return (writer, true)
                    } catch {
                        return (writer, false)
                    }
                }
            }
            return try await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
        }
        let kept = try await Self.numbers(database)
        for writer in 0..<300 {
            let failsOnPurpose = writer % 7 == 3 || writer % 11 == 5
            #expect(outcomes[writer] == !failsOnPurpose, "writer \(writer)")
            let rows = [Int64(writer * 2), Int64(writer * 2 + 1)].filter(kept.contains)
            #expect(rows.count == (failsOnPurpose ? 0 : 2), "writer \(writer) left \(rows)")
        }
        let commits = database.commitCount
        #expect(commits < 300, "\(commits) commits for 300 concurrent transactions: nothing was gathered")
        #expect(offThreads.withLock { $0 } == 0, "transactions ran off the database's threads")
    }

    @Test("a read runs while a write transaction is open, and sees the data as it was before that write")
    func readsRunBesideAnOpenWrite() async throws {
        let (database, folder) = try await Self.database()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await database.transaction(readOnly: false) { tx in
            try await tx.execute("INSERT INTO numbers VALUES (1, 0)", [])
        }
        let (writing, releaseSink) = try await Self.holdWrite(database, inserting: 2)
        // The writer holds its transaction open: this read must not wait for it.
        #expect(try await Self.numbers(database) == [1])
        releaseSink.yield()
        try await writing.value
        #expect(try await Self.numbers(database) == [1, 2])
    }

    @Test("a write cancelled while it waits for its batch ends with CancellationError and writes nothing")
    func cancelledWaitWritesNothing() async throws {
        let (database, folder) = try await Self.database()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (holding, releaseSink) = try await Self.holdWrite(database, inserting: 1)
        let waiting = Task {
            try await database.transaction(readOnly: false) { tx in
                try await tx.execute("INSERT INTO numbers VALUES (2, 1)", [])
            }
        }
        try await waitUntil("the second write waits for the writer's next batch") { database.waitingWrites == 1 }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        releaseSink.yield()
        try await holding.value
        #expect(try await Self.numbers(database) == [1])
    }

    @Test("change events are published for committed transactions only, after their commit")
    func eventsOnlyForCommits() async throws {
        let (database, folder) = try await Self.database()
        defer { try? FileManager.default.removeItem(at: folder) }
        let events = database.events.subscribe()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<20 {
                group.addTask {
                    try? await database.transaction(readOnly: false) { tx in
                        try await tx.execute(
                            "INSERT INTO numbers VALUES (?, ?)", [.int(Int64(writer)), .int(Int64(writer))])
                        try await tx.publishOnCommit(
                            CloudChangeEvent(
                                ownerID: "_owner", originUserID: "_owner", originDeviceID: nil,
                                zones: [.init(zoneName: "z\(writer)", recordTypes: ["Note"], roots: nil)]))
                        if writer.isMultiple(of: 2) { throw Refused() }
                    }
                }
            }
            try await group.waitForAll()
        }
        var zones: Set<String> = []
        for await event in events {
            zones.formUnion(event.zones.map(\.zoneName))
            if zones.count == 10 { break }
        }
        #expect(zones == Set((0..<20).filter { !$0.isMultiple(of: 2) }.map { "z\($0)" }))
        #expect(try await Self.numbers(database) == Set((0..<20).filter { !$0.isMultiple(of: 2) }.map(Int64.init)))
    }

    @Test("reads and writes run on threads the operating system knows as hearth.sqlite-N")
    func threadsCarryTheirNames() async throws {
        let (database, folder) = try await Self.database()
        defer { try? FileManager.default.removeItem(at: folder) }
        @Sendable func currentName() -> String {
            #if canImport(Darwin)
                var buffer = [CChar](repeating: 0, count: 64)
                guard pthread_getname_np(pthread_self(), &buffer, buffer.count) == 0 else { return "(unnamed)" }
                return String(cString: buffer)
            #else
                let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "(unnamed)"
                return name.trimmingCharacters(in: .newlines)
            #endif
        }
        let writing = try await database.transaction(readOnly: false) { _ in currentName() }
        let reading = try await database.transaction(readOnly: true) { _ in currentName() }
        for name in [writing, reading] {
            #expect(
                name.range(of: "^hearth\\.sqlite-[0-9]+$", options: .regularExpression) != nil,
                "a database thread is named \"\(name)\"")
        }
    }

    @Test("while the server runs, the log is copied back into the database file by a checkpoint of its own")
    func checkpointsInTheBackground() async throws {
        let (database, folder) = try await Self.database()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cloud.sqlite")
        func size() -> Int { ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int) ?? 0 }
        _ = try await database.transaction(readOnly: false) { tx in
            for n in 0..<2_000 {
                try await tx.execute("INSERT INTO numbers VALUES (?, ?)", [.int(Int64(n)), .int(Int64(n) * 1_000_003)])
            }
        }
        let before = size()
        let running = Task { try await database.run() }
        defer { running.cancel() }
        try await waitUntil(
            "the checkpoint grows the database file past \(before) bytes", timeout: .seconds(60),
            interval: .milliseconds(50)
        ) {
            size() > before
        }
        #expect(try await Self.numbers(database).count == 2_000)
    }

    @Test(
        "under writes that never pause, the log starts over once it is long instead of growing, and keeps every write")
    func logStartsOverUnderSteadyWrites() async throws {
        let (database, folder) = try await Self.database(restartFrames: 200)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("cloud.sqlite-wal")
        func frames() -> Int {
            (((try? FileManager.default.attributesOfItem(atPath: log.path))?[.size] as? Int) ?? 0) / 4_120
        }
        let running = Task { try await database.run() }
        defer { running.cancel() }
        // Four writers, each inserting rows with a padding column wide enough to fill pages quickly.
        _ = try await database.transaction(readOnly: false) { tx in
            try await tx.execute("ALTER TABLE numbers ADD COLUMN padding TEXT", [])
        }
        let padding = String(repeating: "x", count: 900)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for n in 0..<1_500 {
                        let number = Int64(writer * 1_000_000 + n)
                        _ = try await database.transaction(readOnly: false) { tx in
                            try await tx.execute(
                                "INSERT INTO numbers VALUES (?, ?, ?)",
                                [.int(number), .int(Int64(writer)), .text(padding)])
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        // 6,000 rows of about 1 KB are some 1,500 pages of table alone: a log that never started over would hold
        // every one of them (and more for the index), many times the 200-frame restart length.
        #expect(frames() < 1_000, "the log grew to \(frames()) frames; it should start over at about 200")
        let rows = try await Self.numbers(database)
        #expect(rows.count == 6_000)
        var expected = Set<Int64>()
        for writer in 0..<4 { for n in 0..<1_500 { expected.insert(Int64(writer * 1_000_000 + n)) } }
        #expect(rows == expected)
        let check = try await database.transaction(readOnly: true) { tx in
            try await tx.query("PRAGMA integrity_check", [])
        }
        #expect(check.first?.text("integrity_check") == "ok")
    }

    #if os(Linux)
        @Test(
            "the checkpoints start a file's writeback through a read-only descriptor, and a bad descriptor is refused")
        func writebackStarts() throws {
            let folder = scratchDirectory("hearth-writeback")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("pages")
            try Data(repeating: 7, count: 1 << 20).write(to: file)
            let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
            #expect(descriptor >= 0)
            #expect(hearth_start_writeback(descriptor) == 0, "errno \(errno)")
            close(descriptor)
            // The call reaches the kernel, which checks the descriptor, rather than doing nothing.
            #expect(hearth_start_writeback(-1) == -1)
            #expect(errno == EBADF)
        }
    #endif
}
