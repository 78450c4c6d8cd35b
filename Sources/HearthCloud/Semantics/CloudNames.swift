import HearthCloudModel

/// The naming rules for zones, records, record types, fields and subscriptions. Names that break them are
/// refused with `BAD_REQUEST` and a reason that states the rule.
///
/// The OpenAPI document states each rule as the pattern beside it; a test holds the patterns and the checks to
/// the same answers.
public enum CloudNames {
    /// ``zoneProblem(_:)`` as a regular expression.
    public static let zonePattern = "^[A-Za-z0-9_][A-Za-z0-9_.-]{0,254}$"
    /// ``recordProblem(_:)`` (and ``subscriptionProblem(_:)``) as a regular expression.
    public static let recordPattern = "^[A-Za-z0-9][A-Za-z0-9_.:@+-]{0,254}$"
    /// ``typeProblem(_:)`` and ``fieldProblem(_:)`` as a regular expression.
    public static let typePattern = "^[A-Za-z][A-Za-z0-9_]{0,254}$"

    /// Zone names: a letter, digit or `_`, then letters, digits and `- _ .`, at most 255.
    public static func zoneProblem(_ name: String) -> String? {
        check(
            name, what: "Zone name", first: isAlnum, rest: { isAlnum($0) || $0 == 45 || $0 == 95 || $0 == 46 },
            firstRule: "a letter or digit", restRule: "letters, digits, -, _ and .", allowUnderscoreStart: true)
    }

    /// Record names: a letter or digit, then letters, digits and `- _ . : @ +`, at most 255.
    public static func recordProblem(_ name: String) -> String? {
        check(
            name, what: "Record name", first: isAlnum, rest: isRecordNameByte, firstRule: "a letter or digit",
            restRule: "letters, digits, -, _, ., :, @ and +", allowUnderscoreStart: false)
    }

    /// Record type names: a letter, then letters, digits and `_`, at most 255.
    public static func typeProblem(_ name: String) -> String? {
        check(
            name, what: "Record type", first: isLetter, rest: { isAlnum($0) || $0 == 95 }, firstRule: "a letter",
            restRule: "letters, digits and _", allowUnderscoreStart: false)
    }

    /// Field names: a letter, then letters, digits and `_`, at most 255.
    public static func fieldProblem(_ name: String) -> String? {
        check(
            name, what: "Field name", first: isLetter, rest: { isAlnum($0) || $0 == 95 }, firstRule: "a letter",
            restRule: "letters, digits and _", allowUnderscoreStart: false)
    }

    /// Subscription ids: like record names.
    public static func subscriptionProblem(_ name: String) -> String? {
        check(
            name, what: "Subscription id", first: isAlnum, rest: isRecordNameByte, firstRule: "a letter or digit",
            restRule: "letters, digits, -, _, ., :, @ and +", allowUnderscoreStart: false)
    }

    private static func isLetter(_ c: UInt8) -> Bool { (65...90).contains(c) || (97...122).contains(c) }
    private static func isAlnum(_ c: UInt8) -> Bool { isLetter(c) || (48...57).contains(c) }
    private static func isRecordNameByte(_ c: UInt8) -> Bool {
        switch c {
        case 45, 95, 46, 58, 64, 43: true
        default: isAlnum(c)
        }
    }

    private static func check(
        _ name: String, what: String, first: (UInt8) -> Bool, rest: (UInt8) -> Bool,
        firstRule: String, restRule: String, allowUnderscoreStart: Bool
    ) -> String? {
        let utf8 = name.utf8
        guard let head = utf8.first else { return "\(what) is empty; give one of 1 to 255 characters." }
        var shown: String { name.count > 40 ? String(name.prefix(40)) + "…" : name }
        guard utf8.count <= 255 else { return "\(what) \"\(shown)\" is \(utf8.count) bytes long; use at most 255." }
        guard first(head) || (allowUnderscoreStart && head == UInt8(ascii: "_")) else {
            return "\(what) \"\(shown)\" must start with \(firstRule)."
        }
        if utf8.dropFirst().allSatisfy(rest) { return nil }
        let bad =
            name.dropFirst().first { character in !character.utf8.allSatisfy(rest) || character.utf8.count != 1 } ?? "?"
        return "\(what) \"\(shown)\" contains \"\(bad)\"; use only \(restRule)."
    }
}
