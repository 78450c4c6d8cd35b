import Testing
@testable import HearthWeb

@Suite struct WebTemplatesTests {
    @Test func everyPrintedValueIsEscaped() async throws {
        let templates = try await WebTemplates.load()
        let html = try templates.render("layout", ["title": "<script>alert(1)</script>"])
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(!html.contains("<script>alert(1)</script>"))
    }
}
