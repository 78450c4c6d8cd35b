public import HearthCloudModel

/// A message from the push channel.
public enum CloudPushEvent: Sendable, Hashable {
    /// The channel is open: changes from now on will be told. Fetch once to catch up on what came before.
    case connected
    /// Something a subscription watches changed; fetch the changes of the zones it names.
    case notification(CloudNotification)
}
