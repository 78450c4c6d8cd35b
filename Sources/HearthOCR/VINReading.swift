/// A VIN read from a photo: the VIN chosen by its check digit, the evidence, and what to check.
public struct VINReading: Sendable, Hashable, Codable {
    /// A 17-character reading whose check digit matches.
    public struct Candidate: Sendable, Hashable, Codable {
        /// The 17 characters.
        public var vin: String
        /// How far it is from what the engine read, averaged over the passes: 0 when only O, I and Q were
        /// corrected; each further change costs more the surer the engine was of the character it replaces;
        /// a known maker code (``VINReader/knownWMIs``) takes a bonus off, so it can fall below 0.
        public var cost: Double
        /// How many preprocessing passes chose it as their best.
        public var passes: Int

        public init(vin: String, cost: Double, passes: Int) {
            self.vin = vin
            self.cost = cost
            self.passes = passes
        }
    }

    /// A character changed from what the engine read.
    public struct Correction: Sendable, Hashable, Codable {
        /// 1–17.
        public var position: Int
        /// What the engine read there.
        public var read: String
        /// What the VIN has there.
        public var corrected: String

        public init(position: Int, read: String, corrected: String) {
            self.position = position
            self.read = read
            self.corrected = corrected
        }
    }

    /// The VIN, when a reading with a matching check digit was found.
    public var vin: String?
    /// What the engine read, with only O→0, I→1, Q→0 applied and spaces removed.
    public var text: String
    /// 0–1 (a heuristic: the engine's confidence, the passes' agreement and the corrections needed).
    public var confidence: Double
    /// Readings with a matching check digit, most likely first.
    public var candidates: [Candidate]
    /// How ``vin`` differs from ``text``, beyond O, I and Q.
    public var corrections: [Correction]
    /// What to check before saving the VIN.
    public var warnings: [OCRWarning]

    public init(
        vin: String?, text: String, confidence: Double, candidates: [Candidate], corrections: [Correction],
        warnings: [OCRWarning]
    ) {
        self.vin = vin
        self.text = text
        self.confidence = confidence
        self.candidates = candidates
        self.corrections = corrections
        self.warnings = warnings
    }
}
