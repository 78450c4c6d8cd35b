import Foundation
import HearthCore
import HearthTestSupport
import Testing
@testable import HearthHealth

@Suite(.serialized, .timeLimit(.minutes(10))) struct HealthCLITests {
    let folder = scratchDirectory("hearth-health-cli")

    func run(_ arguments: String...) async throws -> ChildProcess.Result {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try await ChildProcess.run(
            ChildProcess.product("hearth"), ["health"] + arguments, environment: ["HEARTH_DATA_DIR": folder.path], directory: folder
        )
    }

    @Test func recordsEntriesExportAndImportFromTheCommandLine() async throws {
        #expect(try await run("record", "add", "--pet", "--name", "Rex", "--owner", "Ana García", "--birthdate", "2019-04-02").stdout.hasPrefix("Added Rex ("))
        #expect(try await run("entry", "add", "rex", "vaccination", "--date", "2024-01-15", "--name", "Rabies").status == 0)
        #expect(try await run("entry", "add", "Rex", "weight", "--date", "2024-01-15", "--kg", "31.5").status == 0)
        #expect(try await run("record", "add", "--family-name", "Núñez", "--given-name", "José").status == 0)
        let list = try await run("record", "list", "--search", "JOSE")
        #expect(list.stdout.contains("Núñez - José  person  local") && !list.stdout.contains("Rex"))

        let exported = try await run("export", "Rex", "-o", "rex.json")
        #expect(exported.status == 0, "\(exported.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("rex.json"))) as! [String: Any]
        #expect((object["weights"] as? [[String: Any]])?.first?["weightKg"] as? Double == 31.5)
        #expect((object["petinformation"] as? [String: String])?["ownerName"] == "Ana García")

        let again = try await run("import", "rex.json")
        #expect(again.stdout.contains("0 added, 1 already here; 0 entries added, 2 already present"), "\(again.stdout)")
        let report = try JSONDecoder().decode(HealthImportReport.self, from: Data(try await run("import", "rex.json", "--json").stdout.utf8))
        #expect(report.entriesAdded == 0)

        let bad = try await run("entry", "add", "Rex", "weight", "--kg", "heavy")
        #expect(bad.status != 0 && bad.stderr.contains("--kg \"heavy\" is not a number"))
        let unknown = try await run("record", "show", "Bella")
        #expect(unknown.status != 0 && unknown.stderr.contains("A record called \"Bella\""))
        let removed = try await run("record", "remove", "Rex")
        #expect(removed.status != 0 && removed.stderr.contains("Add --yes to confirm"))
        #expect(try await run("record", "remove", "Rex", "--yes").stdout == "Removed Rex.\n")
    }
}
