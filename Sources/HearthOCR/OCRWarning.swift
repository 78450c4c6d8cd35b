/// Something about a reading a person should check before trusting it.
public struct OCRWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What kind of warning this is; new kinds can be added without breaking callers.
    public struct Code: Sendable, Hashable, Codable, CustomStringConvertible {
        /// A stable, machine-readable name such as `"BELOW_LAST_MILEAGE"`.
        public let rawValue: String

        public init(_ rawValue: String) { self.rawValue = rawValue }

        /// Nothing usable was read.
        public static let nothingRead = Code("NOTHING_READ")
        /// The engine was not sure of the characters.
        public static let lowConfidence = Code("LOW_CONFIDENCE")
        /// The preprocessing passes read different things.
        public static let passesDisagree = Code("PASSES_DISAGREE")
        /// An odometer reading is lower than the vehicle's last known mileage.
        public static let belowLastMileage = Code("BELOW_LAST_MILEAGE")
        /// An odometer reading is implausibly far above the vehicle's last known mileage.
        public static let implausibleJump = Code("IMPLAUSIBLE_JUMP")
        /// Characters were changed beyond O/I/Q so that the VIN's check digit matches.
        public static let correctedByCheckDigit = Code("CORRECTED_BY_CHECK_DIGIT")
        /// No reading has a matching check digit.
        public static let checkDigitMismatch = Code("CHECK_DIGIT_MISMATCH")
        /// Another candidate is almost as likely as the chosen one.
        public static let ambiguous = Code("AMBIGUOUS")

        public var description: String { rawValue }

        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(String.self)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }

    /// What kind of warning this is.
    public var code: Code
    /// What to check, in a sentence.
    public var message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
