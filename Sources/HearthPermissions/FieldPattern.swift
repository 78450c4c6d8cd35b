/// The fields a rule is limited to, matched the way CASL's `fieldPatternMatcher` matches them.
///
/// Without a star a field must be named exactly. With stars, a run of `*` stands for characters other
/// than `.`, and `**` for any characters; a star run with its dots at the end of a pattern is optional
/// (`author.*` matches `author`, `author.name`, not `author.address.street`; `author.**` matches all
/// three). A star run matches at least one character when the pattern starts with a star or the run sits
/// between two dots (`*.name`, `author.*.name`), and may match none otherwise (`street*` matches `street`).
struct FieldPattern: Sendable {
    private let names: Set<String>
    private let patterns: [[Token]]

    init(_ fields: [String]) {
        if fields.contains(where: { $0.contains("*") }) {
            names = []
            patterns = fields.map(Self.tokens)
        } else {
            names = Set(fields)
            patterns = []
        }
    }

    func matches(_ field: String) -> Bool {
        if patterns.isEmpty { return names.contains(field) }
        let characters = Array(field)
        return patterns.contains { Self.match($0, characters, 0, 0) }
    }

    private enum Token: Sendable {
        case literal(Character)
        /// `\.?` `*+` `\.?`: a run of stars with the dots next to it.
        case stars(Stars)
    }

    private struct Stars: Sendable {
        var leadingDot: Bool
        var trailingDot: Bool
        /// `**` crosses dots; `*` does not.
        var crossesDots: Bool
        var atLeastOne: Bool
        /// At the end of the pattern, the whole run (dots included) may be left out.
        var optional: Bool
    }

    private static func tokens(_ pattern: String) -> [Token] {
        let characters = Array(pattern)
        let startsWithStar = characters.first == "*"
        var tokens: [Token] = []
        var index = 0
        while index < characters.count {
            let startsRun =
                characters[index] == "*"
                || (characters[index] == "." && index + 1 < characters.count && characters[index + 1] == "*")
            guard startsRun else {
                tokens.append(.literal(characters[index]))
                index += 1
                continue
            }
            let leadingDot = characters[index] == "."
            if leadingDot { index += 1 }
            var count = 0
            while index < characters.count, characters[index] == "*" {
                count += 1
                index += 1
            }
            let trailingDot = index < characters.count && characters[index] == "."
            if trailingDot { index += 1 }
            tokens.append(
                .stars(
                    Stars(
                        leadingDot: leadingDot,
                        trailingDot: trailingDot,
                        crossesDots: count > 1,
                        atLeastOne: startsWithStar || (leadingDot && trailingDot),
                        optional: index == characters.count
                    )))
        }
        return tokens
    }

    private static func match(_ tokens: [Token], _ field: [Character], _ token: Int, _ position: Int) -> Bool {
        guard token < tokens.count else { return position == field.count }
        switch tokens[token] {
        case .literal(let character):
            return position < field.count && field[position] == character
                && match(tokens, field, token + 1, position + 1)
        case .stars(let run):
            if run.optional, match(tokens, field, token + 1, position) { return true }
            var cursor = position
            if run.leadingDot {
                guard cursor < field.count, field[cursor] == "." else { return false }
                cursor += 1
            }
            var taken = 0
            while true {
                if taken > 0 || !run.atLeastOne {
                    if !run.trailingDot {
                        if match(tokens, field, token + 1, cursor) { return true }
                    } else if cursor < field.count, field[cursor] == ".", match(tokens, field, token + 1, cursor + 1) {
                        return true
                    }
                }
                guard cursor < field.count, run.crossesDots || field[cursor] != "." else { return false }
                cursor += 1
                taken += 1
            }
        }
    }
}
