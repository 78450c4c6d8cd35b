import Foundation
import HearthCore
import HearthReports
import Testing

@Suite("Document model: JSON coding and validation")
struct ReportModelTests {
    private func decode(_ json: String) throws -> ReportDocument {
        try JSONDecoder.hearth.decode(ReportDocument.self, from: Data(json.utf8))
    }

    /// The one-sentence summary the CLI shows for a decoding error.
    private func failure(_ json: String) -> String {
        do {
            _ = try decode(json)
            return "decoded"
        } catch {
            return DecodingErrorSummary.describe(error)
        }
    }

    @Test func everyBlockRoundTripsThroughJSON() throws {
        let document = ReportDocument(
            metadata: ReportMetadata(
                title: "Round trip", author: "A", subject: "S", keywords: "k",
                creationDate: Date(timeIntervalSince1970: 1_700_000_000)),
            theme: .brutalist, pageSize: PageSize(width: 500, height: 700), margins: PageMargins(all: 30),
            header: PageBand(center: "{title}"), footer: nil,
            blocks: [
                .heading("Title", level: 2),
                .paragraph([
                    TextRun("a", bold: true),
                    TextRun("b", italic: true, monospace: true, color: ReportColor(hex: "#E89B3C")),
                ]),
                .keyValues([("k", "v")]),
                .table(
                    ReportTable(
                        columns: [.init("A", width: 2, alignment: .right)], rows: [["1"]], totals: ["1"], caption: "c",
                        zebra: false)),
                .divider, .spacer(height: 12), .pageBreak,
            ]
        )
        let data = try JSONEncoder.hearth.encode(document)
        #expect(try JSONDecoder.hearth.decode(ReportDocument.self, from: data) == document)

        var custom = ReportTheme.clinical
        custom.name = "custom"
        custom.accentColor = ReportColor(red: 1, green: 2, blue: 3)
        let themed = ReportDocument(metadata: ReportMetadata(title: "T"), theme: custom, blocks: [])
        #expect(try JSONDecoder.hearth.decode(ReportDocument.self, from: JSONEncoder.hearth.encode(themed)) == themed)
    }

    @Test func shortFormsAndDefaults() throws {
        let document = try decode(
            """
            {"metadata": {"title": "T"}, "pageSize": "letter", "margins": 36,
             "theme": {"base": "brutalist", "accentColor": "#112233", "bodySize": 11},
             "blocks": [{"type": "paragraph", "text": "plain"}, {"type": "heading", "text": "H"}]}
            """)
        #expect(document.pageSize == .letter)
        #expect(document.margins == PageMargins(all: 36))
        #expect(document.theme.name == "brutalist")
        #expect(document.theme.accentColor.hex == "#112233")
        #expect(document.theme.bodySize == 11)
        #expect(document.theme.borderWidth == 2)
        #expect(document.header == .standardHeader)
        #expect(document.footer == .standardFooter)
        #expect(document.blocks == [.paragraph("plain"), .heading("H", level: 1)])
        let noFooter = try decode(#"{"metadata": {"title": "T"}, "footer": null, "blocks": []}"#)
        #expect(noFooter.footer == nil)
        #expect(noFooter.theme == .clinical)
        #expect(noFooter.effectivePageSize == .a4)
    }

    @Test func malformedDocumentsNameTheBadField() {
        let cases: [(String, [String])] = [
            (#"{"blocks": []}"#, ["\"metadata\"", "missing"]),
            (#"{"metadata": {"title": 3}, "blocks": []}"#, ["\"metadata.title\"", "string"]),
            (
                #"{"metadata": {"title": "T"}, "blocks": [{"type": "heading", "text": "H"}, {"type": "video"}]}"#,
                ["\"blocks[1].type\"", "unknown block type \"video\""]
            ),
            (#"{"metadata": {"title": "T"}, "blocks": [{"type": "chart"}]}"#, ["\"blocks[0].kind\"", "missing"]),
            (
                #"{"metadata": {"title": "T"}, "blocks": [{"type": "table", "columns": [{"title": "A"}, {"title": "B"}], "rows": [["1", "2"], ["1", "2"], ["3"]]}]}"#,
                ["\"blocks[0].rows[2]\"", "1 cell but the table has 2 columns"]
            ),
            (
                #"{"metadata": {"title": "T"}, "blocks": [{"type": "table", "columns": [{"title": "A", "align": "middle"}], "rows": []}]}"#,
                ["\"blocks[0].columns[0].align\"", "left, center or right"]
            ),
            (
                #"{"metadata": {"title": "T"}, "theme": {"accentColor": "orange"}, "blocks": []}"#,
                ["\"theme.accentColor\"", "#RRGGBB"]
            ),
            (#"{"metadata": {"title": "T"}, "theme": "neon", "blocks": []}"#, ["\"theme\"", "unknown theme \"neon\""]),
            (#"{"metadata": {"title": "T"}, "pageSize": "legal", "blocks": []}"#, ["\"pageSize\"", "letter"]),
            (
                #"{"metadata": {"title": "T"}, "blocks": [{"type": "heading", "text": "H", "level": 7}]}"#,
                ["\"blocks[0].level\"", "1, 2 or 3"]
            ),
            (
                ##"{"metadata": {"title": "T"}, "blocks": [{"type": "paragraph", "runs": [{"text": "a", "color": "#12"}]}]}"##,
                ["\"blocks[0].runs[0].color\""]
            ),
            (#"{"metadata": {"title": "T"}, "blocks": [{"type": "spacer"}]}"#, ["\"blocks[0].height\"", "missing"]),
            (
                #"{"metadata": {"title": "T"}, "theme": {"bodyFont": "comic-sans"}, "blocks": []}"#,
                ["\"theme.bodyFont\"", "dejavu-sans"]
            ),
            (#"{"metadata": {"title": "T"}, "blocks": [}"#, ["(top level)"]),
        ]
        for (json, fragments) in cases {
            let message = failure(json)
            for fragment in fragments {
                #expect(message.contains(fragment), "\(json) → \(message)")
            }
        }
    }

    @Test func validationCatchesDocumentsBuiltInCode() {
        let document = ReportDocument(
            metadata: ReportMetadata(title: " "),
            blocks: [
                .table(ReportTable(columns: [.init("A"), .init("B")], rows: [["1", "2"], ["only"]], totals: ["t"])),
                .heading(ReportHeading(text: "ok", level: 1)),
            ])
        do {
            try document.validate()
            Issue.record("validation should fail")
        } catch let error as ServiceError {
            #expect(error.code == .validationFailed)
            #expect(error.reasons.contains("metadata.title: a document needs a title"))
            #expect(error.reasons.contains("blocks[0].rows[1]: this row has 1 cell but the table has 2 columns"))
            #expect(error.reasons.contains { $0.hasPrefix("blocks[0].totals:") })
            #expect(error.reasons.count == 3)
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(throws: Never.self) { try Samples.unicode().validate() }
    }

    @Test func coloursParseOnlyHexTriplets() {
        #expect(ReportColor(hex: "#E89B3C") == ReportColor(red: 0xE8, green: 0x9B, blue: 0x3C))
        #expect(ReportColor(hex: "e89b3c")?.hex == "#E89B3C")
        #expect(ReportColor(hex: "#E89B3") == nil)
        #expect(ReportColor(hex: "#GGGGGG") == nil)
    }

    @Test func themesMatchTheirBriefs() {
        let brutalist = ReportTheme.brutalist
        #expect(brutalist.pageSize == .letter)
        #expect(brutalist.borderWidth == 2)
        #expect(brutalist.accentColor.hex == "#E89B3C")
        #expect(brutalist.labelCasing == .upper)
        #expect(brutalist.bodyFont == .dejaVuSansMono)
        #expect(ReportTheme.clinical.pageSize == .a4)
        #expect(ReportTheme.clinical.labelCasing == .asWritten)
    }
}
