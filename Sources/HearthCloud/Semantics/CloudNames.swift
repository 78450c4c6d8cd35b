public import HearthCloudModel

/// The naming rules for zones, records, record types, fields and subscriptions. Names that break them are
/// refused with `BAD_REQUEST` and a reason that states the rule.
public enum CloudNames {
    /// Zone names: a letter, digit or `_`, then letters, digits and `- _ .`, at most 255.
    public static func zoneProblem(_ name: String) -> String? {
        check(name, what: "Zone name", first: isAlnum, rest: { isAlnum($0) || "-_.".contains($0) }, firstRule: "a letter or digit", restRule: "letters, digits, -, _ and .", allowUnderscoreStart: true)
    }

    /// Record names: a letter or digit, then letters, digits and `- _ . : @ +`, at most 255.
    public static func recordProblem(_ name: String) -> String? {
        check(name, what: "Record name", first: isAlnum, rest: { isAlnum($0) || "-_.:@+".contains($0) }, firstRule: "a letter or digit", restRule: "letters, digits, -, _, ., :, @ and +", allowUnderscoreStart: false)
    }

    /// Record type names: a letter, then letters, digits and `_`, at most 255.
    public static func typeProblem(_ name: String) -> String? {
        check(name, what: "Record type", first: isLetter, rest: { isAlnum($0) || $0 == "_" }, firstRule: "a letter", restRule: "letters, digits and _", allowUnderscoreStart: false)
    }

    /// Field names: a letter, then letters, digits and `_`, at most 255.
    public static func fieldProblem(_ name: String) -> String? {
        check(name, what: "Field name", first: isLetter, rest: { isAlnum($0) || $0 == "_" }, firstRule: "a letter", restRule: "letters, digits and _", allowUnderscoreStart: false)
    }

    /// Subscription ids: like record names.
    public static func subscriptionProblem(_ name: String) -> String? {
        check(name, what: "Subscription id", first: isAlnum, rest: { isAlnum($0) || "-_.:@+".contains($0) }, firstRule: "a letter or digit", restRule: "letters, digits, -, _, ., :, @ and +", allowUnderscoreStart: false)
    }

    private static func isLetter(_ c: Character) -> Bool { c.isASCII && c.isLetter }
    private static func isAlnum(_ c: Character) -> Bool { c.isASCII && (c.isLetter || c.isNumber) }

    private static func check(
        _ name: String, what: String, first: (Character) -> Bool, rest: (Character) -> Bool,
        firstRule: String, restRule: String, allowUnderscoreStart: Bool
    ) -> String? {
        let shown = name.count > 40 ? String(name.prefix(40)) + "…" : name
        guard !name.isEmpty else { return "\(what) is empty; give one of 1 to 255 characters." }
        guard name.utf8.count <= 255 else { return "\(what) \"\(shown)\" is \(name.utf8.count) bytes long; use at most 255." }
        let head = name.first!
        guard first(head) || (allowUnderscoreStart && head == "_") else {
            return "\(what) \"\(shown)\" must start with \(firstRule)."
        }
        if let bad = name.dropFirst().first(where: { !rest($0) }) {
            return "\(what) \"\(shown)\" contains \"\(bad)\"; use only \(restRule)."
        }
        return nil
    }
}
