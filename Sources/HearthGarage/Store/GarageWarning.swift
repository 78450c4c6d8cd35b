import Foundation

/// Something about an entry that looks wrong but is allowed: it is saved, and the user is told.
public struct GarageWarning: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Which check raised it.
    public struct Code: RawRepresentable, Hashable, Sendable, Codable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The new reading is below one recorded in the previous 60 days.
        public static let mileageDecreased = Code(rawValue: "MILEAGE_DECREASED")
        /// The new reading is over 50,000 miles past the last one.
        public static let mileageJump = Code(rawValue: "MILEAGE_JUMP")
        /// The cost is over five times the median of the vehicle's earlier costs.
        public static let unusualCost = Code(rawValue: "UNUSUAL_COST")
        /// The VIN's check digit does not match (normal outside North America).
        public static let vinCheckDigit = Code(rawValue: "VIN_CHECK_DIGIT")
    }

    public var code: Code
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}

extension Int {
    /// The number with thousands separators: 106,421.
    var grouped: String { formatted(.number.locale(Locale(identifier: "en_US"))) }
}
