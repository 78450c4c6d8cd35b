public import Foundation
import GRDB

/// An odometer reading at a moment: the data the driving pace is estimated from.
public struct MileageSnapshot: GarageRecord, Equatable, Hashable {
    public static let databaseTableName = "garageMileageSnapshot"
    public static let entity = GarageEntity.mileageSnapshot

    /// Where a reading came from.
    public struct Source: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// Typed in by the user.
        public static let manual = Source(rawValue: "manual")
        /// Recorded when a service was marked done.
        public static let serviceCompletion = Source(rawValue: "service_completion")
        /// The highest reading of an imported file.
        public static let `import` = Source(rawValue: "import")
        /// Given through a reminder's "Update Now" action.
        public static let reminder = Source(rawValue: "reminder")
        /// Sent from the watch.
        public static let watch = Source(rawValue: "watch")
        /// Said to the assistant ("Update the Civic's mileage to 45k").
        public static let voice = Source(rawValue: "voice")
        public var description: String { rawValue }
    }

    public let id: UUID
    public var vehicleID: UUID
    /// The odometer reading, in miles.
    public var mileage: Int
    public var recordedAt: Date
    public var source: Source
    public var modifiedAt: Date

    public init(
        id: UUID = UUID(), vehicleID: UUID, mileage: Int, recordedAt: Date, source: Source, modifiedAt: Date? = nil
    ) {
        self.id = id
        self.vehicleID = vehicleID
        self.mileage = mileage
        self.recordedAt = recordedAt
        self.source = source
        self.modifiedAt = modifiedAt ?? recordedAt
    }
}
