import Foundation
import HearthCloudModel
import HearthCore

/// Which records of a zone a user may see: all of them, or the hierarchies under some roots.
public struct CloudZoneCoverage: Sendable, Hashable {
    public var zoneWide: Bool
    public var roots: Set<String>

    public init(zoneWide: Bool, roots: Set<String>) {
        self.zoneWide = zoneWide
        self.roots = roots
    }
}
