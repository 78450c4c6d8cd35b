/// What an observation is: a laboratory result or a vital sign (FHIR observation-category codes).
public enum ObservationCategory: String, Sendable, Codable, CaseIterable {
    case laboratory
    case vitalSign = "vital-signs"
}
