public import Foundation
public import HearthCore

/// A person's or a pet's medical record: who it is about, their vet or legacy emergency contact, and how it
/// is kept in the cloud. Its entries (vaccinations, allergies, weights…) are stored beside it.
public struct MedicalRecord: Sendable, Codable, Hashable, Identifiable {
    /// The genders a person's record may state ("" when not given).
    public static let genders = ["", "Male", "Female", "N/A"]

    /// The record's id: UUID text.
    public var uuid: String
    public var createdAt: Date
    public var updatedAt: Date

    public var personalFamilyName = ""
    public var personalGivenName = ""
    public var personalNickName = ""
    /// One of ``genders``.
    public var personalGender = ""
    public var personalBirthdate: CalendarDay?
    public var personalSocialSecurityNumber = ""
    public var personalAddress = ""
    public var personalHealthInsurance = ""
    public var personalHealthInsuranceNumber = ""
    public var personalEmployer = ""

    public var isPet = false
    public var personalName = ""
    public var personalAnimalID = ""
    public var petBreed = ""
    public var petColor = ""
    public var ownerName = ""
    public var ownerPhone = ""
    public var ownerEmail = ""

    public var vetClinicName = ""
    public var vetContactName = ""
    public var vetPhone = ""
    public var vetEmail = ""
    public var vetAddress = ""
    public var vetNote = ""

    /// The single emergency contact older versions kept on the record itself.
    public var emergencyName = ""
    public var emergencyNumber = ""
    public var emergencyEmail = ""

    public var isCloudEnabled = false
    public var cloudRecordName: String?
    public var cloudShareRecordName: String?
    public var isSharingEnabled = false
    public var shareParticipantsSummary = ""
    /// Deleted here, waiting for the deletion to reach the cloud.
    public var isMarkedForDeletion = false
    /// The `userRecordName` of the user whose zone the record lives in, for a record another user shared
    /// with this one (edits go back to that user's zone); nil for the user's own records. Set by sync only.
    public var cloudZoneOwner: String?

    public var id: String { uuid }

    public init(uuid: String = UUID().uuidString, isPet: Bool = false, createdAt: Date = Date(), updatedAt: Date? = nil)
    {
        self.uuid = uuid
        self.isPet = isPet
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
    }

    /// Pets: the trimmed name, or "Pet". People: the non-empty of family, given and nick names joined with
    /// " - ", or "Person".
    public var displayName: String {
        if isPet {
            let name = personalName.trimmingCharacters(in: .whitespacesAndNewlines)
            return name.isEmpty ? "Pet" : name
        }
        let parts = [personalFamilyName, personalGivenName, personalNickName]
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }
        return parts.isEmpty ? "Person" : parts.joined(separator: " - ")
    }

    /// People before pets, then by display name ignoring case: "0-smith - anna", "1-rex".
    public var sortKey: String { (isPet ? "1-" : "0-") + displayName.lowercased() }

    /// Where the record lives.
    public enum LocationStatus: String, Sendable, Codable {
        case local, cloud, shared
    }

    /// Shared when sharing is on, a share exists or the record was shared with this user; else cloud when
    /// cloud-enabled; else local.
    public var locationStatus: LocationStatus {
        if isSharingEnabled || cloudShareRecordName != nil || cloudZoneOwner != nil { return .shared }
        return isCloudEnabled ? .cloud : .local
    }
}
