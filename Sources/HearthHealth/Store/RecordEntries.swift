import Foundation

/// Every entry of one record, by kind, each list in the order it was added.
public struct RecordEntries: Sendable, Codable, Hashable {
    public var blood: [BloodEntry] = []
    public var drugs: [DrugEntry] = []
    public var vaccinations: [VaccinationEntry] = []
    public var allergies: [AllergyEntry] = []
    public var illnesses: [IllnessEntry] = []
    public var risks: [RiskEntry] = []
    public var medicalHistory: [MedicalHistoryEntry] = []
    public var medicalDocuments: [MedicalDocumentEntry] = []
    public var emergencyContacts: [EmergencyContact] = []
    public var doctors: [HumanDoctor] = []
    public var weights: [WeightEntry] = []
    public var petYearlyCosts: [PetYearlyCost] = []
    public var observations: [HealthObservation] = []
    /// What became of the medications' scheduled doses.
    public var doses: [DoseRecord] = []
    /// The files attached to the other entries.
    public var attachments: [HealthAttachment] = []

    public init() {}

    /// How many entries there are in all.
    public var count: Int {
        blood.count + drugs.count + vaccinations.count + allergies.count + illnesses.count + risks.count
            + medicalHistory.count
            + medicalDocuments.count + emergencyContacts.count + doctors.count + weights.count + petYearlyCosts.count
            + observations.count
            + doses.count
            + attachments.count
    }

    /// Every entry, kind by kind.
    var all: [any HealthEntry] {
        var entries: [any HealthEntry] = []
        entries += blood as [any HealthEntry]
        entries += drugs as [any HealthEntry]
        entries += vaccinations as [any HealthEntry]
        entries += allergies as [any HealthEntry]
        entries += illnesses as [any HealthEntry]
        entries += risks as [any HealthEntry]
        entries += medicalHistory as [any HealthEntry]
        entries += medicalDocuments as [any HealthEntry]
        entries += emergencyContacts as [any HealthEntry]
        entries += doctors as [any HealthEntry]
        entries += weights as [any HealthEntry]
        entries += petYearlyCosts as [any HealthEntry]
        entries += observations as [any HealthEntry]
        entries += doses as [any HealthEntry]
        entries += attachments as [any HealthEntry]
        return entries
    }

    /// Adds `entry` to the list of its kind.
    mutating func append(_ entry: any HealthEntry) {
        switch entry {
        case let e as BloodEntry: blood.append(e)
        case let e as DrugEntry: drugs.append(e)
        case let e as VaccinationEntry: vaccinations.append(e)
        case let e as AllergyEntry: allergies.append(e)
        case let e as IllnessEntry: illnesses.append(e)
        case let e as RiskEntry: risks.append(e)
        case let e as MedicalHistoryEntry: medicalHistory.append(e)
        case let e as MedicalDocumentEntry: medicalDocuments.append(e)
        case let e as EmergencyContact: emergencyContacts.append(e)
        case let e as HumanDoctor: doctors.append(e)
        case let e as WeightEntry: weights.append(e)
        case let e as PetYearlyCost: petYearlyCosts.append(e)
        case let e as HealthObservation: observations.append(e)
        case let e as DoseRecord: doses.append(e)
        case let e as HealthAttachment: attachments.append(e)
        default: break
        }
    }

    /// The entry type stored under `kind`.
    static func type(of kind: HealthEntryKind) -> any HealthEntry.Type {
        switch kind {
        case .blood: BloodEntry.self
        case .drug: DrugEntry.self
        case .vaccination: VaccinationEntry.self
        case .allergy: AllergyEntry.self
        case .illness: IllnessEntry.self
        case .risk: RiskEntry.self
        case .medicalHistory: MedicalHistoryEntry.self
        case .medicalDocument: MedicalDocumentEntry.self
        case .emergencyContact: EmergencyContact.self
        case .humanDoctor: HumanDoctor.self
        case .weight: WeightEntry.self
        case .petYearlyCost: PetYearlyCost.self
        case .observation: HealthObservation.self
        case .dose: DoseRecord.self
        case .attachment: HealthAttachment.self
        }
    }
}
