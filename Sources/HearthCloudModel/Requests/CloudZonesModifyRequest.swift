/// `POST /cloud/v1/private/zones/modify`: create and delete zones of the caller's private database.
public struct CloudZonesModifyRequest: Codable, Sendable, Hashable {
    public var operations: [CloudZoneOperation]
    public init(operations: [CloudZoneOperation]) { self.operations = operations }
}
