import Foundation

/// Who is making a request: the signed-in user and, when the client named it, their device.
public struct CloudPrincipal: Sendable, Hashable {
    /// The user's `userRecordName`.
    public var userID: String
    /// The device (the `X-Hearth-Device-ID` header), which is not told of its own changes.
    public var deviceID: String?

    public init(userID: String, deviceID: String? = nil) {
        self.userID = userID
        self.deviceID = deviceID
    }
}
