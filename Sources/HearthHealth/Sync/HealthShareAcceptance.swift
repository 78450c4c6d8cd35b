/// What accepting a share brought: the record, or, when it is end-to-end encrypted and its owner's device has
/// not handed this device the key yet, the promise that it arrives at a sync after that.
public struct HealthShareAcceptance: Sendable, Codable, Equatable {
    /// The shared record's name on the server.
    public var recordName: String
    /// The user who shared it.
    public var ownerRecordName: String
    /// The owner as people know them: their e-mail when the share names it, else their user record name.
    public var ownerName: String
    /// The record as it is on this device now; nil while it waits for its key.
    public var record: MedicalRecord?
    /// This device's key fingerprint, for the owner to compare (nil without end-to-end encryption).
    public var fingerprint: String?

    public init(
        recordName: String, ownerRecordName: String, ownerName: String? = nil, record: MedicalRecord?,
        fingerprint: String?
    ) {
        self.recordName = recordName
        self.ownerRecordName = ownerRecordName
        self.ownerName = ownerName ?? ownerRecordName
        self.record = record
        self.fingerprint = fingerprint
    }

    /// Whether the record waits for its key from the owner's device.
    public var isWaitingForKey: Bool { record == nil }
}
