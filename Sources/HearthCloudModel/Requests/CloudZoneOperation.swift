/// One operation of `zones/modify`.
public struct CloudZoneOperation: Codable, Sendable, Hashable {
    public var operationType: CloudZoneOperationType
    public var zone: CloudZone

    public init(operationType: CloudZoneOperationType, zone: CloudZone) {
        self.operationType = operationType
        self.zone = zone
    }
}
