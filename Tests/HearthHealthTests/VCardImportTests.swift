import Foundation
import HearthCore
import HearthExchange
import HearthTestSupport
import Testing

@testable import HearthHealth

@Suite struct VCardImportTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// Python with `vobject`, in the virtual environment `.ci/run` makes.
    static let python = ExternalTool(
        name: "Python with vobject", variable: "HEARTH_VOBJECT_PYTHON",
        candidates: [repository.appendingPathComponent(".build/venv/bin/python")],
        install: "python3 -m venv .build/venv && .build/venv/bin/pip install vobject (.ci/run does)")

    static func person(_ service: HealthRecordService) async throws -> MedicalRecord {
        var anna = MedicalRecord()
        anna.personalGivenName = "Anna"
        return try await service.createRecord(anna)
    }

    @Test func olderPhonesAndOutlookQuotedPrintableCards() async throws {
        let cards = try VCardReader.read(try Data(contentsOf: HealthFixtures.url("outlook-21.vcf")))
        #expect(cards.count == 2)
        #expect(cards[0].version == "2.1")
        #expect(cards[0].displayName == "Jürgen Müller")
        #expect(
            cards[0].phones == [
                VCard.Value(value: "+49 170 1234567", types: ["cell", "pref"]),
                VCard.Value(value: "+49 30 123456", types: ["home"]),
            ])
        #expect(cards[0].emails.map(\.value) == ["juergen@example.de"])
        #expect(cards[0].note == "Nachbar, hat Schlüssel für die Wohnung")  // ISO-8859-1, soft line break
        #expect(cards[1].displayName == "Ivan Petrov")  // from N, without FN

        let (service, _) = try HealthFixtures.service()
        let anna = try await Self.person(service)
        let report = try await service.importContacts(
            try Data(contentsOf: HealthFixtures.url("outlook-21.vcf")), file: "outlook-21.vcf", to: anna.uuid)
        #expect(report.cardsRead == 2 && report.added == 2)
        let contacts = try await service.entries(of: anna.uuid).emergencyContacts
        #expect(
            contacts[0].name == "Jürgen Müller" && contacts[0].phone == "+49 170 1234567"
                && contacts[0].email == "juergen@example.de")
        #expect(contacts[0].note == "Nachbar, hat Schlüssel für die Wohnung\nOther phones: home +49 30 123456")
        #expect(contacts[1].phone == "+7 495 123-45-67")
    }

    @Test func appleGroupedCardsAndVersionFour() async throws {
        let apple = try #require(try VCardReader.read(try Data(contentsOf: HealthFixtures.url("apple-30.vcf"))).first)
        #expect(apple.emails.map(\.value) == ["olga@example.com", "o.ivanova@hospital.example"])
        #expect(apple.emails.first?.isPreferred == true)
        #expect(apple.phones.map(\.types) == [["cell", "voice", "pref"], ["work", "voice"]])
        #expect(apple.note == "Cardiologist, call after 5pm\nAsk for the ward")
        #expect(apple.organization == "City Hospital, Cardiology")

        let modern = try #require(
            try VCardReader.read(try Data(contentsOf: HealthFixtures.url("rfc6350-40.vcf"))).first)
        #expect(
            modern.formattedName
                == "李小龍 (Bruce) with a name long enough that it has to be folded across lines by the writer")
        #expect(modern.phones == [VCard.Value(value: "+852-1234-5678", types: ["voice", "cell", "pref"])])
        #expect(modern.emails == [VCard.Value(value: "bruce@example.hk", types: ["home"])])
    }

    @Test func importingTwiceAddsNothingAndBadFilesWriteNothing() async throws {
        let (service, _) = try HealthFixtures.service()
        let anna = try await Self.person(service)
        let data = try Data(contentsOf: HealthFixtures.url("apple-30.vcf"))
        _ = try await service.importContacts(data, file: "apple-30.vcf", to: anna.uuid)
        let again = try await service.importContacts(data, file: "apple-30.vcf", to: anna.uuid)
        #expect(again.added == 0 && again.alreadyPresent == 1)
        let contact = try #require(try await service.entries(of: anna.uuid).emergencyContacts.first)
        #expect(contact.note.contains("Other phones: work +1 (555) 010-0002"))
        #expect(contact.note.contains("Other e-mails: o.ivanova@hospital.example"))

        let cases: [(String, String)] = [
            ("hello\n", "apple.vcf: line 1: this is not a vCard file"),
            ("BEGIN:VCARD\nVERSION:3.0\nFN:Open\n", "apple.vcf: line 1: the card that starts here is never closed"),
            (
                "BEGIN:VCARD\nFN:Bad\nEMAIL:not-an-address\nEND:VCARD\n",
                "apple.vcf: line 1 (Bad): The contact's e-mail \"not-an-address\" is not an e-mail address"
            ),
        ]
        for (text, message) in cases {
            do {
                _ = try await service.importContacts(Data(text.utf8), file: "apple.vcf", to: anna.uuid)
                Issue.record("accepted: \(text)")
            } catch let error as ServiceError {
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
        #expect(try await service.entries(of: anna.uuid).emergencyContacts.count == 1)
    }

    @Test func cardsWrittenByPythonsVobjectImportWithEveryPhoneAndEmail() async throws {
        guard let python = Self.python.executable else {
            if ExternalTool.missingFails {
                Issue.record(Comment(rawValue: Self.python.missingReason))
                return
            }
            try Test.cancel(Comment(rawValue: Self.python.missingReason))
        }
        let script = """
            import sys, vobject
            out = []
            people = [
                ("Σοφία Παπαδοπούλου", "Παπαδοπούλου", "Σοφία", [("+30 210 1234567", ["HOME"]), ("+30 690 1234567", ["CELL", "VOICE"])],
                 [("sofia@example.gr", ["INTERNET"]), ("sofia.work@example.com", ["INTERNET", "WORK"])], "Sister, call first; has keys"),
                ("José Núñez", "Núñez", "José", [("+34 600 000 001", ["CELL"]), ("+34 910 000 002", ["WORK"]), ("+34 910 000 003", ["FAX"])],
                 [("jose@example.es", ["INTERNET", "PREF"])], ""),
            ]
            for fn, family, given, phones, emails, note in people:
                card = vobject.vCard()
                card.add('fn').value = fn
                card.add('n').value = vobject.vcard.Name(family=family, given=given)
                for value, types in phones:
                    tel = card.add('tel'); tel.value = value; tel.type_paramlist = types
                for value, types in emails:
                    email = card.add('email'); email.value = value; email.type_paramlist = types
                if note:
                    card.add('note').value = note
                out.append(card.serialize())
            sys.stdout.write("".join(out))
            """
        let result = try await ChildProcess.run(python, ["-c", script])
        guard result.status == 0 else {
            let reason = Comment(rawValue: "vobject could not write cards: \(result.stderr)")
            if ExternalTool.missingFails {
                Issue.record(reason)
                return
            }
            try Test.cancel(reason)
        }
        let data = Data(result.stdout.utf8)
        let cards = try VCardReader.read(data)
        #expect(cards.map(\.displayName) == ["Σοφία Παπαδοπούλου", "José Núñez"])
        #expect(cards[0].phones.map(\.value) == ["+30 210 1234567", "+30 690 1234567"])
        #expect(cards[0].emails.map(\.value) == ["sofia@example.gr", "sofia.work@example.com"])
        #expect(cards[0].note == "Sister, call first; has keys")
        #expect(cards[1].phones.map(\.types) == [["cell"], ["work"], ["fax"]])

        let (service, _) = try HealthFixtures.service()
        let anna = try await Self.person(service)
        let report = try await service.importContacts(data, file: "vobject.vcf", to: anna.uuid)
        #expect(report.added == 2)
        let contacts = try await service.entries(of: anna.uuid).emergencyContacts
        // Every phone and e-mail is kept: the preferred (else first) in the fields, the rest in the note.
        #expect(contacts[0].phone == "+30 210 1234567" && contacts[0].email == "sofia@example.gr")
        #expect(
            contacts[0].note
                == "Sister, call first; has keys\nOther phones: cell +30 690 1234567\nOther e-mails: work sofia.work@example.com"
        )
        #expect(contacts[1].email == "jose@example.es")
        #expect(contacts[1].note == "Other phones: work +34 910 000 002, fax +34 910 000 003")
    }
}
