import Foundation
import HearthCore
import HearthExchange
import HearthTestSupport
import Testing

/// `body`'s error, checked to be a ``ServiceError`` whose message contains `phrase`.
@discardableResult
func expectError(_ phrase: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void)
    -> ServiceError?
{
    do {
        try body()
        Issue.record(
            "Expected an error containing \"\(phrase)\", but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as ServiceError {
        #expect(error.message.contains(phrase), "\(error.message)", sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("Expected a ServiceError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

@Suite struct CSVReaderTests {
    func rows(_ text: String, delimiter: Character = ",", quoting: CSVReader.Quoting = .lenient) throws -> [(
        line: Int, fields: [String]
    )] {
        var rows: [(Int, [String])] = []
        try CSVReader(bytes: Array(text.utf8), delimiter: delimiter.asciiValue!, quoting: quoting, label: "test.csv")
            .forEachRow { row in
                rows.append((row.line, row.strings))
                return true
            }
        return rows
    }

    @Test func quotedFieldsWithDelimitersQuotesAndNewlines() throws {
        let parsed = try rows("a,\"b, c\",\"say \"\"hi\"\"\",\"two\nlines\"\nx,,\"\"\n")
        #expect(parsed.map(\.fields) == [["a", "b, c", "say \"hi\"", "two\nlines"], ["x", "", ""]])
        #expect(parsed.map(\.line) == [1, 3])
    }

    @Test func everyLineEndingIncludingBareCR() throws {
        for ending in ["\n", "\r\n", "\r"] {
            let parsed = try rows(["h1,h2", "1,2", "", "3,4"].joined(separator: ending) + ending)
            #expect(
                parsed.map(\.fields) == [["h1", "h2"], ["1", "2"], ["3", "4"]], "ending \(ending.debugDescription)")
            #expect(parsed.map(\.line) == [1, 2, 4])
        }
        // No final newline.
        #expect(try rows("a,b\r1,2").map(\.fields) == [["a", "b"], ["1", "2"]])
    }

    @Test func aByteOrderMarkIsNotData() throws {
        #expect(try rows("\u{FEFF}date,title\n1,2\n").map(\.fields) == [["date", "title"], ["1", "2"]])
    }

    @Test func textAfterAClosingQuoteIsKeptWhenLenientAndRefusedWhenStrict() throws {
        // Drivvo's header quirk: the digit outside the quotes.
        #expect(
            try rows(#""Fuel" 2,"Full tank" 2,"Odometer""#).map(\.fields) == [["Fuel 2", "Full tank 2", "Odometer"]])
        let error = expectError("test.csv, line 2: text after a closing quote") {
            _ = try rows("a,b\n\"x\"y,z\n", quoting: .strict)
        }
        #expect(error?.code == .validationFailed)
        // Strict still reads proper quoting.
        #expect(try rows("a,\"b \"\"c\"\"\"\n", quoting: .strict).map(\.fields) == [["a", "b \"c\""]])
    }

    @Test func otherDelimiters() throws {
        #expect(try rows("a;b;\"c;d\"\n", delimiter: ";").map(\.fields) == [["a", "b", "c;d"]])
        #expect(try rows("a\tb\n", delimiter: "\t").map(\.fields) == [["a", "b"]])
    }

    @Test func anUnterminatedQuoteNamesItsLine() throws {
        let error = expectError("test.csv has a quote opened on line 2 that is never closed") {
            _ = try rows("a,b\n1,\"open\n3,4\n5,6\n")
        }
        #expect(error?.code == .validationFailed)
    }

    @Test func aNulByteMeansBinary() {
        expectError("test.csv is not a text file (binary data on line 2)") { _ = try rows("a,b\n1,\u{0}2\n") }
    }

    @Test func aMissingFileIsNamed() {
        let error = expectError("/no/such/folder/x.csv") {
            _ = try CSVReader(url: URL(fileURLWithPath: "/no/such/folder/x.csv"))
        }
        #expect(error?.code == .notFound)
    }

    @Test func trimmedTextAndFieldsOutOfRange() throws {
        try CSVReader(bytes: Array(" a \t,\u{00A0}b\u{00A0},  \n".utf8)).forEachRow { row in
            #expect(row.text(0) == "a")
            #expect(row.text(1) == "b")
            #expect(row.text(2) == nil)
            #expect(row.text(nil) == nil)
            #expect(row[7].isEmpty)
            return true
        }
    }

    @Test func stopsWhenAskedAndStreamsAFileInChunks() throws {
        let folder = try TemporaryFolder()
        let url = folder.file("big.csv")
        // Rows straddle the 64-byte chunks used here.
        let text = (0..<500).map { "\($0),\"quoted, \($0)\",tail" }.joined(separator: "\r\n")
        try Data(text.utf8).write(to: url)
        let reader = try CSVReader(url: url, chunkSize: 64)
        #expect(reader.totalBytes == text.utf8.count)
        var count = 0
        try reader.forEachRow { row in
            #expect(row.strings == ["\(count)", "quoted, \(count)", "tail"])
            #expect(row.line == count + 1)
            count += 1
            return true
        }
        #expect(count == 500)
        #expect(reader.bytesRead == text.utf8.count)
        var seen = 0
        let stopped = try CSVReader(url: url, chunkSize: 64)
        try stopped.forEachRow { _ in
            seen += 1
            return seen < 10
        }
        #expect(seen == 10)
        #expect(stopped.bytesRead < text.utf8.count)
    }

    @Test func writtenFieldsReadBackUnchanged() throws {
        let fields = ["plain", "with, comma", "with \"quotes\"", "two\nlines", "", "ünïcødé"]
        var bytes: [UInt8] = []
        CSVWriting.appendRow(fields, to: &bytes)
        CSVWriting.appendRow(["second"], to: &bytes)
        var read: [[String]] = []
        try CSVReader(bytes: bytes, quoting: .strict).forEachRow { row in
            read.append(row.strings)
            return true
        }
        #expect(read == [fields, ["second"]])
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("plain,\"with, comma\",\"with \"\"quotes\"\"\""))
    }
}
