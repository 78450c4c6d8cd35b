import Foundation

/// A safety recall from NHTSA.
public struct Recall: Sendable, Hashable, Codable {
    public var campaignNumber: String
    public var manufacturer: String?
    public var component: String?
    public var summary: String?
    public var consequence: String?
    public var remedy: String?
    public var notes: String?
    public var modelYear: String?
    public var make: String?
    public var model: String?
    /// When NHTSA received the report (sent as DD/MM/YYYY).
    public var reportReceivedDate: CalendarDay?
    /// NHTSA advises not driving the vehicle until it is repaired.
    public var parkIt: Bool
    /// NHTSA advises parking outside (fire risk).
    public var parkOutside: Bool
    /// The remedy comes as an over-the-air update.
    public var overTheAirUpdate: Bool
}
