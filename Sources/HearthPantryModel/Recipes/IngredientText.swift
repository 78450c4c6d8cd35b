import Foundation
public import HearthCore

/// Reading an ingredient as people write it: "200 g flour", "1 1/2 cups milk", "3 eggs", "2,5 kg potatoes",
/// "½ tsp salt", "2-3 cloves garlic, minced", "1 (14 oz) can tomatoes", or just "salt" (no amount: to taste).
///
/// The text starts with an amount when it has one: a number (with a decimal point or comma), a fraction such as
/// 1/2 or ½, a whole number and a fraction ("1 1/2", "1½"), or a range of those ("2-3", "2 to 3", "½–1"), whose
/// upper end is kept as ``Ingredient/quantityMax``. The next word is the unit when ``Units`` knows it ("g",
/// "Tbsp.", "fl oz", "cups") or it is a kitchen measure Units keeps as a unit of its own ("pinch", "cloves",
/// "can"); the rest names the food. What is in brackets, what follows a comma, and a closing "to taste" are the
/// note: "2 cups flour, sifted" is 2 cups of flour, note "sifted". "A" or "an" before a unit is one ("a pinch of
/// salt"). A food without an amount counts 0, the way
/// recipes write "to taste".
///
/// ```swift
/// try IngredientText.parse("200 g flour")   // Ingredient(name: "flour", quantity: 200, unit: "g")
/// try IngredientText.parse("2-3 cloves garlic, minced")
///     // Ingredient(name: "garlic", quantity: 2, unit: "clove", quantityMax: 3, note: "minced")
/// try IngredientText.parse("200 g")         // throws: "200 g" names no food
/// IngredientText.read("200 g")              // Ingredient(name: "200 g", quantity: 0, unit: ""): kept as written
/// ```
public enum IngredientText {
    /// The ingredient `text` describes.
    /// - Throws: ``ServiceError`` (validation failed), quoting the text, when it is empty, names no food after
    ///   its amount, its amount is negative or zero, or a range's upper end is below its lower end.
    public static func parse(_ text: String) throws -> Ingredient {
        let trimmed = Validation.trimmed(text)
        guard !trimmed.isEmpty else {
            throw ServiceError.validationFailed(
                "An ingredient cannot be empty; write it like \"200 g flour\" or \"3 eggs\".")
        }
        var (body, notes) = splitNotes(normalized(trimmed))
        var words = body.split(whereSeparator: \.isWhitespace).map(String.init)
        if let first = words.first, first.hasPrefix("-"), number(String(first.dropFirst())) != nil {
            throw ServiceError.validationFailed(
                "Ingredient \"\(trimmed)\" has a negative amount; write it like \"200 g flour\".")
        }
        splitRunTogether(&words)
        // "a pinch of salt", "an 8 oz can": one of a unit.
        if words.count >= 3, ["a", "an"].contains(words[0].lowercased()), isUnit(words[1]) { words[0] = "1" }
        let range = amount(&words)
        guard let (amount, upper) = range else {
            let (name, taste) = toTaste(body)
            if let taste { notes.append(taste) }
            return Ingredient(name: name.isEmpty ? trimmed : name, quantity: 0, unit: "", note: note(notes))
        }
        guard amount > 0 else {
            throw ServiceError.validationFailed(
                "Ingredient \"\(trimmed)\" has an amount of 0; leave the amount out for \"to taste\", as in \"salt\".")
        }
        if let upper, upper < amount {
            throw ServiceError.validationFailed(
                "Ingredient \"\(trimmed)\" has a range that runs down, from \(Units.formatNumber(amount)) to \(Units.formatNumber(upper)); write the smaller amount first, as in \"2-3 eggs\"."
            )
        }
        var unit = ""
        if words.count >= 2, words[0].lowercased().hasPrefix("fl"),
            Units.unit(words[0] + " " + words[1]).dimension != .other
        {
            unit = Units.normalize(words[0] + " " + words[1])
            words.removeFirst(2)
        } else if let first = words.first, isUnit(first) {
            unit = Units.normalize(first)
            words.removeFirst()
        }
        if words.first?.lowercased() == "of" { words.removeFirst() }
        body = words.joined(separator: " ")
        let (name, taste) = toTaste(body)
        if let taste { notes.append(taste) }
        guard !name.isEmpty else {
            throw ServiceError.validationFailed(
                "Ingredient \"\(trimmed)\" names no food; write the food after the amount, as in \"200 g flour\".")
        }
        return Ingredient(
            name: name, quantity: Amount.clean(amount), unit: unit == Units.piece ? "" : unit,
            quantityMax: upper.flatMap { $0 == amount ? nil : Amount.clean($0) }, note: note(notes))
    }

    /// The ingredient `text` describes, or, when it cannot be read (``parse(_:)`` refuses it), the text itself as
    /// the food with no amount, so nothing written is lost. Nil only for blank text.
    public static func read(_ text: String) -> Ingredient? {
        let trimmed = Validation.trimmed(text)
        guard !trimmed.isEmpty else { return nil }
        return (try? parse(trimmed)) ?? Ingredient(name: trimmed, quantity: 0, unit: "")
    }

    /// Whether `word` is a unit: one ``Units`` converts, or a kitchen measure counted in itself.
    static func isUnit(_ word: String) -> Bool {
        let unit = Units.unit(word)
        guard !Units.simplified(word).isEmpty else { return false }
        return unit.dimension != .other || measures.contains(unit.symbol)
    }

    /// Kitchen measures that convert into nothing but themselves, in the singular.
    static let measures: Set<String> = [
        "pinch", "dash", "drop", "clove", "can", "tin", "jar", "bottle", "packet", "package", "pack", "bag", "box",
        "slice", "bunch", "handful", "sprig", "stick", "head", "stalk", "rib", "sheet", "cube", "fillet", "knob",
    ]

    /// Dashes read as hyphens, the fraction slash as a slash, and no-break spaces as spaces.
    private static func normalized(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\u{2013}", "\u{2014}", "\u{2212}": result.append("-")
            case "\u{2044}": result.append("/")
            case "\u{00A0}", "\u{202F}": result.append(" ")
            default: result.append(character)
            }
        }
        return result
    }

    /// `text` without what is in brackets and what follows the first comma (not a decimal comma between
    /// digits), which are returned as notes in the order written.
    private static func splitNotes(_ text: String) -> (String, [String]) {
        var body = ""
        var notes: [String] = []
        var inside = ""
        var depth = 0
        for character in text {
            if character == "(" {
                if depth > 0 { inside.append(character) }
                depth += 1
            } else if character == ")", depth > 0 {
                depth -= 1
                if depth == 0 {
                    notes.append(inside)
                    inside = ""
                    body.append(" ")
                } else {
                    inside.append(character)
                }
            } else if depth > 0 {
                inside.append(character)
            } else {
                body.append(character)
            }
        }
        if depth > 0 { body += "(" + inside }
        let characters = Array(body)
        for index in characters.indices where characters[index] == "," || characters[index] == ";" {
            let between =
                characters[index] == "," && index > 0 && index + 1 < characters.count
                && characters[index - 1].isNumber && characters[index + 1].isNumber
            if !between {
                notes.append(String(characters[(index + 1)...]))
                body = String(characters[..<index])
                break
            }
        }
        return (body, notes.map(Validation.trimmed).filter { !$0.isEmpty })
    }

    /// "salt to taste": the food, and "to taste" as a note.
    private static func toTaste(_ text: String) -> (String, String?) {
        let name = Validation.trimmed(text)
        if name.lowercased().hasSuffix(" to taste") {
            return (Validation.trimmed(String(name.dropLast(" to taste".count))), "to taste")
        }
        return (name, nil)
    }

    private static func note(_ notes: [String]) -> String? {
        notes.isEmpty ? nil : notes.joined(separator: ", ")
    }

    /// "200g" → "200", "g"; "2-3" → "2", "-", "3"; "200-250g" → "200", "-", "250", "g".
    private static func splitRunTogether(_ words: inout [String]) {
        guard let first = words.first, number(first) == nil else { return }
        var parts: [String] = []
        var rest = Substring(first)
        if let dash = rest.firstIndex(of: "-"), dash != rest.startIndex, number(String(rest[..<dash])) != nil {
            parts = [String(rest[..<dash]), "-"]
            rest = rest[rest.index(after: dash)...]
        }
        if number(String(rest)) != nil {
            parts.append(String(rest))
        } else if let split = rest.firstIndex(where: { !($0.isNumber || $0 == "." || $0 == "," || $0 == "/") }),
            split != rest.startIndex, number(String(rest[..<split])) != nil, isUnit(String(rest[split...]))
        {
            parts += [String(rest[..<split]), String(rest[split...])]
        } else {
            return
        }
        if !parts.isEmpty { words.replaceSubrange(0...0, with: parts) }
    }

    /// Reads an amount or a range off the front of `words`: (lower, upper); nil when they start with none.
    private static func amount(_ words: inout [String]) -> (Double, Double?)? {
        guard let lower = single(&words) else { return nil }
        if let joiner = words.first?.lowercased(), ["-", "to", "or"].contains(joiner), words.count > 1 {
            var rest = Array(words.dropFirst())
            if let upper = single(&rest) {
                words = rest
                // "1-1/2 cups", as American recipes write one and a half.
                if joiner == "-", upper < 1, lower == lower.rounded() { return (lower + upper, nil) }
                return (lower, upper)
            }
        }
        return (lower, nil)
    }

    /// "1", "1.5", "2,5", "1/2", "½", "1½", and "1 1/2" (a whole number, then a fraction).
    private static func single(_ words: inout [String]) -> Double? {
        guard let first = words.first, let value = number(first) else { return nil }
        words.removeFirst()
        if value == value.rounded(), let next = words.first, next.contains("/") || vulgar[next] != nil,
            let fraction = number(next), fraction < 1
        {
            words.removeFirst()
            return value + fraction
        }
        return value
    }

    /// The amount `word` writes, or nil when it is not one.
    static func number(_ word: String) -> Double? {
        if let value = vulgar[word] { return value }
        // "1½": a whole number run into a vulgar fraction.
        if let last = word.last, let fraction = vulgar[String(last)], word.count > 1, let whole = Int(word.dropLast()),
            whole >= 0
        {
            return Double(whole) + fraction
        }
        let parts = word.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2 {
            guard let top = Double(parts[0]), let bottom = Double(parts[1]), bottom > 0, top >= 0 else { return nil }
            return top / bottom
        }
        guard word.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }), word.first?.isNumber == true
        else { return nil }
        let value = Double(word.replacingOccurrences(of: ",", with: "."))
        return value.flatMap { $0.isFinite ? $0 : nil }
    }

    private static let vulgar: [String: Double] = [
        "½": 0.5, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "¼": 0.25, "¾": 0.75, "⅕": 0.2, "⅖": 0.4, "⅗": 0.6, "⅘": 0.8,
        "⅙": 1.0 / 6, "⅚": 5.0 / 6, "⅛": 0.125, "⅜": 0.375, "⅝": 0.625, "⅞": 0.875,
    ]
}
