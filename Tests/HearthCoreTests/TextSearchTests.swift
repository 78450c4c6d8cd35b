import HearthCore
import Testing

@Suite struct TextSearchTests {
    @Test(arguments: [
        ("Café au lait", "cafe", true),
        ("CAFÉ", "café", true),
        ("cafe", "CAFÉ", true),
        ("Привет, мир", "ПРИВЕТ", true),
        ("ΩΜΈΓΑ", "ωμεγα", true),
        ("Straße 5", "strasse", true),
        ("Ｆｕｌｌ width", "full", true),
        ("e\u{301}te", "été", true),  // a decomposed accent matches a precomposed one
        ("Coffee", "COFFEE", true),
        ("Coffee", "ffe", true),
        ("Coffee", "", true),
        ("Coffee", "tea", false),
        ("Cof", "coffee", false),
        ("Привет", "превет", false),
        ("100 USD", "100%", false),
    ])
    func containsIgnoresCaseAccentsAndWidth(text: String, needle: String, expected: Bool) {
        #expect(TextSearch.contains(text, folded: TextSearch.fold(needle)) == expected)
    }

    @Test func foldingGivesOneFormPerWord() {
        #expect(TextSearch.fold("Café") == "cafe")
        #expect(TextSearch.fold("CAFE") == "cafe")
        #expect(TextSearch.fold("Zürich") == "zurich")
        #expect(TextSearch.fold("ПРИВЕТ") == "привет")
        #expect(TextSearch.fold("Plain ASCII 123") == "plain ascii 123")
    }
}
