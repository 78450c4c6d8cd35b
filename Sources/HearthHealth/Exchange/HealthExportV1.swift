import Foundation
import HearthCore

/// The JSON export, format version 1, exactly as the original app writes it: section and key names, dates
/// as "yyyy-MM-dd" or "" when absent, weights only for pets.
struct HealthExportV1: Codable, Equatable {
    /// A day as the format writes it: "yyyy-MM-dd", or "" for none.
    struct Day: Codable, Equatable {
        var value: CalendarDay?

        init(_ value: CalendarDay?) { self.value = value }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            if text.isEmpty {
                value = nil
                return
            }
            guard let day = CalendarDay(iso: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\"\(text)\" is not a date; write yyyy-MM-dd, or \"\" for none")
            }
            value = day
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value?.iso ?? "")
        }
    }

    struct Personal: Codable, Equatable {
        var personalFamilyName = "", personalGivenName = "", personalNickName = "", personalGender = ""
        var personalBirthdate = Day(nil)
        var personalSocialSecurityNumber = "", personalAddress = "", personalHealthInsurance = ""
        var personalHealthInsuranceNumber = "", personalEmployer = ""
    }

    struct Pet: Codable, Equatable {
        var personalName = "", personalAnimalID = "", ownerName = "", ownerPhone = "", ownerEmail = ""
    }

    struct Contact: Codable, Equatable { var name = "", phone = "", email = "", note = "" }
    struct Blood: Codable, Equatable {
        var bloodDate = Day(nil)
        var bloodName = "", bloodComment = ""
    }
    struct Drug: Codable, Equatable {
        var drugDate = Day(nil)
        var drugName = "", drugComment = ""
    }
    struct Vaccination: Codable, Equatable {
        var vaccinationDate = Day(nil)
        var vaccinationName = "", vaccinationInfo = "", vaccinationPlace = "", vaccinationComment = ""
    }
    struct Allergy: Codable, Equatable {
        var allergyDate = Day(nil)
        var allergyName = "", allergyInformation = "", allergyComment = ""
    }
    struct Illness: Codable, Equatable {
        var illnessDate = Day(nil)
        var illnessName = "", illnessComment = ""
    }
    struct Risk: Codable, Equatable {
        var risksDate = Day(nil)
        var risksName = "", risksComment = ""
    }
    struct History: Codable, Equatable {
        var medicalhistoryDate = Day(nil)
        var medicalhistoryName = "", medicalhistoryContact = "", medicalhistoryComment = ""
    }
    struct Document: Codable, Equatable {
        var medicaldocumentDate = Day(nil)
        var medicaldocumentName = "", medicaldocumentComment = ""
    }
    struct Weight: Codable, Equatable {
        var weightDate = Day(nil)
        var weightKg: Decimal = 0
        var weightComment = ""
    }

    var exportVersion = 1
    var isPet = false
    var personalinformation = Personal()
    var petinformation: Pet?
    var emergencyContacts: [Contact] = []
    var blood: [Blood] = []
    var drugs: [Drug] = []
    var vaccinations: [Vaccination] = []
    var allergy: [Allergy] = []
    var illness: [Illness] = []
    var risks: [Risk] = []
    var medicalhistory: [History] = []
    var medicaldocument: [Document] = []
    var weights: [Weight] = []
    /// What version 1 cannot carry (medications, lab results and vital signs); absent when there is nothing, so
    /// such exports stay as the app writes them.
    var hearthExtensions: HealthExportExtensions?
}

extension HealthExportV1 {
    /// The export of `record` with `entries`.
    init(record: MedicalRecord, entries: RecordEntries) {
        isPet = record.isPet
        personalinformation = Personal(
            personalFamilyName: record.personalFamilyName, personalGivenName: record.personalGivenName,
            personalNickName: record.personalNickName, personalGender: record.personalGender,
            personalBirthdate: Day(record.personalBirthdate),
            personalSocialSecurityNumber: record.personalSocialSecurityNumber,
            personalAddress: record.personalAddress, personalHealthInsurance: record.personalHealthInsurance,
            personalHealthInsuranceNumber: record.personalHealthInsuranceNumber,
            personalEmployer: record.personalEmployer
        )
        if record.isPet {
            petinformation = Pet(
                personalName: record.personalName, personalAnimalID: record.personalAnimalID,
                ownerName: record.ownerName,
                ownerPhone: record.ownerPhone, ownerEmail: record.ownerEmail
            )
        }
        emergencyContacts = entries.emergencyContacts.map {
            Contact(name: $0.name, phone: $0.phone, email: $0.email, note: $0.note)
        }
        // Records from before contacts were a list keep one contact on the record itself.
        if emergencyContacts.isEmpty,
            !(record.emergencyName.isEmpty && record.emergencyNumber.isEmpty && record.emergencyEmail.isEmpty)
        {
            emergencyContacts = [
                Contact(
                    name: record.emergencyName, phone: record.emergencyNumber, email: record.emergencyEmail, note: "")
            ]
        }
        blood = entries.blood.map { Blood(bloodDate: Day($0.date), bloodName: $0.name, bloodComment: $0.comment) }
        drugs = entries.drugs.map { Drug(drugDate: Day($0.date), drugName: $0.nameAndDosage, drugComment: $0.comment) }
        vaccinations = entries.vaccinations.map {
            Vaccination(
                vaccinationDate: Day($0.date), vaccinationName: $0.name, vaccinationInfo: $0.information,
                vaccinationPlace: $0.place, vaccinationComment: $0.comment)
        }
        allergy = entries.allergies.map {
            Allergy(
                allergyDate: Day($0.date), allergyName: $0.name, allergyInformation: $0.information,
                allergyComment: $0.comment)
        }
        illness = entries.illnesses.map {
            Illness(illnessDate: Day($0.date), illnessName: $0.name, illnessComment: $0.informationOrComment)
        }
        risks = entries.risks.map {
            Risk(risksDate: Day($0.date), risksName: $0.name, risksComment: $0.descriptionOrComment)
        }
        medicalhistory = entries.medicalHistory.map {
            History(
                medicalhistoryDate: Day($0.date), medicalhistoryName: $0.name, medicalhistoryContact: $0.contact,
                medicalhistoryComment: $0.informationOrComment)
        }
        medicaldocument = entries.medicalDocuments.map {
            Document(medicaldocumentDate: Day($0.date), medicaldocumentName: $0.name, medicaldocumentComment: $0.note)
        }
        weights =
            record.isPet
            ? entries.weights.map {
                Weight(weightDate: Day($0.date), weightKg: $0.weightKg ?? 0, weightComment: $0.comment)
            } : []
        let medications = entries.drugs.enumerated().compactMap { index, drug in
            drug.medication.map { medication in
                HealthExportMedication(
                    medication, index: index, doses: entries.doses.filter { $0.medicationID == drug.id })
            }
        }
        let extensions = HealthExportExtensions(
            medications: medications.isEmpty ? nil : medications,
            observations: entries.observations.isEmpty ? nil : entries.observations)
        hearthExtensions = extensions.isEmpty ? nil : extensions
    }

    /// The record and entries this export describes (new ids).
    func restored(createdAt: Date) throws -> (MedicalRecord, RecordEntries) {
        var record = MedicalRecord(isPet: isPet, createdAt: createdAt)
        let p = personalinformation
        record.personalFamilyName = p.personalFamilyName
        record.personalGivenName = p.personalGivenName
        record.personalNickName = p.personalNickName
        record.personalGender = p.personalGender
        record.personalBirthdate = p.personalBirthdate.value
        record.personalSocialSecurityNumber = p.personalSocialSecurityNumber
        record.personalAddress = p.personalAddress
        record.personalHealthInsurance = p.personalHealthInsurance
        record.personalHealthInsuranceNumber = p.personalHealthInsuranceNumber
        record.personalEmployer = p.personalEmployer
        if let pet = petinformation {
            record.personalName = pet.personalName
            record.personalAnimalID = pet.personalAnimalID
            record.ownerName = pet.ownerName
            record.ownerPhone = pet.ownerPhone
            record.ownerEmail = pet.ownerEmail
        }
        var entries = RecordEntries()
        entries.emergencyContacts = emergencyContacts.map {
            EmergencyContact(name: $0.name, phone: $0.phone, email: $0.email, note: $0.note)
        }
        entries.blood = blood.map { BloodEntry(date: $0.bloodDate.value, name: $0.bloodName, comment: $0.bloodComment) }
        entries.drugs = drugs.map {
            DrugEntry(date: $0.drugDate.value, nameAndDosage: $0.drugName, comment: $0.drugComment)
        }
        entries.vaccinations = vaccinations.map {
            VaccinationEntry(
                date: $0.vaccinationDate.value, name: $0.vaccinationName, information: $0.vaccinationInfo,
                place: $0.vaccinationPlace, comment: $0.vaccinationComment)
        }
        entries.allergies = allergy.map {
            AllergyEntry(
                date: $0.allergyDate.value, name: $0.allergyName, information: $0.allergyInformation,
                comment: $0.allergyComment)
        }
        entries.illnesses = illness.map {
            IllnessEntry(date: $0.illnessDate.value, name: $0.illnessName, informationOrComment: $0.illnessComment)
        }
        entries.risks = risks.map {
            RiskEntry(date: $0.risksDate.value, name: $0.risksName, descriptionOrComment: $0.risksComment)
        }
        entries.medicalHistory = medicalhistory.map {
            MedicalHistoryEntry(
                date: $0.medicalhistoryDate.value, name: $0.medicalhistoryName, contact: $0.medicalhistoryContact,
                informationOrComment: $0.medicalhistoryComment)
        }
        entries.medicalDocuments = medicaldocument.map {
            MedicalDocumentEntry(
                date: $0.medicaldocumentDate.value, name: $0.medicaldocumentName, note: $0.medicaldocumentComment)
        }
        entries.weights = weights.map {
            WeightEntry(
                date: $0.weightDate.value, weightKg: $0.weightKg == 0 ? nil : $0.weightKg, comment: $0.weightComment)
        }
        entries.observations = hearthExtensions?.observations ?? []
        try restoreExtensions(into: &entries)
        return (record, entries)
    }

    /// Puts the medications of ``hearthExtensions`` on their drug entries, with their doses.
    func restoreExtensions(into entries: inout RecordEntries) throws {
        for medication in hearthExtensions?.medications ?? [] {
            guard entries.drugs.indices.contains(medication.drugIndex) else {
                throw ServiceError.validationFailed(
                    "hearthExtensions medication \"\(medication.name)\" belongs to drugs[\(medication.drugIndex)], which the export does not have (it has \(entries.drugs.count) drugs)"
                )
            }
            guard entries.drugs[medication.drugIndex].medication == nil else {
                throw ServiceError.validationFailed(
                    "hearthExtensions gives drugs[\(medication.drugIndex)] two medications; give each drug at most one")
            }
            entries.drugs[medication.drugIndex].medication = try medication.restored()
            entries.doses += try medication.restoredDoses(medicationID: entries.drugs[medication.drugIndex].id)
        }
    }
}
