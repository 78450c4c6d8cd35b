import Foundation
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthHealth

@Suite(.serialized, .timeLimit(.minutes(10))) struct HealthCLITests {
    let folder = scratchDirectory("hearth-health-cli")

    func run(_ arguments: String..., environment: [String: String] = [:]) async throws -> ChildProcess.Result {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try await ChildProcess.run(
            ChildProcess.product("hearth"), ["health"] + arguments,
            environment: ["HEARTH_DATA_DIR": folder.path].merging(environment) { $1 }, directory: folder
        )
    }

    func mode(_ name: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.posixPermissions]
            as? Int
    }

    func contains(_ data: Data, _ text: String) -> Bool {
        data.range(of: Data(text.utf8)) != nil
    }

    @Test func recordsEntriesExportAndImportFromTheCommandLine() async throws {
        #expect(
            try await run(
                "record", "add", "--pet", "--name", "Rex", "--owner", "Ana García", "--birthdate", "2019-04-02"
            ).stdout.hasPrefix("Added Rex ("))
        #expect(
            try await run("entry", "add", "rex", "vaccination", "--date", "2024-01-15", "--name", "Rabies").status == 0)
        #expect(try await run("entry", "add", "Rex", "weight", "--date", "2024-01-15", "--kg", "31.5").status == 0)
        #expect(try await run("record", "add", "--family-name", "Núñez", "--given-name", "José").status == 0)
        let list = try await run("record", "list", "--search", "JOSE")
        #expect(list.stdout.contains("Núñez - José  person  local") && !list.stdout.contains("Rex"))

        let exported = try await run("export", "Rex", "-o", "rex.json")
        #expect(exported.status == 0, "\(exported.stderr)")
        let object =
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("rex.json")))
            as! [String: Any]
        #expect((object["weights"] as? [[String: Any]])?.first?["weightKg"] as? Double == 31.5)
        #expect((object["petinformation"] as? [String: String])?["ownerName"] == "Ana García")

        let again = try await run("import", "rex.json")
        #expect(again.stdout.contains("0 added, 1 already here; 0 entries added, 2 already present"), "\(again.stdout)")
        let report = try JSONDecoder().decode(
            HealthImportReport.self, from: Data(try await run("import", "rex.json", "--json").stdout.utf8))
        #expect(report.entriesAdded == 0)

        let bad = try await run("entry", "add", "Rex", "weight", "--kg", "heavy")
        #expect(bad.status != 0 && bad.stderr.contains("--kg \"heavy\" is not a number"))
        let unknown = try await run("record", "show", "Bella")
        #expect(unknown.status != 0 && unknown.stderr.contains("A record called \"Bella\""))
        let removed = try await run("record", "remove", "Rex")
        #expect(removed.status != 0 && removed.stderr.contains("Add --yes to confirm"))
        #expect(try await run("record", "remove", "Rex", "--yes").stdout == "Removed Rex.\n")
    }

    @Test func exportsAndTheDatabaseAreReadableByTheOwnerOnlyAndEncryptedWithAKey() async throws {
        let ssn = "078-05-1120"
        let insuranceNumber = "INS-4417-2230"
        let added = try await run(
            "record", "add", "--family-name", "Quintana", "--given-name", "Marisol", "--insurance", "Salud Plus",
            "--insurance-number", insuranceNumber)
        #expect(added.status == 0, "\(added.stderr)")
        // The database and its WAL companions are the owner's alone from their first moment.
        for name in ["health.sqlite", "health.sqlite-wal", "health.sqlite-shm"]
        where FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path) {
            #expect(try mode(name) == 0o600, "\(name)")
        }
        #expect(try mode("health.sqlite") == 0o600)
        // The social security number goes in through the records service (the command line has no flag for it).
        let service = try HealthRecordService.open(at: folder.appendingPathComponent("health.sqlite"))
        let person = try #require(try await service.records().first)
        try await service.updateRecord(person.uuid) { $0.personalSocialSecurityNumber = ssn }
        try await service.addEntry(AllergyEntry(name: "Penicillin"), to: person.uuid)

        // Without a key: plain, but 0600, for JSON and FHIR alike.
        #expect(try await run("export", person.uuid, "-o", "plain.json").status == 0)
        #expect(try await run("export", person.uuid, "--format", "fhir", "-o", "plain.fhir.json").status == 0)
        // Given a folder, as for the PDF, the file is named after the record.
        let intoFolder = try await run("export", person.uuid, "-o", ".")
        #expect(intoFolder.status == 0, "\(intoFolder.stderr)")
        let named = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(" - Medical Record.json")
        }
        #expect(named.count == 1, "\(named)")
        for name in ["plain.json", "plain.fhir.json"] + named {
            #expect(try mode(name) == 0o600, "\(name)")
            #expect(contains(try Data(contentsOf: folder.appendingPathComponent(name)), ssn), "\(name)")
        }

        // With a key: encrypted, 0600, and no trace of the number, the insurance number or the name.
        let key = ["HEARTH_ENCRYPTION_KEY": EncryptionKeyText.sample]
        let sealed = try await run("export", person.uuid, "-o", "sealed.json", environment: key)
        #expect(sealed.status == 0, "\(sealed.stderr)")
        #expect(sealed.stdout.contains("(encrypted)"))
        #expect(
            try await run("export", person.uuid, "--format", "fhir", "-o", "sealed.fhir.json", environment: key).status
                == 0)
        for name in ["sealed.json", "sealed.fhir.json"] {
            let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
            #expect(try mode(name) == 0o600, "\(name)")
            #expect(bytes.starts(with: Data("HEARTH-AESGCM-1\n".utf8)), "\(name)")
            for secret in [ssn, insuranceNumber, "Quintana", "Marisol", "Penicillin"] {
                #expect(!contains(bytes, secret), "\(name) holds \(secret)")
            }
        }

        // Import reads an encrypted export back with the key; without it, or with another, it says why and adds nothing.
        try await service.deleteRecord(person.uuid)
        let noKey = try await run("import", "sealed.json")
        #expect(noKey.status != 0)
        #expect(noKey.stderr.contains("is encrypted, but no key was given"), "\(noKey.stderr)")
        let wrongKey = try await run(
            "import", "sealed.json", environment: ["HEARTH_ENCRYPTION_KEY": EncryptionKeyText.other])
        #expect(wrongKey.status != 0)
        #expect(wrongKey.stderr.contains("could not be decrypted"), "\(wrongKey.stderr)")
        #expect(try await service.records().isEmpty)
        let imported = try await run("import", "sealed.json", environment: key)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("1 added"), "\(imported.stdout)")
        let back = try #require(try await service.records().first)
        #expect(back.personalSocialSecurityNumber == ssn && back.personalHealthInsuranceNumber == insuranceNumber)
        #expect(try await service.entries(of: back.uuid).allergies.map(\.name) == ["Penicillin"])
        // A FHIR export read back the same way makes a record of its own.
        let fhir = try await run("import", "sealed.fhir.json", environment: key)
        #expect(fhir.status == 0, "\(fhir.stderr)")
        #expect(fhir.stdout.contains("from the FHIR bundle"), "\(fhir.stdout)")
        // A plain file still imports while a key is set.
        #expect(try await run("import", "plain.json", environment: key).status == 0)
    }
}

/// Keys for the tests, as base64 text.
enum EncryptionKeyText {
    static let sample = Data(repeating: 7, count: 32).base64EncodedString()
    static let other = Data(repeating: 9, count: 32).base64EncodedString()
}
