import Foundation
public import HearthCloudModel
import HearthCore
import Logging
import ServiceLifecycle

/// A message for one push-channel connection.
public enum PushMessage: Sendable, Hashable {
    /// Something a subscription watches changed.
    case notification(CloudNotification)
    /// Nothing happened; keeps idle connections (and proxies) open and reveals dead ones.
    case heartbeat
}
