import Foundation
import HearthCore
import Testing
@testable import HearthGarage

@Suite struct CSVReaderTests {
    func rows(_ text: String, delimiter: Character = ",") throws -> [(line: Int, fields: [String])] {
        var rows: [(Int, [String])] = []
        try CSVReader(bytes: Array(text.utf8), delimiter: delimiter.asciiValue!).forEachRow { row in
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
            #expect(parsed.map(\.fields) == [["h1", "h2"], ["1", "2"], ["3", "4"]], "ending \(ending.debugDescription)")
            #expect(parsed.map(\.line) == [1, 2, 4])
        }
        // No final newline.
        #expect(try rows("a,b\r1,2").map(\.fields) == [["a", "b"], ["1", "2"]])
    }

    @Test func textAfterAClosingQuoteIsKept() throws {
        // Drivvo's header quirk: the digit outside the quotes.
        #expect(try rows(#""Fuel" 2,"Full tank" 2,"Odometer""#).map(\.fields) == [["Fuel 2", "Full tank 2", "Odometer"]])
    }

    @Test func otherDelimiters() throws {
        #expect(try rows("a;b;\"c;d\"\n", delimiter: ";").map(\.fields) == [["a", "b", "c;d"]])
        #expect(try rows("a\tb\n", delimiter: "\t").map(\.fields) == [["a", "b"]])
    }

    @Test func anUnterminatedQuoteNamesItsLine() throws {
        let error = expectError("opened on line 2 that is never closed") {
            _ = try rows("a,b\n1,\"open\n3,4\n5,6\n")
        }
        #expect(error?.code == .validationFailed)
    }

    @Test func aNulByteMeansBinary() {
        expectError("not a text file") { _ = try rows("a,b\n1,\u{0}2\n") }
    }

    @Test func stopsWhenAskedAndStreamsAFileInChunks() throws {
        let folder = try TestSupport.temporaryDirectory()
        let url = folder.appendingPathComponent("big.csv")
        // Rows straddle the 64-byte chunks used here.
        let text = (0..<500).map { "\($0),\"quoted, \($0)\",tail" }.joined(separator: "\r\n")
        try Data(text.utf8).write(to: url)
        let reader = try CSVReader(url: url, chunkSize: 64)
        var count = 0
        try reader.forEachRow { row in
            #expect(row.strings == ["\(count)", "quoted, \(count)", "tail"])
            count += 1
            return true
        }
        #expect(count == 500)
        var seen = 0
        try CSVReader(url: url, chunkSize: 64).forEachRow { _ in
            seen += 1
            return seen < 10
        }
        #expect(seen == 10)
    }
}

@Suite struct ImportTextTests {
    func number(_ text: String, _ separator: DecimalSeparator = .dot) -> String? {
        Array(text.utf8).withUnsafeBufferPointer { ImportText.number($0, separator: separator)?.description }
    }

    func day(_ text: String, _ order: DateOrder = .monthFirst) -> CalendarDay? {
        Array(text.utf8).withUnsafeBufferPointer { ImportText.day($0, order: order) }
    }

    @Test func numbersWithSymbolsSeparatorsAndUnits() {
        #expect(number("$79.78") == "79.78")
        #expect(number("106,421") == "106421")
        #expect(number("$18,500.00") == "18500.00")
        #expect(number("491791.0") == "491791.0")
        #expect(number("1.234,56 €", .comma) == "1234.56")
        #expect(number("1 234,56", .comma) == "1234.56")
        #expect(number("1\u{00A0}234,56 €", .comma) == "1234.56")
        #expect(number("6,414 л/100км", .comma) == "6.414")
        #expect(number("R$ 231,60", .comma) == "231.60")
        #expect(number("(12.50)") == "-12.50")
        #expect(number("-3") == "-3")
        #expect(number(".99") == "0.99")
        #expect(number("n/a") == nil)
        #expect(number("") == nil)
    }

    @Test func separatorEvidence() {
        func evidence(_ text: String) -> DecimalSeparator? { Array(text.utf8).withUnsafeBufferPointer { ImportText.separatorEvidence($0) } }
        #expect(evidence("$35.74") == .dot)
        #expect(evidence("89,90 €") == .comma)
        #expect(evidence("1.234,56") == .comma)
        #expect(evidence("1,234.56") == .dot)
        #expect(evidence("106,421") == nil)   // three digits: grouping either way
        #expect(evidence("42") == nil)
    }

    @Test func datesInEveryShape() {
        #expect(day("2023-04-02 08:15:00") == TestSupport.day(2023, 4, 2))
        #expect(day("2024/02/29") == TestSupport.day(2024, 2, 29))
        #expect(day("1/3/2023") == TestSupport.day(2023, 1, 3))
        #expect(day("1/3/2023", .dayFirst) == TestSupport.day(2023, 3, 1))
        #expect(day("01/19/2024 17:40") == TestSupport.day(2024, 1, 19))
        #expect(day("14.02.2024") == TestSupport.day(2024, 2, 14))   // dotted dates are day-first
        #expect(day("2/29/24") == TestSupport.day(2024, 2, 29))
        #expect(day("2/29/2023") == nil)
        #expect(day("13/13/2024") == nil)
        #expect(day("2024-99-99") == nil)
        #expect(day("yesterday") == nil)
    }

    @Test func dateOrderEvidence() {
        func evidence(_ text: String) -> DateOrder? { Array(text.utf8).withUnsafeBufferPointer { ImportText.dateOrderEvidence($0) } }
        #expect(evidence("19/01/2024") == .dayFirst)
        #expect(evidence("01/19/2024 8:00") == .monthFirst)
        #expect(evidence("03/04/2024") == nil)
        #expect(evidence("2024-01-19") == nil)
    }

    @Test func yesAndNoInManyLanguages() {
        func bool(_ text: String) -> Bool? { Array(text.utf8).withUnsafeBufferPointer { ImportText.bool($0) } }
        for yes in ["Yes", "1", "true", "Sí", "si", "Sim", "Да"] { #expect(bool(yes) == true, "\(yes)") }
        for no in ["No", "0", "FALSE", "Não", "nao", "Нет"] { #expect(bool(no) == false, "\(no)") }
        #expect(bool("") == nil)
        #expect(bool("maybe") == nil)
    }

    @Test func headerKeys() {
        #expect(ImportText.headerKey("Odómetro") == "odometro")
        #expect(ImportText.headerKey("Service type(s)") == "service type s")
        #expect(ImportText.headerKey("Full tank 2") == "full tank 2")
        #expect(ImportText.headerKey("Partial Fill-Up?") == "partial fill up")
        #expect(ImportText.headerKey("\u{FEFF}Row ID") == "row id")
        #expect(ImportText.headerKey("Одометр") == "одометр")
        let map = HeaderMap(["Date", "Odometer (km)", "Full tank", "Full tank 2"])
        #expect(map.index(["odometer"]) == 1)
        #expect(map.index(["full tank"]) == 2)
        #expect(map.index(["missing"]) == nil)
    }
}
