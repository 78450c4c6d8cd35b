import Foundation
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthHealth

@Suite(.serialized, .timeLimit(.minutes(10))) struct ObservationCLITests {
    let folder = scratchDirectory("hearth-health-labs-cli")

    func run(_ arguments: String...) async throws -> ChildProcess.Result { try await run(arguments) }

    func run(_ arguments: [String]) async throws -> ChildProcess.Result {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try await ChildProcess.run(
            ChildProcess.product("hearth"), ["health"] + arguments, environment: ["HEARTH_DATA_DIR": folder.path],
            directory: folder)
    }

    @Test func labsAndVitalsFromTheCommandLine() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await run("record", "add", "--family-name", "García", "--given-name", "Ana").status == 0)
        let added = try await run(
            "labs", "add", "--person", "Ana", "--name", "HbA1c", "--value", "5.9", "--unit", "%", "--low", "4",
            "--high", "5.6", "--loinc", "4548-4", "--date", "2026-10-01")
        #expect(
            added.status == 0 && added.stdout.contains("HbA1c  5.9 %  (4–5.6)  H"), "\(added.stdout)\(added.stderr)")
        #expect(
            try await run(
                "labs", "add", "--person", "Ana", "--name", "HbA1c", "--value", "5.4", "--unit", "%", "--low", "4",
                "--high", "5.6", "--loinc", "4548-4", "--date", "2026-04-01"
            ).status == 0)
        let odd = try await run(
            "labs", "add", "--person", "Ana", "--name", "Ferritin", "--value", "80", "--unit", "ng/ml-ish")
        #expect(odd.stdout.contains("[unit not UCUM]") && odd.stdout.contains("is not a UCUM unit"))

        let list = try await run("labs", "list", "--person", "García - Ana")
        let lines = list.stdout.split(separator: "\n")
        #expect(lines.count == 3, "\(list.stdout)")
        #expect(lines.first?.hasSuffix("2026-04-01  HbA1c  5.4 %  (4–5.6)") == true, "\(list.stdout)")
        #expect(lines.dropFirst().first?.hasSuffix("HbA1c  5.9 %  (4–5.6)  H") == true, "\(list.stdout)")

        let json = try await run("labs", "list", "--person", "Ana", "--name", "hba1c", "--json")
        let views = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [[String: Any]]
        #expect(views.map { $0["flag"] as? String } == [nil, "H"])
        #expect((views.last?["observation"] as? [String: Any])?["loinc"] as? String == "4548-4")
        let id = try #require((views.last?["observation"] as? [String: Any])?["id"] as? String)

        let shown = try await run("labs", "show", String(id.prefix(8)))
        #expect(shown.stdout.contains("LOINC: 4548-4") && shown.stdout.contains("Flag: High"), "\(shown.stdout)")

        for (arguments, message) in [
            (["--loinc", "4548-5", "--value", "5"], "has check digit 5, but 4548 gives 4"),
            (["--value", "NaN"], "--value \"NaN\" is not a number"),
            (["--value", "5", "--low", "9", "--high", "3"], "give the low end first"),
            (["--value", "99999999999"], "too large to be a measurement"),
            (["--value", "5", "--date", "01/10/2026"], "--date \"01/10/2026\" is not a date"),
        ] {
            let refused = try await run(
                ["labs", "add", "--person", "Ana", "--name", "HbA1c", "--unit", "%"] + arguments)
            #expect(refused.status != 0 && refused.stderr.contains(message), "\(refused.stderr)")
        }

        #expect(
            try await run(
                "vitals", "add", "--person", "Ana", "--type", "blood-pressure", "--systolic", "142", "--diastolic",
                "84", "--date", "2026-10-01"
            ).stdout.contains("Blood pressure  142/84 mm[Hg]"))
        #expect(
            try await run("vitals", "add", "--person", "Ana", "--type", "heart-rate", "--value", "72", "--unit", "bpm")
                .status == 0)
        let wrongUnit = try await run(
            "vitals", "add", "--person", "Ana", "--type", "weight", "--value", "70", "--unit", "stone")
        #expect(wrongUnit.status != 0 && wrongUnit.stderr.contains("Body weight is recorded in kg or [lb_av]"))
        let vitals = try await run("vitals", "list", "--person", "Ana")
        #expect(
            vitals.stdout.contains("142/84 mm[Hg]") && vitals.stdout.contains("Heart rate  72 /min"), "\(vitals.stdout)"
        )
        #expect(!vitals.stdout.contains("HbA1c"))
        let pressure = try await run("vitals", "list", "--person", "Ana", "--type", "blood-pressure", "--json")
        let readings = try JSONSerialization.jsonObject(with: Data(pressure.stdout.utf8)) as! [[String: Any]]
        #expect(readings.count == 1 && readings.first?["flag"] as? String == "H")

        #expect(try await run("labs", "delete", String(id.prefix(8))).stdout.contains("Deleted HbA1c of 2026-10-01"))
        #expect(try await run("labs", "list", "--person", "Ana").stdout.split(separator: "\n").count == 2)
        let gone = try await run("labs", "show", String(id.prefix(8)))
        #expect(gone.status != 0 && gone.stderr.contains("An observation with id"))
    }
}
