import Foundation
import HearthCore
import HearthExchange
import HearthTestSupport
import Testing

@Suite struct ReportingTests {
    @Test func skippedRowsAreCountedByReasonAndListedUpToALimit() {
        var skipped = SkippedRows()
        for line in 1...(SkippedRows.maximumListed + 5) {
            skipped.skip(line: line, reason: line.isMultiple(of: 2) ? "even" : "odd", detail: line == 3 ? "\"x\"" : nil)
        }
        #expect(skipped.count == SkippedRows.maximumListed + 5)
        #expect(skipped.byReason == ["odd": 503, "even": 502])
        #expect(skipped.listed.count == SkippedRows.maximumListed)
        #expect(skipped.listed[2] == SkippedRows.Row(line: 3, reason: "odd: \"x\""))
        #expect(skipped.summaryLines(rows: 2) == ["  503 × odd", "  502 × even", "  line 1: odd", "  line 2: even"])
    }

    @Test func progressFractionNeedsAKnownSize() {
        #expect(ExchangeProgress(items: 5, bytes: 50, totalBytes: 200).fraction == 0.25)
        #expect(ExchangeProgress(items: 5, bytes: 300, totalBytes: 200).fraction == 1)
        #expect(ExchangeProgress(items: 5).fraction == nil)
    }

    @Test func tablesAlignColumnsAndLeaveNoTrailingSpace() {
        let table = TextTable.render(
            ["NAME", "DUE", "NOTE"], [["Oil Change", "2026-12-01", ""], ["Tires", "—", "rotate"]])
        #expect(
            table == """
                NAME        DUE         NOTE
                Oil Change  2026-12-01
                Tires       —           rotate
                """)
        #expect(TextTable.render(["A"], []) == "A")
    }

    @Test func anAtomicWriteLeavesNothingBehindWhenDiscarded() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("out.csv")
        try Data("old".utf8).write(to: url)
        let failed = try AtomicFileWriter(url, capacity: 4)
        try failed.write("new contents, longer than the buffer")
        failed.discard()
        #expect(try String(contentsOf: url, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["out.csv"])

        let writer = try AtomicFileWriter(url, capacity: 4)
        try writer.write("id,")
        try writer.append { $0.append(contentsOf: Array("title\n".utf8)) }
        try writer.write(data: Data("1,a\n".utf8))
        try writer.commit()
        #expect(try String(contentsOf: url, encoding: .utf8) == "id,title\n1,a\n")
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
    }

    @Test func aWriterIntoAMissingFolderSaysSo() {
        let error = expectError("the folder /no/such is missing or not writable") {
            _ = try AtomicFileWriter(URL(fileURLWithPath: "/no/such/out.csv"))
        }
        #expect(error?.code == .operationFailed)
    }
}
