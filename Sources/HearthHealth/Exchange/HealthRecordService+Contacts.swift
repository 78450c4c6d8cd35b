public import Foundation
import GRDB
import HearthCore
import HearthExchange
import HearthStore

/// What a contacts import did.
public struct ContactImportReport: Sendable, Codable, Equatable {
    /// Cards in the file.
    public var cardsRead = 0
    /// Emergency contacts added.
    public var added = 0
    /// Cards already among the record's contacts.
    public var alreadyPresent = 0
    /// Cards with neither a name nor a phone number, by the line they start on.
    public var skipped: [String] = []
}

extension HealthRecordService {
    /// Adds the contacts of a vCard file (2.1, 3.0 or 4.0) to a record's emergency contacts: the job the
    /// original app's contact picker did. The preferred (else the first) phone and e-mail fill the contact's
    /// fields; every other number and address is kept in its note with its type, after the card's own note.
    /// A card already among the contacts (same name, phone and e-mail) is not added again.
    /// - Throws: ``ServiceError`` naming `file` and the line when it is not a vCard file; nothing is written.
    public func importContacts(_ data: Data, file: String, to uuid: String) async throws -> ContactImportReport {
        let cards: [VCard]
        do {
            cards = try VCardReader.read(data)
        } catch let error as VCardReader.FormatError {
            throw ServiceError.validationFailed("\(file): \(error.description)")
        }
        var report = ContactImportReport(cardsRead: cards.count)
        var contacts: [EmergencyContact] = []
        for card in cards {
            guard let contact = Self.contact(from: card) else {
                report.skipped.append("line \(card.line): the card has neither a name nor a phone number")
                continue
            }
            let problems = contact.problems()
            guard problems.isEmpty else {
                throw ServiceError.validationFailed(
                    "\(file): line \(card.line) (\(contact.name)): " + problems.joined(separator: "; "))
            }
            contacts.append(contact)
        }
        let time = now()
        let toAdd = contacts
        let read = report
        return try await database.write { db in
            var report = read
            guard try Self.exists(db, uuid) else { throw ServiceError.notFound("Medical record \(uuid)") }
            var present = try Self.fetchEntries(db, uuid).emergencyContacts.map { [$0.name, $0.phone, $0.email] }
            for contact in toAdd {
                let key = [contact.name, contact.phone, contact.email]
                if present.contains(key) {
                    report.alreadyPresent += 1
                    continue
                }
                try Self.insertEntry(db, contact, recordID: uuid)
                present.append(key)
                report.added += 1
            }
            if report.added > 0 { try self.touch(db, uuid, at: time) }
            return report
        }
    }

    /// The emergency contact a card describes; nil when it has neither a name nor a phone.
    static func contact(from card: VCard) -> EmergencyContact? {
        func preferred(_ values: [VCard.Value]) -> VCard.Value? { values.first(where: \.isPreferred) ?? values.first }
        let phone = preferred(card.phones)
        let email = preferred(card.emails)
        guard !card.displayName.isEmpty || phone != nil else { return nil }
        func label(_ value: VCard.Value) -> String {
            let types = value.types.filter { !["pref", "voice", "internet"].contains($0) }
            return types.isEmpty ? value.value : "\(types.joined(separator: "/")) \(value.value)"
        }
        var notes: [String] = []
        if !card.note.isEmpty { notes.append(card.note) }
        let otherPhones = card.phones.filter { $0 != phone }.map(label)
        if !otherPhones.isEmpty { notes.append("Other phones: " + otherPhones.joined(separator: ", ")) }
        let otherEmails = card.emails.filter { $0 != email }.map(label)
        if !otherEmails.isEmpty { notes.append("Other e-mails: " + otherEmails.joined(separator: ", ")) }
        if !card.organization.isEmpty { notes.append(card.organization) }
        return EmergencyContact(
            name: card.displayName, phone: phone?.value ?? "", email: email?.value ?? "",
            note: notes.joined(separator: "\n"))
    }
}
