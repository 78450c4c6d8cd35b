import Foundation
import HearthCore
import HearthTestSupport
import Testing

@testable import HearthGarage

/// `hearth garage documents`, run as a user would.
@Suite(.serialized, .timeLimit(.minutes(10))) struct VehicleDocumentsCLITests {
    @Test func addListShowEditAndDeleteADocument() async throws {
        let cli = try HearthCLI()
        #expect(
            try await cli.run("vehicle", "add", "--name", "Daily", "--make", "Honda", "--model", "Civic").status == 0)
        let scan = cli.dataDirectory.appendingPathComponent("registration.pdf")
        try Data("%PDF-1.4 registration".utf8).write(to: scan)

        let added = try await cli.json(
            VehicleDocument.self, "documents", "add", "Daily", scan.path, "--kind", "registration", "--label",
            "PR registration", "--number", "ABC-123", "--expires", "2099-06-30")
        let copy = cli.dataDirectory.appendingPathComponent("documents").appendingPathComponent(added.fileName)
        #expect(try Data(contentsOf: copy) == Data(contentsOf: scan))
        let prefix = String(added.id.uuidString.prefix(8))

        let listed = try await cli.run("documents", "list", "Daily")
        #expect(listed.status == 0 && listed.stdout.contains("PR registration"), "\(listed.stderr)")
        #expect(
            listed.stdout.contains("2099-06-30") && listed.stdout.contains("GOOD") && listed.stdout.contains(prefix))
        let shown = try await cli.run("documents", "show", prefix)
        #expect(shown.status == 0 && shown.stdout.contains(copy.path) && shown.stdout.contains("ABC-123"))

        let kind = try await cli.run("documents", "add", "Daily", scan.path, "--kind", "passport")
        #expect(
            kind.status != 0 && kind.stderr.contains("use one of insurance, registration, inspection, title, other"))
        let folder = try await cli.run("documents", "add", "Daily", cli.dataDirectory.path, "--kind", "title")
        #expect(folder.status != 0 && folder.stderr.contains("is a folder"))

        let edited = try await cli.json(VehicleDocument.self, "documents", "edit", prefix, "--expires", "2000-01-31")
        #expect(edited.expiresOn == CalendarDay(year: 2000, month: 1, day: 31))
        #expect(try await cli.run("documents").stdout.contains("EXPIRED"))
        let due = try await cli.run("due", "Daily")
        #expect(
            due.stdout.contains("PR registration (registration)") && due.stdout.contains("EXPIRED"), "\(due.stdout)")
        let dueJSON = try await cli.json([VehicleDue].self, "due", "Daily")
        #expect(dueJSON.first?.documents.map(\.document.id) == [added.id])
        #expect(dueJSON.first?.documents.first?.status == .expired)

        let missing = try await cli.run("documents", "delete", "abcd1234")
        #expect(
            missing.status != 0
                && missing.stderr.contains("There is no document with the id abcd1234; nothing was changed"))
        let deleted = try await cli.run("documents", "delete", prefix)
        #expect(deleted.status == 0 && deleted.stdout.contains("Deleted PR registration"))
        #expect(!FileManager.default.fileExists(atPath: copy.path))
        #expect(try await cli.run("documents", "Daily").stdout.contains("has no documents"))
    }
}
