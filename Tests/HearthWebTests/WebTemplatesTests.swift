import Foundation
import Testing

@testable import HearthWeb

/// The pages' escaping: every template names Hearth's HTML escaping in its first tag, the escaping replaces the
/// five characters HTML gives meaning to wherever they stand, and values printed by a page, a block of its
/// layout and a partial come out escaped.
@Suite("Web pages: templates and escaping")
struct WebTemplatesTests {
    static let templates = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/HearthWeb/Templates")

    @Test("every template starts with the pragma that names the pages' escaping")
    func everyTemplateNamesTheEscaping() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.templates.path)
            .filter { $0.hasSuffix(".mustache") }
        #expect(files.count > 30, "the templates folder was found")
        let missing = try files.filter {
            try !String(contentsOf: Self.templates.appendingPathComponent($0), encoding: .utf8)
                .hasPrefix(HTMLEscaping.pragma)
        }
        #expect(missing.isEmpty, "start these templates with \(HTMLEscaping.pragma): \(missing.sorted())")
    }

    @Test("the five characters are escaped wherever they stand, and other text is kept as it is")
    func escaping() {
        let cases: [(String, String)] = [
            ("", ""),
            ("Oil change at 42,600 mi", "Oil change at 42,600 mi"),
            ("<script>alert('x')</script>", "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"),
            ("Tom & Jerry's \"car\"", "Tom &amp; Jerry&#39;s &quot;car&quot;"),
            ("&amp;", "&amp;amp;"),
            ("Café 🚗 ½ — ñ", "Café 🚗 ½ — ñ"),
            // A quote followed by a combining mark is one character to Swift but still a quote to a browser.
            ("\"\u{301} onmouseover=x", "&quot;\u{301} onmouseover=x"),
            ("'\u{20DD}<\u{301}", "&#39;\u{20DD}&lt;\u{301}"),
            (String(repeating: "<&>", count: 10_000), String(repeating: "&lt;&amp;&gt;", count: 10_000)),
        ]
        for (text, escaped) in cases {
            #expect(HTMLEscaping.escaped(text) == escaped, "\(text.prefix(40))")
        }
    }

    @Test("values printed by a page, its layout's block and a partial come out escaped")
    func pagesEscape() async throws {
        let templates = try await WebTemplates.load()
        let hostile = "<img src=x onerror=alert(1)>'\"&"
        let escaped = "&lt;img src=x onerror=alert(1)&gt;&#39;&quot;&amp;"
        let error = try templates.render("error", ["title": hostile, "message": hostile])
        #expect(error.hasPrefix("<!doctype html>"), "the pragma prints nothing")
        #expect(!error.contains("<img") && error.components(separatedBy: escaped).count == 4, "title twice, message")
        let signIn = try templates.render("signin", ["notice": hostile, "email": hostile, "csrf": "t"])
        #expect(!signIn.contains("<img") && signIn.components(separatedBy: escaped).count == 3, "notice and email")
    }
}
