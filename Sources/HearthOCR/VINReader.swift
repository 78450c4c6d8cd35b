import HearthCore

/// Turns what the engine read from a VIN photo into a VIN, using the check digit to choose among the
/// characters the engine confuses.
///
/// Pure text work, so it is tested without an engine. For each preprocessing pass:
/// 1. O, I and Q become 0, 1 and 0 (a VIN never holds them).
/// 2. Every character gets its alternatives: those the engine weighed, and the shapes OCR is known to
///    confuse (5/S, 8/B, 2/Z, 6/G, 1/L, 1/J, 0/D, 4/A, 7/T, 0/6, E/F, F/P). Position 9 must be a digit or X, position 10
///    a model-year code (not U, Z or 0), and positions 14–17 digits (ISO 3779), which rules some out.
/// 3. With 18 or 19 characters, one or two stray ones are dropped (the least sure first).
/// 4. The cheapest combination whose check digit matches is found exactly, by dynamic programming over
///    the check-digit sum modulo 11.
/// 5. A known maker code (``knownWMIs``) at the start takes ``knownWMIBonus`` off the cost.
/// Every pass's proposals are then priced in every pass and the cost averaged, so the passes' evidence
/// adds up; the cheapest wins.
///
/// ```swift
/// let reading = VINReader().read(recognitions)
/// print(reading.vin ?? "no VIN with a valid check digit in \(reading.text)")
/// ```
public struct VINReader: Sendable {
    /// Candidates costing more than this are not offered: too much of the VIN would be guessed.
    public var maximumCost: Double
    /// Pairs of characters OCR confuses, tried in both directions.
    public var confusions: [(Character, Character)]
    /// World manufacturer identifiers (a VIN's first three characters) known to exist; a reading that
    /// starts with one costs ``knownWMIBonus`` less. Empty by default: the garage passes its table.
    public var knownWMIs: Set<String>
    /// What starting with one of ``knownWMIs`` takes off a reading's cost (a static confusion costs 20–70).
    public var knownWMIBonus: Double

    public init(
        knownWMIs: Set<String> = [],
        knownWMIBonus: Double = 80,
        maximumCost: Double = 160,
        confusions: [(Character, Character)] = [
            ("5", "S"), ("8", "B"), ("2", "Z"), ("6", "G"), ("1", "L"), ("1", "J"), ("0", "D"), ("4", "A"), ("7", "T"),
            ("0", "6"), ("E", "F"), ("F", "P"),
        ]
    ) {
        self.knownWMIs = knownWMIs
        self.knownWMIBonus = knownWMIBonus
        self.maximumCost = maximumCost
        self.confusions = confusions
    }

    /// The VIN in `recognitions` (one per preprocessing pass).
    public func read(_ recognitions: [Recognition]) -> VINReading {
        let passes = recognitions.map { Self.cleaned($0.symbolsOrText).map(withConfusions) }
        let plainTexts = zip(recognitions, passes).map {
            (text: String($1.map(\.character)), confidence: $0.confidence)
        }
        // Every pass proposes its cheapest readings; each proposal is then priced in every pass, a pass that
        // cannot reach it counting as ``maximumCost``, so that the passes' evidence adds up.
        var votes: [String: Int] = [:]
        for symbols in passes {
            for (index, candidate) in candidates(symbols).enumerated() {
                votes[candidate.vin, default: 0] += index == 0 ? 1 : 0
            }
        }
        let count = Double(max(1, passes.count))
        let ranked =
            votes
            .compactMap { vin, passVotes -> VINReading.Candidate? in
                let costs = passes.map { cost(of: vin, in: $0) }
                guard let cheapest = costs.compactMap({ $0 }).min(), cheapest <= maximumCost else { return nil }
                let total = costs.map { min($0 ?? maximumCost, maximumCost) }.reduce(0, +)
                return VINReading.Candidate(vin: vin, cost: total / count, passes: passVotes)
            }
            .sorted { a, b in
                if a.cost != b.cost { return a.cost < b.cost }
                if a.passes != b.passes { return a.passes > b.passes }
                return a.vin < b.vin
            }
        // The plain text shown is the one of the most confident pass that read 17 characters, else of any.
        let plain =
            plainTexts.filter { $0.text.count == 17 }.max { $0.confidence < $1.confidence }
            ?? plainTexts.max { $0.confidence < $1.confidence }
        let text = plain?.text ?? ""
        guard let best = ranked.first else {
            let warning =
                text.isEmpty
                ? OCRWarning(
                    .nothingRead,
                    "No VIN could be read; retake the photo closer, level and evenly lit, or type the VIN.")
                : OCRWarning(
                    .checkDigitMismatch,
                    "No reading of \"\(text)\" has a matching check digit; compare it with the vehicle (makers outside North America may not use the check digit)."
                )
            return VINReading(vin: nil, text: text, confidence: 0, candidates: [], corrections: [], warnings: [warning])
        }
        let corrections = Self.corrections(from: text, to: best.vin)
        var warnings: [OCRWarning] = []
        if !corrections.isEmpty {
            let list = corrections.map { "position \($0.position): \($0.read) → \($0.corrected)" }.joined(
                separator: ", ")
            warnings.append(
                OCRWarning(
                    .correctedByCheckDigit,
                    "Corrected so that the check digit matches (\(list)); compare with the vehicle."))
        } else if text.count != 17 {
            warnings.append(
                OCRWarning(
                    .correctedByCheckDigit,
                    "Read \"\(text)\" (\(text.count) characters); stray characters were dropped so that the check digit matches."
                ))
        }
        if let second = ranked.dropFirst().first, second.cost - best.cost < 10 {
            warnings.append(
                OCRWarning(
                    .ambiguous, "\(second.vin) fits the photo almost as well as \(best.vin); compare with the vehicle.")
            )
        }
        let engineConfidence = (plain?.confidence ?? 0) / 100
        let confidence = min(1, engineConfidence / (1 + max(0, best.cost) / 50))
        if confidence < 0.5 {
            warnings.append(
                OCRWarning(
                    .lowConfidence,
                    "Only \(Int((confidence * 100).rounded())) % sure of \(best.vin); compare it with the vehicle."))
        }
        return VINReading(
            vin: best.vin, text: text, confidence: confidence, candidates: ranked, corrections: corrections,
            warnings: warnings)
    }

    // MARK: One pass

    /// A character as read, with what it could also be and at what cost.
    struct Position {
        var character: Character
        var confidence: Double
        var options: [Character: Double]
    }

    /// The symbols as single upper-case letters and digits, O/I/Q corrected.
    ///
    /// A VIN never holds I, O or Q, so when the engine reads one of them its own ranking of the characters a
    /// VIN may hold decides instead: an I is usually a 1, but when the engine rates J above 1 among its
    /// alternatives (a J whose hook it missed), J is the better guess. The corrected character (1 or 0) is
    /// ranked just below any alternative the engine named, and is chosen when it named none.
    static func cleaned(_ symbols: [RecognizedSymbol]) -> [Position] {
        symbols.compactMap { symbol in
            guard let character = correct(symbol.text) else { return nil }
            var options: [Character: Double] = [character: 0]
            if isCorrected(symbol.text) {
                var scores: [Character: Double] = [character: -1]
                for alternative in symbol.alternatives {
                    guard let other = correct(alternative.text) else { continue }
                    scores[other] = max(scores[other] ?? -.infinity, alternative.confidence)
                }
                let best = scores.values.max() ?? 0
                options = scores.mapValues { best - $0 }
                return Position(character: character, confidence: symbol.confidence, options: options)
            }
            for alternative in symbol.alternatives {
                guard let other = correct(alternative.text), other != character else { continue }
                // What the engine itself hesitated over is cheap to change.
                let cost = max(0, symbol.confidence - alternative.confidence) + 5
                options[other] = min(options[other] ?? .infinity, cost)
            }
            return Position(character: character, confidence: symbol.confidence, options: options)
        }
    }

    /// Whether `text` is a letter a VIN never holds (I, O or Q), which ``correct(_:)`` replaces.
    static func isCorrected(_ text: String) -> Bool {
        ["I", "O", "Q"].contains(text.uppercased().filter { !$0.isWhitespace })
    }

    /// `text` as one VIN character (O, I and Q corrected), or nil when it is not a letter or digit.
    static func correct(_ text: String) -> Character? {
        let trimmed = text.uppercased().filter { !$0.isWhitespace }
        guard trimmed.count == 1, let character = trimmed.first, character.isASCII,
            character.isLetter || character.isNumber
        else { return nil }
        switch character {
        case "O", "Q": return "0"
        case "I": return "1"
        default: return character
        }
    }

    /// The cheapest readings of one pass whose check digit matches, cheapest first.
    func candidates(_ symbols: [Position]) -> [VINReading.Candidate] {
        let extra = symbols.count - 17
        guard (0...2).contains(extra) else { return [] }
        var found: [String: Double] = [:]
        for dropped in Self.dropSets(count: symbols.count, extra: extra) {
            let dropCost = dropped.map { 10 + max(0, symbols[$0].confidence) }.reduce(0, +)
            let kept = symbols.indices.filter { !dropped.contains($0) }.map { symbols[$0] }
            for (vin, cost) in cheapestValid(kept) {
                let total = cost + dropCost
                found[vin] = min(found[vin] ?? .infinity, total)
            }
        }
        return found.map { VINReading.Candidate(vin: $0.key, cost: $0.value, passes: 1) }
            .sorted { $0.cost != $1.cost ? $0.cost < $1.cost : $0.vin < $1.vin }
            .prefix(3).map { $0 }
    }

    private static func dropSets(count: Int, extra: Int) -> [[Int]] {
        switch extra {
        case 0: return [[]]
        case 1: return (0..<count).map { [$0] }
        default: return (0..<count).flatMap { first in ((first + 1)..<count).map { [first, $0] } }
        }
    }

    func withConfusions(_ position: Position) -> Position {
        var result = position
        // A known confusion costs more the surer the engine was of what it read.
        let cost = 20 + max(0, position.confidence) / 2
        for (a, b) in confusions {
            for (from, to) in [(a, b), (b, a)] where from == position.character {
                result.options[to] = min(result.options[to] ?? .infinity, cost)
            }
        }
        return result
    }

    /// Up to three cheapest choices, one option per position, whose check digit matches: dynamic
    /// programming over the weighted sum modulo 11 of every position but the check digit's.
    private func cheapestValid(_ positions: [Position]) -> [(String, Double)] {
        precondition(positions.count == 17)
        typealias Partial = (cost: Double, characters: [Character])
        let keep = 3
        var table: [[Partial]] = Array(repeating: [], count: 11)
        table[0] = [(0, [])]
        for index in 0..<17 where index != 8 {
            var next: [[Partial]] = Array(repeating: [], count: 11)
            for (character, cost) in allowed(positions[index].options, at: index) {
                guard let value = Validation.vinCharacterValue(character) else { continue }
                let add = value * Validation.vinWeights[index]
                for residue in 0..<11 {
                    for partial in table[residue] {
                        next[(residue + add) % 11].append((partial.cost + cost, partial.characters + [character]))
                    }
                }
            }
            if index == 2 { next = next.map { $0.map { ($0.cost - bonus(String($0.characters)), $0.characters) } } }
            table = next.map { Array($0.sorted { $0.cost < $1.cost }.prefix(keep)) }
        }
        var results: [(String, Double)] = []
        for (character, cost) in allowed(positions[8].options, at: 8) {
            let residue = character == "X" ? 10 : (character.wholeNumberValue ?? -1)
            guard (0..<11).contains(residue) else { continue }
            for partial in table[residue] {
                var characters = partial.characters
                characters.insert(character, at: 8)
                results.append((String(characters), partial.cost + cost))
            }
        }
        return Array(results.sorted { $0.1 < $1.1 }.prefix(keep))
    }

    /// The options a position may take: position 9 a digit or X, position 10 (the model year) neither U, Z
    /// nor 0, positions 14–17 digits, all VIN characters.
    private func allowed(_ options: [Character: Double], at index: Int) -> [(Character, Double)] {
        options.filter { character, _ in
            guard Validation.vinCharacters.contains(character) else { return false }
            if index == 8 { return character.isNumber || character == "X" }
            if index == 9 { return !["U", "Z", "0"].contains(character) }
            if index >= 13 { return character.isNumber }
            return true
        }
        .sorted { $0.key < $1.key }
        .map { ($0.key, $0.value) }
    }

    private func bonus(_ wmi: String) -> Double { knownWMIs.contains(wmi) ? knownWMIBonus : 0 }

    /// What turning one pass's `symbols` into `vin` costs, dropping stray characters as ``candidates(_:)``
    /// does, less the known-WMI bonus; nil when its options cannot spell `vin`.
    func cost(of vin: String, in symbols: [Position]) -> Double? {
        let target = Array(vin)
        let extra = symbols.count - target.count
        guard (0...2).contains(extra) else { return nil }
        var best: Double?
        for dropped in Self.dropSets(count: symbols.count, extra: extra) {
            var total = dropped.map { 10 + max(0, symbols[$0].confidence) }.reduce(0, +)
            var reachable = true
            for (index, position) in symbols.indices.filter({ !dropped.contains($0) }).enumerated() {
                guard let option = symbols[position].options[target[index]] else {
                    reachable = false
                    break
                }
                total += option
            }
            if reachable { best = min(best ?? .infinity, total) }
        }
        return best.map { $0 - bonus(String(vin.prefix(3))) }
    }

    static func corrections(from text: String, to vin: String) -> [VINReading.Correction] {
        guard text.count == vin.count else { return [] }
        return zip(text, vin).enumerated().compactMap { index, pair in
            pair.0 == pair.1
                ? nil : VINReading.Correction(position: index + 1, read: String(pair.0), corrected: String(pair.1))
        }
    }
}
