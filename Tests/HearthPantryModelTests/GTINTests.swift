import Foundation
import HearthCore
import HearthPantryModel
import Testing

@Suite struct GTINTests {
    @Test(
        "real barcodes of every length are accepted as written",
        arguments: [
            ("5449000000996", "5449000000996"),  // Coca-Cola 330 ml, EAN-13
            ("3017620422003", "3017620422003"),  // Nutella, EAN-13
            ("036000291452", "036000291452"),  // UPC-A
            ("96385074", "96385074"),  // EAN-8
            ("10036000291459", "10036000291459"),  // GTIN-14 of a case of the UPC-A above
            ("5 449000 000996", "5449000000996"),  // as printed under the bars
            ("0-36000-29145-2", "036000291452"),
        ])
    func acceptsRealBarcodes(text: String, code: String) throws {
        #expect(try GTIN(text).code == code)
    }

    @Test func aWrongCheckDigitNamesTheRightOne() {
        expectRefusal("5449000000997", "5449000000997 has check digit 7 but should be 6")
        expectRefusal("3017620422004", "3017620422004 has check digit 4 but should be 3")
        expectRefusal("036000291453", "036000291453 has check digit 3 but should be 2")
        expectRefusal("96385075", "96385075 has check digit 5 but should be 4")
    }

    @Test func wrongLengthsAreNamed() {
        // A digit left out of an EAN-13 leaves 12 digits, read as a UPC-A whose check digit does not match.
        expectRefusal("544900000099", "544900000099 has check digit 9 but should be 3")
        expectRefusal("1234567", "1234567 has 7 digits; a barcode has 8 (EAN-8), 12 (UPC-A), 13 (EAN-13) or 14")
        expectRefusal("123456789", "has 9 digits")
        expectRefusal("123456789012345", "has 15 digits")
        expectRefusal(String(repeating: "1", count: 65), "this one is 65 characters long")
    }

    @Test func textThatIsNotDigitsIsNamed() {
        expectRefusal("54490000O0996", "\"O\" is not a digit")
        expectRefusal("5449000000996;", "\";\" is not a digit")
        expectRefusal("٥٤٤٩٠٠٠٠٠٠٩٩٦", "is not a digit")  // Arabic-Indic digits are digits, but not barcode digits
        expectRefusal("5449000000\u{301}996", "is not a digit")
        expectRefusal("   ", "cannot be empty")
    }

    @Test func optionalTreatsBlankAsNone() throws {
        #expect(try GTIN.optional(nil) == nil)
        #expect(try GTIN.optional("  ") == nil)
        #expect(try GTIN.optional(" 96385074 ")?.code == "96385074")
        #expect(throws: ServiceError.self) { try GTIN.optional("96385075") }
    }

    @Test func checkDigitFollowsGS1() {
        #expect(GTIN.checkDigit(of: [5, 4, 4, 9, 0, 0, 0, 0, 0, 0, 9, 9]) == 6)
        #expect(GTIN.checkDigit(of: [0, 3, 6, 0, 0, 0, 2, 9, 1, 4, 5]) == 2)
        #expect(GTIN.checkDigit(of: [9, 6, 3, 8, 5, 0, 7]) == 4)
    }

    @Test func codableAsItsDigitsAndValidatedWhenDecoded() throws {
        let data = try JSONEncoder().encode([try GTIN("96385074")])
        #expect(String(decoding: data, as: UTF8.self) == "[\"96385074\"]")
        #expect(try JSONDecoder().decode([GTIN].self, from: data) == [try GTIN("96385074")])
        #expect(throws: ServiceError.self) { try JSONDecoder().decode([GTIN].self, from: Data("[\"96385075\"]".utf8)) }
    }

    private func expectRefusal(_ text: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let gtin = try GTIN(text)
            Issue.record("\(text) was accepted as \(gtin)", sourceLocation: sourceLocation)
        } catch let error as ServiceError {
            #expect(error.code == .validationFailed, sourceLocation: sourceLocation)
            #expect(error.message.contains(message), "\(error.message)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }
}
