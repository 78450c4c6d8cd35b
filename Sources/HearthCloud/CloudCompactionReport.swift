import Foundation
import HearthCloudModel
import HearthCore

/// What one compaction pass removed.
public struct CloudCompactionReport: Sendable, Hashable {
    public var tombstonesRemoved: Int
    public var sessionsRemoved: Int
    public var assetsRemoved: Int
}
