import Foundation
public import GRDB

/// The recorder of a store that does not sync: it records nothing.
public struct NoGarageChangeRecorder: GarageChangeRecorder {
    public init() {}
    public func record(_ change: GarageChange, in db: Database) throws {}
}
