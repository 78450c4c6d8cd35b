public import Foundation
public import HearthCore

/// The kinds of entries a medical record holds.
public enum HealthEntryKind: String, Sendable, Codable, CaseIterable {
    case blood, drug, vaccination, allergy, illness, risk, medicalHistory, medicalDocument
    case emergencyContact, humanDoctor, weight, petYearlyCost
    /// A lab result or vital sign (``HealthObservation``).
    case observation
    /// What became of a medication's scheduled dose (``DoseRecord``).
    case dose
    /// A file attached to another entry (``HealthAttachment``).
    case attachment
}

/// An entry of a medical record: one blood test, vaccination, weight, cost…
public protocol HealthEntry: Sendable, Codable, Hashable, Identifiable where ID == UUID {
    static var kind: HealthEntryKind { get }
    var id: UUID { get }
    /// The day it is about, for ordering (nil when not given).
    var date: CalendarDay? { get }
    /// The problems with its values, each saying what is wrong and how to fix it.
    func problems() -> [String]
}

extension HealthEntry {
    public func problems() -> [String] { [] }
}

/// A blood test or blood-group note.
public struct BloodEntry: HealthEntry {
    public static let kind = HealthEntryKind.blood
    public var id = UUID()
    public var date: CalendarDay?
    public var name = ""
    public var comment = ""
    public init(id: UUID = UUID(), date: CalendarDay? = nil, name: String = "", comment: String = "") {
        self.id = id
        self.date = date
        self.name = name
        self.comment = comment
    }
}

/// A medicine taken. With a ``Medication`` it is a medication on a schedule, whose doses are recorded as
/// ``DoseRecord``s.
public struct DrugEntry: HealthEntry {
    public static let kind = HealthEntryKind.drug
    public var id = UUID()
    public var date: CalendarDay?
    public var nameAndDosage = ""
    public var comment = ""
    /// The schedule, dose and unit, for a medication (nil for a plain drug entry).
    public var medication: Medication?
    public init(id: UUID = UUID(), date: CalendarDay? = nil, nameAndDosage: String = "", comment: String = "") {
        self.id = id
        self.date = date
        self.nameAndDosage = nameAndDosage
        self.comment = comment
    }

    public func problems() -> [String] {
        guard let medication else { return [] }
        var problems = medication.problems()
        if comment.count > Medication.notesLimit {
            problems.append(
                "The notes are \(comment.count) characters; keep them to \(Medication.notesLimit) (attach long texts as a document)"
            )
        }
        return problems
    }
}

/// A vaccination.
public struct VaccinationEntry: HealthEntry {
    public static let kind = HealthEntryKind.vaccination
    public var id = UUID()
    public var date: CalendarDay?
    public var name = ""
    public var information = ""
    public var place = ""
    public var comment = ""
    public init(
        id: UUID = UUID(), date: CalendarDay? = nil, name: String = "", information: String = "", place: String = "",
        comment: String = ""
    ) {
        self.id = id
        self.date = date
        self.name = name
        self.information = information
        self.place = place
        self.comment = comment
    }
}

/// An allergy.
public struct AllergyEntry: HealthEntry {
    public static let kind = HealthEntryKind.allergy
    public var id = UUID()
    public var date: CalendarDay?
    public var name = ""
    public var information = ""
    public var comment = ""
    public init(
        id: UUID = UUID(), date: CalendarDay? = nil, name: String = "", information: String = "", comment: String = ""
    ) {
        self.id = id
        self.date = date
        self.name = name
        self.information = information
        self.comment = comment
    }
}

/// An illness.
public struct IllnessEntry: HealthEntry {
    public static let kind = HealthEntryKind.illness
    public var id = UUID()
    public var date: CalendarDay?
    public var name = ""
    public var informationOrComment = ""
    public init(id: UUID = UUID(), date: CalendarDay? = nil, name: String = "", informationOrComment: String = "") {
        self.id = id
        self.date = date
        self.name = name
        self.informationOrComment = informationOrComment
    }
}

/// A health risk.
public struct RiskEntry: HealthEntry {
    public static let kind = HealthEntryKind.risk
    public var id = UUID()
    public var date: CalendarDay?
    public var name = ""
    public var descriptionOrComment = ""
    public init(id: UUID = UUID(), date: CalendarDay? = nil, name: String = "", descriptionOrComment: String = "") {
        self.id = id
        self.date = date
        self.name = name
        self.descriptionOrComment = descriptionOrComment
    }
}

/// An event of the medical history: an operation, a stay in hospital.
public struct MedicalHistoryEntry: HealthEntry {
    public static let kind = HealthEntryKind.medicalHistory
    public var id = UUID()
    public var date: CalendarDay?
    public var name = ""
    public var contact = ""
    public var informationOrComment = ""
    public init(
        id: UUID = UUID(), date: CalendarDay? = nil, name: String = "", contact: String = "",
        informationOrComment: String = ""
    ) {
        self.id = id
        self.date = date
        self.name = name
        self.contact = contact
        self.informationOrComment = informationOrComment
    }
}

/// A medical document kept on paper or elsewhere.
public struct MedicalDocumentEntry: HealthEntry {
    public static let kind = HealthEntryKind.medicalDocument
    public var id = UUID()
    public var date: CalendarDay?
    public var name = ""
    public var note = ""
    public init(id: UUID = UUID(), date: CalendarDay? = nil, name: String = "", note: String = "") {
        self.id = id
        self.date = date
        self.name = name
        self.note = note
    }
}

/// Someone to call in an emergency.
public struct EmergencyContact: HealthEntry {
    public static let kind = HealthEntryKind.emergencyContact
    public var id = UUID()
    public var name = ""
    public var phone = ""
    public var email = ""
    public var note = ""
    public var date: CalendarDay? { nil }
    public init(id: UUID = UUID(), name: String = "", phone: String = "", email: String = "", note: String = "") {
        self.id = id
        self.name = name
        self.phone = phone
        self.email = email
        self.note = note
    }

    public func problems() -> [String] {
        var problems: [String] = []
        if name.trimmingCharacters(in: .whitespaces).isEmpty && phone.trimmingCharacters(in: .whitespaces).isEmpty {
            problems.append("An emergency contact needs a name or a phone number")
        }
        if let problem = HealthValidation.email(email, field: "The contact's e-mail") { problems.append(problem) }
        return problems
    }
}

/// A doctor (a record holds at most five).
public struct HumanDoctor: HealthEntry {
    public static let kind = HealthEntryKind.humanDoctor
    /// The most doctors one record keeps.
    public static let limit = 5
    public var id = UUID()
    public var createdAt = Date()
    public var updatedAt = Date()
    /// The kind of doctor: "Family doctor", "Dentist"…
    public var type = ""
    public var name = ""
    public var phone = ""
    public var email = ""
    public var address = ""
    public var note = ""
    public var date: CalendarDay? { nil }
    public init(
        id: UUID = UUID(), type: String = "", name: String = "", phone: String = "", email: String = "",
        address: String = "", note: String = ""
    ) {
        self.id = id
        self.type = type
        self.name = name
        self.phone = phone
        self.email = email
        self.address = address
        self.note = note
    }

    public func problems() -> [String] {
        var problems: [String] = []
        if name.trimmingCharacters(in: .whitespaces).isEmpty { problems.append("A doctor needs a name") }
        if let problem = HealthValidation.email(email, field: "The doctor's e-mail") { problems.append(problem) }
        return problems
    }
}

/// A pet's weight on a day.
public struct WeightEntry: HealthEntry {
    public static let kind = HealthEntryKind.weight
    public var id = UUID()
    public var date: CalendarDay?
    public var weightKg: Decimal?
    public var comment = ""
    public init(id: UUID = UUID(), date: CalendarDay? = nil, weightKg: Decimal? = nil, comment: String = "") {
        self.id = id
        self.date = date
        self.weightKg = weightKg
        self.comment = comment
    }

    public func problems() -> [String] {
        guard let weightKg, weightKg <= 0 || weightKg > 1_000 else { return [] }
        return ["The weight \(weightKg) kg is not a weight; give kilograms above 0 and up to 1,000, such as 12.4"]
    }
}

/// What a pet cost in a year, by category (food, vet, insurance…).
public struct PetYearlyCost: HealthEntry {
    public static let kind = HealthEntryKind.petYearlyCost
    public var id = UUID()
    public var date: CalendarDay?
    /// The year the cost counts in; the date's year when not given.
    public var year: Int?
    public var category = ""
    public var amount: Decimal = 0
    public var note = ""
    public init(
        id: UUID = UUID(), date: CalendarDay? = nil, year: Int? = nil, category: String = "", amount: Decimal = 0,
        note: String = ""
    ) {
        self.id = id
        self.date = date
        self.year = year ?? date?.year
        self.category = category
        self.amount = amount
        self.note = note
    }

    /// The year it counts in: the one given, else the date's.
    public var effectiveYear: Int? { year ?? date?.year }

    public func problems() -> [String] {
        var problems: [String] = []
        if amount < 0 { problems.append("The cost \(amount) is negative; give the amount spent, such as 120.50") }
        if category.trimmingCharacters(in: .whitespaces).isEmpty {
            problems.append("A yearly cost needs a category, such as Food or Vet")
        }
        if let year = effectiveYear, !(1900...2200).contains(year) {
            problems.append("The year \(year) is not a year; give one such as 2024")
        }
        return problems
    }
}
