import Foundation
import Testing

@testable import HearthCloud

/// The patterns the OpenAPI document states give the same answers as the checks the server runs, on chosen
/// edge cases and on random strings.
@Suite("The stated naming and account rules match the checks")
struct StatedRulesTests {
    /// Whether `pattern` matches the whole of `text`, as JSON Schema reads a pattern anchored with `^…$`.
    static func matches(_ pattern: String, _ text: String) throws -> Bool {
        let expression = try NSRegularExpression(pattern: pattern)
        let whole = NSRange(text.startIndex..., in: text)
        return expression.firstMatch(in: text, range: whole)?.range == whole
    }

    static let edgeCases = [
        "", "a", "A", "0", "_", "_a", "-a", ".a", "a-b", "a_b", "a.b", "a:b", "a@b", "a+b", "a b", "a\n", "\na",
        "é", "aé", "a/b", "_defaultZone", "Zone-1.2", String(repeating: "a", count: 255),
        String(repeating: "a", count: 256),
        "a" + String(repeating: "é", count: 10), "ab\u{0}", "a\u{301}",
    ]

    /// Random strings over letters, digits, every punctuation the rules name, white space and a few non-ASCII characters.
    static func randomStrings(count: Int, maxLength: Int) -> [String] {
        let alphabet = Array("aZ09_-.:@+ /\t\né\u{a0}\u{301}\u{2028}") + ["é"]
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in
            String(
                (0..<Int.random(in: 0...maxLength, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)!
                })
        }
    }

    @Test("tokens are 43 base64url characters and never begin with a dash, which a command line reads as an option")
    func tokens() {
        // One in 64 base64url strings begins with "-"; among 5,000 tokens that would be about 78.
        let tokens = (0..<5_000).map { _ in SessionTokens.makeToken() }
        #expect(tokens.allSatisfy { !$0.hasPrefix("-") })
        #expect(
            tokens.allSatisfy {
                $0.count == 43 && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            })
        #expect(Set(tokens).count == tokens.count)
    }

    @Test("zone, record, type and field names")
    func names() throws {
        let rules: [(String, (String) -> String?)] = [
            (CloudNames.zonePattern, CloudNames.zoneProblem), (CloudNames.recordPattern, CloudNames.recordProblem),
            (CloudNames.recordPattern, CloudNames.subscriptionProblem),
            (CloudNames.typePattern, CloudNames.typeProblem),
            (CloudNames.typePattern, CloudNames.fieldProblem),
        ]
        for (pattern, problem) in rules {
            for text in Self.edgeCases + Self.randomStrings(count: 500, maxLength: 6) {
                #expect(
                    try Self.matches(pattern, text) == (problem(text) == nil),
                    "\(pattern) on \(text.debugDescription): \(problem(text) ?? "accepted")")
            }
        }
    }

    @Test("emails, with white space around them and not inside")
    func emails() throws {
        let chosen = [
            "me@example.com", " me@example.com\n", "\u{3000}me@example.com", "ME@Example.COM", "a@b.c", "a@b.c.",
            "a@.b.c", "a@bc",
            "@b.c", "a@@b.c", "a@b@c.d", "a b@c.d", "a@b .c", "a@b..c", "a\u{2028}b@c.d", "a\u{1c}b@c.d", "é@ü.de", "",
            " ", String(repeating: "a", count: 250) + "@b.cd", String(repeating: "a", count: 249) + "@b.cd",
            "a@b.c\u{301}",
            "a@b.\u{301}", ".@a.b", "a.@b.c",
        ]
        let random =
            Self.randomStrings(count: 2000, maxLength: 8).map { $0 + "@" + $0 }
            + Self.randomStrings(count: 2000, maxLength: 10)
        for text in chosen + random {
            let valid =
                try Self.matches(AccountRules.emailPattern, text)
                && text.unicodeScalars.count <= AccountRules.maxEmailLength
            #expect(
                valid == (AccountRules.emailProblem(text) == nil),
                "\(text.debugDescription): \(AccountRules.emailProblem(text) ?? "accepted")")
        }
    }

    @Test("password lengths count characters as JSON Schema does (Unicode scalars)")
    func passwords() {
        #expect(AccountRules.passwordProblem("1234567") != nil)
        #expect(AccountRules.passwordProblem("12345678") == nil)
        // Eight scalars that make four characters: JSON Schema counts eight.
        #expect(AccountRules.passwordProblem(String(repeating: "e\u{301}", count: 4)) == nil)
        #expect(AccountRules.passwordProblem(String(repeating: "é", count: 1024)) == nil)
        #expect(AccountRules.passwordProblem(String(repeating: "é", count: 1025)) != nil)
    }
}
