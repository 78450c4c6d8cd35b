import Foundation
import Testing

@testable import HearthTestSupport

@Suite struct ScratchDirectoryTests {
    @Test func pathsAreFreshAndInsideThisProcessScratchFolder() throws {
        let first = scratchDirectory("hearth-x")
        let second = scratchDirectory("hearth-x")
        #expect(first != second)
        #expect(first.deletingLastPathComponent().lastPathComponent == "hearth-scratch-\(getpid())")
        #expect(first.lastPathComponent.hasPrefix("hearth-x-"))
        var isFolder: ObjCBool = false
        #expect(
            FileManager.default.fileExists(atPath: first.deletingLastPathComponent().path, isDirectory: &isFolder)
                && isFolder.boolValue)
    }

    @Test func foldersOfProcessesThatEndedAreRemovedAndLiveOnesKept() async throws {
        let system = scratchDirectory("hearth-sweep")
        // A process that has ended: its pid is free (until the system hands it out again, which takes far longer).
        let ended = try ChildProcess.start(URL(fileURLWithPath: "/bin/true"))
        #expect(await ended.exit() == 0)
        let dead = system.appendingPathComponent("hearth-scratch-\(ended.processIdentifier)")
        let alive = system.appendingPathComponent("hearth-scratch-\(getpid())")
        let other = system.appendingPathComponent("hearth-other-1")
        for folder in [dead, alive, other] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("data"), withIntermediateDirectories: true)
        }
        Scratch.removeAbandoned(in: system)
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: alive.path))
        #expect(FileManager.default.fileExists(atPath: other.path))
        try FileManager.default.removeItem(at: system)
    }
}
