import Foundation
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthHealth

@Suite(.serialized, .timeLimit(.minutes(10))) struct AttachmentCLITests {
    let folder = scratchDirectory("hearth-health-attachments-cli")

    func run(_ arguments: String...) async throws -> ChildProcess.Result { try await run(arguments) }

    func run(_ arguments: [String]) async throws -> ChildProcess.Result {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try await ChildProcess.run(
            ChildProcess.product("hearth"), ["health"] + arguments, environment: ["HEARTH_DATA_DIR": folder.path],
            directory: folder)
    }

    func json(_ result: ChildProcess.Result) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func attachListShowAndDeleteFromTheCommandLine() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await run("record", "add", "--pet", "--name", "Rex").status == 0)
        let added = try await run("entry", "add", "Rex", "blood", "--name", "Blood panel", "--json")
        let entryID = try #require(try json(added)["added"] as? String)
        try attachmentPNG.write(to: folder.appendingPathComponent("xray.png"))

        let attached = try await run("attachments", "add", entryID, "xray.png", "--caption", "Chest X-ray", "--json")
        #expect(attached.status == 0, "\(attached.stderr)")
        let view = try json(attached)
        let id = try #require(view["id"] as? String)
        #expect(view["mediaType"] as? String == "image/png" && view["caption"] as? String == "Chest X-ray")
        #expect(view["byteCount"] as? Int == attachmentPNG.count && view["isOnDevice"] as? Bool == true)

        let listed = try await run("attachments", "list", "Rex")
        #expect(listed.stdout.contains("\(id)  xray.png  image/png  \(attachmentPNG.count) bytes  Chest X-ray"))
        let path = try await run("attachments", "show", id).stdout.trimmingCharacters(in: .newlines)
        #expect(path.hasSuffix("/health-attachments/\(id.lowercased()).png"))
        #expect(FileManager.default.contents(atPath: path) == attachmentPNG)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        // Hostile input: a clear message, exit status 1, nothing stored.
        try Data("plain text".utf8).write(to: folder.appendingPathComponent("notes.pdf"))
        for (arguments, message) in [
            (["attachments", "add", entryID, "missing.png"], "missing.png"),
            (["attachments", "add", entryID, "/dev/null"], "not a regular file"),
            (["attachments", "add", entryID, "notes.pdf"], "is not a PDF, JPEG or PNG"),
            (["attachments", "add", UUID().uuidString, "xray.png"], "Entry"),
            (["attachments", "add", "not-an-id", "xray.png"], "is not an id"),
            (["attachments", "show", UUID().uuidString], "Attachment"),
        ] {
            let refused = try await run(arguments)
            #expect(refused.status != 0 && refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
        }
        #expect(try await run("attachments", "list").stdout.split(separator: "\n").count == 1)

        #expect(try await run("attachments", "delete", id).stdout == "Deleted xray.png.\n")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try await run("attachments", "list").stdout == "No attachments.\n")
    }
}
