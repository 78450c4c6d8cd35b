import Foundation
public import HearthCore

/// Reading an ingredient as people write it: "200 g flour", "1 1/2 cups milk", "3 eggs", "2,5 kg potatoes",
/// "½ tsp salt", or just "salt" (no amount: to taste).
///
/// The text starts with an amount (a number, a fraction such as 1/2 or ½, or both) when it has one; the next
/// word is the unit when ``Units`` knows it ("g", "Tbsp.", "fl oz", "pieces"), and the rest names the food.
/// A food without an amount counts 0, the way recipes write "to taste".
///
/// ```swift
/// try IngredientText.parse("200 g flour")   // Ingredient(name: "flour", quantity: 200, unit: "g")
/// try IngredientText.parse("3 eggs")        // Ingredient(name: "eggs", quantity: 3, unit: "")
/// try IngredientText.parse("200 g")         // throws: "200 g" names no food
/// ```
public enum IngredientText {
    /// The ingredient `text` describes.
    /// - Throws: ``ServiceError`` (validation failed), quoting the text, when it is empty, names no food after
    ///   its amount, or its amount is negative or zero.
    public static func parse(_ text: String) throws -> Ingredient {
        let trimmed = Validation.trimmed(text)
        guard !trimmed.isEmpty else {
            throw ServiceError.validationFailed(
                "An ingredient cannot be empty; write it like \"200 g flour\" or \"3 eggs\".")
        }
        var words = trimmed.split(whereSeparator: \.isWhitespace).map(String.init)
        if let first = words.first, first.hasPrefix("-"), number(String(first.dropFirst())) != nil {
            throw ServiceError.validationFailed(
                "Ingredient \"\(trimmed)\" has a negative amount; write it like \"200 g flour\".")
        }
        // "200g flour": an amount run into a known unit.
        if let first = words.first, number(first) == nil,
            let split = first.firstIndex(where: { !($0.isNumber || $0 == "." || $0 == ",") }),
            split != first.startIndex, number(String(first[..<split])) != nil,
            Units.unit(String(first[split...])).dimension != .other
        {
            words.replaceSubrange(0...0, with: [String(first[..<split]), String(first[split...])])
        }
        var quantity: Double?
        // "1", "1.5", "2,5", "1/2", "½", "1½", and "1 1/2" (a whole number, then a fraction).
        if let first = words.first, let value = number(first) {
            quantity = value
            words.removeFirst()
            if value == value.rounded(), let next = words.first, next.contains("/") || vulgar[next] != nil,
                let fraction = number(next), fraction < 1
            {
                quantity = value + fraction
                words.removeFirst()
            }
        }
        guard let amount = quantity else {
            return Ingredient(name: trimmed, quantity: 0, unit: "")
        }
        guard amount > 0 else {
            throw ServiceError.validationFailed(
                "Ingredient \"\(trimmed)\" has an amount of 0; leave the amount out for \"to taste\", as in \"salt\".")
        }
        var unit = ""
        if words.count >= 2, Units.unit(words[0] + " " + words[1]).dimension != .other,
            words[0].lowercased().hasPrefix("fl")
        {
            unit = Units.normalize(words[0] + " " + words[1])
            words.removeFirst(2)
        } else if let first = words.first, Units.unit(first).dimension != .other, !Units.simplified(first).isEmpty {
            unit = Units.normalize(first)
            words.removeFirst()
        }
        if words.first?.lowercased() == "of" { words.removeFirst() }
        let name = words.joined(separator: " ")
        guard !name.isEmpty else {
            throw ServiceError.validationFailed(
                "Ingredient \"\(trimmed)\" names no food; write the food after the amount, as in \"200 g flour\".")
        }
        return Ingredient(name: name, quantity: Amount.clean(amount), unit: unit == Units.piece ? "" : unit)
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
        "½": 0.5, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "¼": 0.25, "¾": 0.75, "⅕": 0.2, "⅛": 0.125, "⅜": 0.375, "⅝": 0.625,
        "⅞": 0.875,
    ]
}
