import Foundation
import HearthCore
import Testing

@testable import HearthGarage

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
        func evidence(_ text: String) -> DecimalSeparator? {
            Array(text.utf8).withUnsafeBufferPointer { ImportText.separatorEvidence($0) }
        }
        #expect(evidence("$35.74") == .dot)
        #expect(evidence("89,90 €") == .comma)
        #expect(evidence("1.234,56") == .comma)
        #expect(evidence("1,234.56") == .dot)
        #expect(evidence("106,421") == nil)  // three digits: grouping either way
        #expect(evidence("42") == nil)
    }

    @Test func datesInEveryShape() {
        #expect(day("2023-04-02 08:15:00") == TestSupport.day(2023, 4, 2))
        #expect(day("2024/02/29") == TestSupport.day(2024, 2, 29))
        #expect(day("1/3/2023") == TestSupport.day(2023, 1, 3))
        #expect(day("1/3/2023", .dayFirst) == TestSupport.day(2023, 3, 1))
        #expect(day("01/19/2024 17:40") == TestSupport.day(2024, 1, 19))
        #expect(day("14.02.2024") == TestSupport.day(2024, 2, 14))  // dotted dates are day-first
        #expect(day("2/29/24") == TestSupport.day(2024, 2, 29))
        #expect(day("2/29/2023") == nil)
        #expect(day("13/13/2024") == nil)
        #expect(day("2024-99-99") == nil)
        #expect(day("yesterday") == nil)
    }

    @Test func dateOrderEvidence() {
        func evidence(_ text: String) -> DateOrder? {
            Array(text.utf8).withUnsafeBufferPointer { ImportText.dateOrderEvidence($0) }
        }
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
