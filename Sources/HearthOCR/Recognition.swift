/// One character the engine read, with how sure it is and what else it considered.
public struct RecognizedSymbol: Sendable, Hashable, Codable {
    /// Another reading of the same character.
    public struct Alternative: Sendable, Hashable, Codable {
        /// The character or characters.
        public var text: String
        /// 0–100, on the engine's scale.
        public var confidence: Double

        public init(_ text: String, confidence: Double) {
            self.text = text
            self.confidence = confidence
        }
    }

    /// The character read (usually one letter or digit).
    public var text: String
    /// 0–100, on the engine's scale.
    public var confidence: Double
    /// Other readings the engine weighed, best first; may be empty.
    public var alternatives: [Alternative]

    public init(_ text: String, confidence: Double, alternatives: [Alternative] = []) {
        self.text = text
        self.confidence = confidence
        self.alternatives = alternatives
    }
}

/// What the engine read from one photo with one preprocessing pass.
public struct Recognition: Sendable, Hashable, Codable {
    /// The preprocessing pass that produced it (``Preprocessing/name``).
    public var pass: String
    /// The text, without surrounding white space.
    public var text: String
    /// The engine's mean confidence over the characters, 0–100.
    public var confidence: Double
    /// Character by character; empty when the engine gives no detail.
    public var symbols: [RecognizedSymbol]

    public init(pass: String, text: String, confidence: Double, symbols: [RecognizedSymbol] = []) {
        self.pass = pass
        self.text = text
        self.confidence = confidence
        self.symbols = symbols
    }

    /// ``symbols``, or one symbol per character of ``text`` at the mean confidence when there is no detail.
    public var symbolsOrText: [RecognizedSymbol] {
        if !symbols.isEmpty { return symbols }
        return text.filter { !$0.isWhitespace }.map { RecognizedSymbol(String($0), confidence: confidence) }
    }
}
