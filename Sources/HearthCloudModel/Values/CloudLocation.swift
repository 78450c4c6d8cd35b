import Foundation

/// A place on Earth, with optional accuracy, course and speed.
public struct CloudLocation: Codable, Sendable, Hashable {
    /// Degrees north, from -90 to 90.
    public var latitude: Double
    /// Degrees east, from -180 to 180.
    public var longitude: Double
    /// Metres above sea level.
    public var altitude: Double?
    /// Radius of uncertainty of the position, in metres.
    public var horizontalAccuracy: Double?
    /// Uncertainty of the altitude, in metres.
    public var verticalAccuracy: Double?
    /// Direction of travel in degrees from north.
    public var course: Double?
    /// Speed in metres per second.
    public var speed: Double?
    /// When the position was taken, in milliseconds since 1970.
    public var timestamp: Int64?

    public init(
        latitude: Double, longitude: Double, altitude: Double? = nil, horizontalAccuracy: Double? = nil,
        verticalAccuracy: Double? = nil, course: Double? = nil, speed: Double? = nil, timestamp: Int64? = nil
    ) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.course = course
        self.speed = speed
        self.timestamp = timestamp
    }
}
