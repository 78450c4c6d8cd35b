/// When, by whom and from which device a record was created or changed.
public struct CloudRecordStamp: Codable, Sendable, Hashable {
    /// Milliseconds since 1970 on the server's clock.
    public var timestamp: Int64
    /// The user who made the change.
    public var userRecordName: String
    /// The device that made the change, when the client named one.
    public var deviceID: String?

    public init(timestamp: Int64, userRecordName: String, deviceID: String? = nil) {
        self.timestamp = timestamp
        self.userRecordName = userRecordName
        self.deviceID = deviceID
    }
}
