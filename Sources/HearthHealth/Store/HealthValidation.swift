import Foundation
public import HearthCore

/// The rules health records and entries must follow, as pure functions that return what is wrong.
public enum HealthValidation {
    /// The problems with `record` on `today`, each naming the field, what is wrong, and how to fix it.
    public static func problems(_ record: MedicalRecord, today: CalendarDay) -> [String] {
        var problems: [String] = []
        if UUID(uuidString: record.uuid) == nil {
            problems.append("The record id \"\(record.uuid)\" is not a UUID; leave it out to have one made")
        }
        if !MedicalRecord.genders.contains(record.personalGender) {
            problems.append("Gender \"\(record.personalGender)\" is not one of Male, Female, N/A (or empty)")
        }
        if let birth = record.personalBirthdate {
            if birth > today { problems.append("The birthdate \(birth) is in the future; give the day of birth") }
            if birth.year < 1880 { problems.append("The birthdate \(birth) is too long ago; check the year") }
        }
        for (label, value) in [
            ("Owner e-mail", record.ownerEmail), ("Vet e-mail", record.vetEmail),
            ("Emergency e-mail", record.emergencyEmail),
        ] {
            if let problem = email(value, field: label) { problems.append(problem) }
        }
        return problems
    }

    /// A problem with an e-mail address, or nil when it is empty or is one.
    static func email(_ value: String, field: String) -> String? {
        guard !value.trimmingCharacters(in: .whitespaces).isEmpty, !Validation.isValidEmail(value) else { return nil }
        return "\(field) \"\(value)\" is not an e-mail address; write it as name@example.com"
    }

    /// `text` as search compares it: ``TextSearch/fold(_:)`` ("José" matches "jose").
    public static func searchKey(_ text: String) -> String { TextSearch.fold(text) }
}
