import Foundation
import HearthPantryModel
import HearthTestSupport
import Testing

@testable import HearthPantryServer

@Suite("The scan before parsing counts tokens and bracket nesting in one pass", .timeLimit(.minutes(5)))
struct GraphQLDocumentScanTests {
    static func scan(_ text: String, maxTokens: Int = 10_000, maxNesting: Int = 100) -> Result<
        GraphQLDocumentScan, GraphQLDocumentScan.Refusal
    > {
        GraphQLDocumentScan.scan(text, maxTokens: maxTokens, maxNesting: maxNesting)
    }

    /// Documents whose tokens are easy to miscount: strings and comments with brackets in them, block strings
    /// with escaped quotes, spreads, numbers, commas, a byte order mark, line endings of every kind.
    static let tricky: [String] = [
        "{ me { id } }",
        "query Q($a: [[Int!]]!, $b: String = \"{[(\") { a(x: $a, y: $b) { ...F ... on T { b } } } fragment F on T { c }",
        "# a comment { [ (\n{ a(s: \"\\\"}\" ) }",
        "{ a(s: \"\"\"block { with \\\"\"\" quotes\n and lines \"\"\", n: -12.5e+3, m: 0, f: false, z: null) }",
        "\u{FEFF}{ a, b,, c }\r\n# end\r",
        "{ a(s: \"é ü 中文 {\" ) @include(if: true) }",
        "subscription { pantryChanged(householdId: \"x\") { kind item { id } } }",
        "{ unterminated(s: \"no end }",
    ]

    @Test("counts tokens and nesting; brackets in strings, block strings and comments count for nothing")
    func counts() throws {
        #expect(try Self.scan("{ me { id } }").get() == GraphQLDocumentScan(tokens: 6, nesting: 2))
        #expect(try Self.scan("# {{{{\n{ a(s: \"{{{{\") }").get() == GraphQLDocumentScan(tokens: 8, nesting: 2))
        #expect(
            try Self.scan("{ a(s: \"\"\"{{ \\\"\"\" }}\"\"\") }").get() == GraphQLDocumentScan(tokens: 8, nesting: 2))
        #expect(try Self.scan("{ ...F, ... on T { a } }").get() == GraphQLDocumentScan(tokens: 10, nesting: 2))
        #expect(try Self.scan("").get() == GraphQLDocumentScan(tokens: 0, nesting: 0))
        // Closing brackets without opening ones never make room for more nesting.
        #expect(try Self.scan("}}}} { { } }").get().nesting == 2)
    }

    @Test("refuses past the token limit, and past the nesting limit at the bracket's line and column")
    func refuses() throws {
        #expect(Self.scan("{ a b c }", maxTokens: 4) == .failure(.tooManyTokens))
        #expect((try? Self.scan("{ a b c }", maxTokens: 5).get())?.tokens == 5)
        #expect(Self.scan("{ a {\n  b { c } } }", maxNesting: 2) == .failure(.tooDeep(line: 2, column: 5)))
        #expect(Self.scan("query($v: [[[Int]]]) { a }", maxNesting: 3) == .failure(.tooDeep(line: 1, column: 13)))
        // A thousand levels stop at the limit: the parser, which would descend once per level, never sees them.
        let deep = String(repeating: "{ a ", count: 1_000) + String(repeating: "}", count: 1_000)
        #expect(Self.scan(deep, maxNesting: 35) == .failure(.tooDeep(line: 1, column: 35 * 4 + 1)))
        // Megabytes of brackets inside a string are one token.
        let long = "{ a(s: \"" + String(repeating: "{", count: 1 << 20) + "\") }"
        #expect(try Self.scan(long, maxNesting: 3).get() == GraphQLDocumentScan(tokens: 8, nesting: 2))
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let python = ExternalTool(
        name: "Python with graphql-core", variable: "HEARTH_GRAPHQL_PYTHON",
        candidates: [repository.appendingPathComponent(".build/venv/bin/python3")],
        install: "python3 -m venv .build/venv && .build/venv/bin/pip install graphql-core==3.2.6 (.ci/run does)")

    /// graphql-core's own lexer: each document's token count, or -1 where it refuses the document.
    static let lexerScript = #"""
        import json, sys
        from graphql.language import Lexer, Source, TokenKind
        from graphql.error import GraphQLSyntaxError
        counts = []
        for text in json.load(sys.stdin):
            lexer, count = Lexer(Source(text)), 0
            try:
                while lexer.advance().kind != TokenKind.EOF:
                    count += 1
            except GraphQLSyntaxError:
                count = -1
            counts.append(count)
        print(json.dumps(counts))
        """#

    @Test("counts the tokens graphql-core's lexer counts, for tricky documents and every operation the clients send")
    func agreesWithGraphQLCore() async throws {
        guard let python = Self.python.executable else {
            if ExternalTool.missingFails {
                Issue.record(Comment(rawValue: Self.python.missingReason))
                return
            }
            try Test.cancel(Comment(rawValue: Self.python.missingReason))
        }
        let documents = Self.tricky + PantryOperations.documents.values.sorted()
        let run = try await ChildProcess.run(
            python, ["-c", Self.lexerScript], input: try JSONEncoder().encode(documents))
        #expect(run.status == 0, "\(run.stderr)")
        let counts = try JSONDecoder().decode([Int].self, from: Data(run.stdout.utf8))
        #expect(counts.count == documents.count)
        for (document, expected) in zip(documents, counts) where expected >= 0 {
            #expect((try? Self.scan(document).get())?.tokens == expected, "\(document)")
        }
        // Only the unterminated string is refused by the lexer; the scan counts it as far as it goes.
        #expect(counts.filter { $0 < 0 }.count == 1)
    }
}
