/// Turns what the engine read from an odometer photo into a mileage, checked against the vehicle's last one.
///
/// Pure text work, so it is tested without an engine. Each preprocessing pass votes for the digits it
/// read; the value most passes agree on wins, and with a last mileage a plausible value beats an
/// implausible one.
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
        struct Tally { var text: String; var value: Int; var votes = 0; var confidenceSum = 0.0 }
        var tallies: [Int: Tally] = [:]
        for recognition in recognitions {
            let digits = recognition.text.filter { $0.isASCII && $0.isNumber }
            // Nine digits is beyond any odometer; such a reading is noise read as digits.
            guard !digits.isEmpty, digits.count <= 9, let value = Int(digits) else { continue }
            var tally = tallies[value] ?? Tally(text: digits, value: value)
            tally.votes += 1
            tally.confidenceSum += digitConfidence(recognition)
            tallies[value] = tally
        }
        let passes = max(1, recognitions.count)
        var candidates = tallies.values.map { tally in
            OdometerReading.Candidate(
                text: tally.text, value: tally.value,
                confidence: (tally.confidenceSum / Double(tally.votes)) / 100 * Double(tally.votes) / Double(passes),
                passes: tally.votes, plausible: isPlausible(tally.value, lastMileage: lastMileage))
        }
        candidates.sort { a, b in
            if a.plausible != b.plausible { return a.plausible }
            if a.passes != b.passes { return a.passes > b.passes }
            if a.confidence != b.confidence { return a.confidence > b.confidence }
            return a.value < b.value
        }
        return OdometerReading(candidates: candidates, lastMileage: lastMileage, warnings: warnings(candidates, lastMileage: lastMileage))
    }

    /// Whether `value` can follow `lastMileage`: not lower, and not more than ``maximumJump`` higher.
    public func isPlausible(_ value: Int, lastMileage: Int?) -> Bool {
        guard let lastMileage else { return true }
        return value >= lastMileage && value - lastMileage <= maximumJump
    }

    private func digitConfidence(_ recognition: Recognition) -> Double {
        let digits = recognition.symbols.filter { $0.text.allSatisfy { $0.isASCII && $0.isNumber } }
        guard !digits.isEmpty else { return recognition.confidence }
        return digits.map(\.confidence).reduce(0, +) / Double(digits.count)
    }

    private func warnings(_ candidates: [OdometerReading.Candidate], lastMileage: Int?) -> [OCRWarning] {
        guard let best = candidates.first else {
            return [OCRWarning(.nothingRead, "No digits could be read; retake the photo closer, level and evenly lit, or type the mileage.")]
        }
        var warnings: [OCRWarning] = []
        if let lastMileage {
            if best.value < lastMileage {
                warnings.append(OCRWarning(
                    .belowLastMileage,
                    "\(best.value) is below the vehicle's last mileage (\(lastMileage)); check the photo before saving it."))
            } else if best.value - lastMileage > maximumJump {
                warnings.append(OCRWarning(
                    .implausibleJump,
                    "\(best.value) is \(best.value - lastMileage) miles above the vehicle's last mileage (\(lastMileage)), more than \(maximumJump); check the photo before saving it."))
            }
        }
        if candidates.count > 1 {
            let others = candidates.dropFirst().map(\.text).joined(separator: ", ")
            warnings.append(OCRWarning(.passesDisagree, "Other readings of the photo: \(others)."))
        }
        if best.confidence < minimumConfidence {
            let percent = Int((best.confidence * 100).rounded())
            warnings.append(OCRWarning(.lowConfidence, "Only \(percent) % sure of \(best.text); compare it with the odometer."))
        }
        return warnings
    }
}
