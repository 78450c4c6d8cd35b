/// An odometer read from a photo: the mileage, how sure the reader is, and what to check.
public struct OdometerReading: Sendable, Hashable, Codable {
    /// A value the photo may show, with the evidence for it.
    public struct Candidate: Sendable, Hashable, Codable {
        /// The digits as read, leading zeros included (a digit-wheel counter shows them).
        public var text: String
        /// The digits as a number.
        public var value: Int
        /// 0–1: the engine's confidence in the digits, scaled by the share of passes that read them.
        public var confidence: Double
        /// How many preprocessing passes read exactly this.
        public var passes: Int
        /// Whether the value is plausible against the vehicle's last mileage (true when there is none).
        public var plausible: Bool
    }

    /// The mileage the photo most likely shows; nil when no digits were read.
    public var value: Int? { best?.value }
    /// 0–1; 0 when nothing was read.
    public var confidence: Double { best?.confidence ?? 0 }
    /// Every distinct reading, most likely first.
    public var candidates: [Candidate]
    /// The vehicle's last known mileage the reading was checked against, if any.
    public var lastMileage: Int?
    /// What to check before saving the value: a reading below the last mileage or far above it is flagged,
    /// never silently accepted.
    public var warnings: [OCRWarning]

    /// The most likely reading, if any.
    public var best: Candidate? { candidates.first }

    public init(candidates: [Candidate], lastMileage: Int?, warnings: [OCRWarning]) {
        self.candidates = candidates
        self.lastMileage = lastMileage
        self.warnings = warnings
    }

    enum CodingKeys: String, CodingKey { case value, confidence, candidates, lastMileage, warnings }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(value, forKey: .value)
        try container.encode(confidence, forKey: .confidence)
        try container.encode(candidates, forKey: .candidates)
        try container.encodeIfPresent(lastMileage, forKey: .lastMileage)
        try container.encode(warnings, forKey: .warnings)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        candidates = try container.decode([Candidate].self, forKey: .candidates)
        lastMileage = try container.decodeIfPresent(Int.self, forKey: .lastMileage)
        warnings = try container.decode([OCRWarning].self, forKey: .warnings)
    }
}
