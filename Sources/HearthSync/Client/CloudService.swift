public import HearthCloudModel

/// What the sync engine needs from HearthCloud: the two databases, who is signed in, and the push
/// channel. ``CloudClient`` is the live implementation.
public protocol CloudService: Sendable {
    /// The private or the shared database.
    func database(_ scope: CloudDatabaseScope) -> any CloudDatabase
    /// Who the current credentials belong to.
    func caller() async throws -> CloudCaller
    /// The push channel: ``CloudPushEvent/connected`` once it is open, then a notification for every change
    /// a subscription watches that another device made. The stream ends with an error when the connection
    /// drops; open a new one to reconnect.
    func pushEvents() -> AsyncThrowingStream<CloudPushEvent, any Error>
    /// The same service, naming `deviceID` on every request so this device is not pushed its own changes.
    func forDevice(_ deviceID: String) -> any CloudService
}
