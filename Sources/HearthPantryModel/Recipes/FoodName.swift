import HearthCore

/// Matching food by name the way people write it: "Tomatoes", "tomato" and " TOMATO " are one food, and so are
/// "Jalapeño" and "jalapenos".
///
/// ``key(_:)`` folds case, accents and width, turns punctuation into spaces, and brings each word to a common
/// stem for simple English plurals (-s, -es after ch/sh/x/o/ss, -ies). Irregular plurals (leaves, geese) are
/// not handled.
public enum FoodName {
    /// The key two names share when they name the same food.
    public static func key(_ name: String) -> String {
        let folded = TextSearch.fold(name)
        let words = folded.split { !($0.isLetter || $0.isNumber) }
        return words.map { stem(singular(String($0))) }.joined(separator: " ")
    }

    /// Whether `lhs` and `rhs` name the same food.
    public static func matches(_ lhs: String, _ rhs: String) -> Bool { key(lhs) == key(rhs) }

    /// `word` (lower case) in the singular by simple English rules: "berries" → "berry", "peaches" → "peach",
    /// "tomatoes" → "tomato", "cans" → "can"; words ending in -ss, -us or -is stay as they are.
    static func singular(_ word: String) -> String {
        guard word.count > 3, word.hasSuffix("s") else { return word }
        if word.hasSuffix("ss") || word.hasSuffix("us") || word.hasSuffix("is") { return word }
        if word.hasSuffix("ies"), word.count > 4 { return String(word.dropLast(3)) + "y" }
        for ending in ["sses", "ches", "shes", "xes", "oes"] where word.hasSuffix(ending) {
            return String(word.dropLast(2))
        }
        return String(word.dropLast())
    }

    /// The spelling-neutral end of a singular word, so "cookie" and "cooky" (from "cookies") meet: a final
    /// consonant + y, or -ie, becomes -i.
    private static func stem(_ word: String) -> String {
        if word.hasSuffix("ie"), word.count > 2 { return String(word.dropLast()) }
        if word.hasSuffix("y"), word.count > 2 {
            let before = word[word.index(word.endIndex, offsetBy: -2)]
            if !"aeiou".contains(before) { return String(word.dropLast()) + "i" }
        }
        return word
    }
}
