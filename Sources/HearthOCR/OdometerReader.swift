/// Turns what the engine read from an odometer photo into a mileage, checked against the vehicle's last one.
///
/// Pure text work, so it is tested without an engine. Each preprocessing pass votes for the digits it
/// read, position by position among the passes that read as many digits as most did: each position takes
/// the digit most passes read there (then the surer, then the one the engine offered as an alternative
/// more), so that passes which each misread a different digit still agree on the mileage. With a last
/// mileage a plausible value beats an implausible one.
///
/// ```swift
/// let reading = OdometerReader().read(recognitions, lastMileage: 42_000)
/// if reading.warnings.isEmpty, let miles = reading.value { save(miles) }
/// ```
public struct OdometerReader: Sendable {
    /// A reading more than this far above the last mileage is flagged (the garage's soft-warning rule).
    public var maximumJump: Int
    /// Below this confidence (0–1) a reading is flagged.
    public var minimumConfidence: Double

    public init(maximumJump: Int = 50_000, minimumConfidence: Double = 0.6) {
        self.maximumJump = maximumJump
        self.minimumConfidence = minimumConfidence
    }

    /// The mileage in `recognitions` (one per preprocessing pass), checked against `lastMileage`.
    public func read(_ recognitions: [Recognition], lastMileage: Int? = nil) -> OdometerReading {
        struct Tally {
            var text: String
            var value: Int
            var votes = 0
            var confidenceSum = 0.0
        }
        var tallies: [Int: Tally] = [:]
        var readings: [[RecognizedSymbol]] = []
        for recognition in recognitions {
            let digits = Self.digits(of: recognition)
            let text = String(digits.map { $0.text }.joined())
            // Nine digits is beyond any odometer; such a reading is noise read as digits.
            guard !digits.isEmpty, digits.count <= 9, let value = Int(text) else { continue }
            readings.append(digits)
            var tally = tallies[value] ?? Tally(text: text, value: value)
            tally.votes += 1
            tally.confidenceSum += digits.map(\.confidence).reduce(0, +) / Double(digits.count)
            tallies[value] = tally
        }
        let passes = max(1, recognitions.count)
        let consensus = Self.consensus(of: readings, passes: passes)
        if let consensus, let value = Int(consensus.text), tallies[value] == nil {
            // No single pass read it: it stands on the passes that agree with it digit by digit.
            tallies[value] = Tally(text: consensus.text, value: value, votes: 0, confidenceSum: 0)
        }
        var candidates = tallies.values.map { tally in
            OdometerReading.Candidate(
                text: tally.text, value: tally.value,
                confidence: tally.votes > 0
                    ? (tally.confidenceSum / Double(tally.votes)) / 100 * Double(tally.votes) / Double(passes)
                    : consensus?.confidence ?? 0,
                passes: tally.votes, plausible: isPlausible(tally.value, lastMileage: lastMileage))
        }
        let consensusValue = consensus.flatMap { Int($0.text) }
        candidates.sort { a, b in
            if a.plausible != b.plausible { return a.plausible }
            if (a.value == consensusValue) != (b.value == consensusValue) { return a.value == consensusValue }
            if a.passes != b.passes { return a.passes > b.passes }
            if a.confidence != b.confidence { return a.confidence > b.confidence }
            return a.value < b.value
        }
        return OdometerReading(
            candidates: candidates, lastMileage: lastMileage, warnings: warnings(candidates, lastMileage: lastMileage))
    }

    /// The digits of one pass as symbols: the engine's own when it gave them, else the text's at the pass's
    /// confidence.
    static func digits(of recognition: Recognition) -> [RecognizedSymbol] {
        let isDigit: (Character) -> Bool = { $0.isASCII && $0.isNumber }
        let symbols = recognition.symbols.filter { $0.text.count == 1 && $0.text.allSatisfy(isDigit) }
        let text = recognition.text.filter(isDigit)
        if !recognition.symbols.isEmpty, symbols.count == text.count { return symbols }
        return text.map { RecognizedSymbol(String($0), confidence: recognition.confidence) }
    }

    /// The reading voted for position by position among the passes that read the most common number of
    /// digits (ties: the surer group), with its confidence: at each position the engine's confidence summed
    /// over the passes that read the chosen digit, as a share of all `passes`, averaged over the positions.
    /// Nil without readings.
    static func consensus(of readings: [[RecognizedSymbol]], passes: Int) -> (text: String, confidence: Double)? {
        func weight(_ group: [[RecognizedSymbol]]) -> (Int, Double) {
            let symbols = group.flatMap { $0 }
            return (group.count, symbols.map(\.confidence).reduce(0, +) / Double(max(1, symbols.count)))
        }
        let groups = Dictionary(grouping: readings, by: \.count).values
        guard let group = groups.max(by: { weight($0) < weight($1) }), let length = group.first?.count else {
            return nil
        }
        struct Vote: Comparable {
            var count = 0, confidence = 0.0, alternatives = 0.0
            static func < (a: Vote, b: Vote) -> Bool {
                (a.count, a.confidence, a.alternatives) < (b.count, b.confidence, b.alternatives)
            }
        }
        var text = ""
        var support = 0.0
        for position in 0..<length {
            var votes: [String: Vote] = [:]
            for symbol in group.map({ $0[position] }) {
                votes[symbol.text, default: Vote()].count += 1
                votes[symbol.text, default: Vote()].confidence += symbol.confidence
                for alternative in symbol.alternatives
                where alternative.text.count == 1 && alternative.text.allSatisfy(\.isNumber) {
                    votes[alternative.text, default: Vote()].alternatives += alternative.confidence
                }
            }
            // Most votes, then the surest, then the likeliest alternative; then the lower digit, to be deterministic.
            guard let (digit, vote) = votes.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key })
            else { return nil }
            text += digit
            support += vote.confidence / 100 / Double(max(1, passes))
        }
        return (text, support / Double(length))
    }

    /// Whether `value` can follow `lastMileage`: not lower, and not more than ``maximumJump`` higher.
    public func isPlausible(_ value: Int, lastMileage: Int?) -> Bool {
        guard let lastMileage else { return true }
        return value >= lastMileage && value - lastMileage <= maximumJump
    }

    private func warnings(_ candidates: [OdometerReading.Candidate], lastMileage: Int?) -> [OCRWarning] {
        guard let best = candidates.first else {
            return [
                OCRWarning(
                    .nothingRead,
                    "No digits could be read; retake the photo closer, level and evenly lit, or type the mileage.")
            ]
        }
        var warnings: [OCRWarning] = []
        if let lastMileage {
            if best.value < lastMileage {
                warnings.append(
                    OCRWarning(
                        .belowLastMileage,
                        "\(best.value) is below the vehicle's last mileage (\(lastMileage)); check the photo before saving it."
                    ))
            } else if best.value - lastMileage > maximumJump {
                warnings.append(
                    OCRWarning(
                        .implausibleJump,
                        "\(best.value) is \(best.value - lastMileage) miles above the vehicle's last mileage (\(lastMileage)), more than \(maximumJump); check the photo before saving it."
                    ))
            }
        }
        if candidates.count > 1 {
            let others = candidates.dropFirst().map(\.text).joined(separator: ", ")
            warnings.append(OCRWarning(.passesDisagree, "Other readings of the photo: \(others)."))
        }
        if best.confidence < minimumConfidence {
            let percent = Int((best.confidence * 100).rounded())
            warnings.append(
                OCRWarning(.lowConfidence, "Only \(percent) % sure of \(best.text); compare it with the odometer."))
        }
        return warnings
    }
}
