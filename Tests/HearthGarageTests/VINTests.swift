import Foundation
import Testing

@testable import HearthGarage

@Suite struct VINTests {
    func vin(_ text: String) throws -> VIN { try VIN.parse(text).get() }

    @Test func checkDigitsOfRealVINs() throws {
        // Well-known valid VINs.
        for text in [
            "1HGCM82633A004352", "1M8GDM9AXKP042788", "5YJ3E1EA2KF317000", "JHMCM56557C404453", "11111111111111111",
        ] {
            let parsed = try vin(text)
            #expect(parsed.isCheckDigitValid, "\(text)")
        }
        let wrong = try vin("1HGCM82643A004352")
        #expect(!wrong.isCheckDigitValid)
        #expect(wrong.expectedCheckDigit == "3")
        // X stands for 10.
        #expect(try vin("1M8GDM9AXKP042788").expectedCheckDigit == "X")
    }

    @Test func refusesWhatIsNotAVIN() {
        #expect(throws: VIN.Problem.self) { try vin("1HGCM82633A00435") }
        #expect(throws: VIN.Problem.self) { try vin("1HGCM82633A0043522") }
        #expect(throws: VIN.Problem.self) { try vin("") }
        let problem = VIN.parse("1HGCM8263#A004352")
        guard case .failure(let reason) = problem else {
            Issue.record("accepted a '#'")
            return
        }
        #expect(reason.message.contains("'#'"))
    }

    @Test func correctsOCRConfusions() throws {
        #expect(VIN.correctingOCR("1hgcm 8263-3a0o4352") == "1HGCM82633A004352")
        #expect(VIN.correctingOCR("IQO") == "100")
        let corrected = try vin("1HGCM82633AOO4352")
        #expect(corrected.value == "1HGCM82633A004352")
        #expect(corrected.isCheckDigitValid)
    }

    @Test func modelYears() throws {
        #expect(try vin("1HGCM82633A004352").modelYear == 2003)
        #expect(try vin("1M8GDM9AXKP042788").modelYear == 1989)  // position 7 is a digit: 1980s cycle
        #expect(try vin("5YJ3E1EA2KF317000").modelYear == 2019)  // position 7 a letter: K is 2019
        #expect(try vin("JHMCM56557C404453").modelYear == 2007)
        #expect(try vin("5YJ3E1EA2KF317000").possibleModelYears == [1989, 2019])
        // Position 10 "A" with a letter in position 7 is 2010.
        #expect(try vin("1G1ZB5EB0AF000000").modelYear == 2010)
        #expect(try vin("1G1ZB5800AF000000").modelYear == 1980)
        // No year code in position 10 (0, U and Z are never used).
        #expect(try vin("1HGCM8263UA004352").modelYear == nil)
    }

    @Test func regionsCountriesAndMakers() throws {
        let honda = try vin("1HGCM82633A004352")
        #expect(honda.region == .northAmerica && honda.country == "United States" && honda.manufacturer == "Honda")
        let japan = try vin("JHMCM56557C404453")
        #expect(japan.region == .asia && japan.country == "Japan" && japan.manufacturer == "Honda")
        #expect(try vin("WBA3A5C50CF256651").region == .europe)
        #expect(try vin("WBA3A5C50CF256651").country == "Germany")
        #expect(try vin("WBA3A5C50CF256651").manufacturer == "BMW")
        #expect(try vin("9BWZZZ377VT004251").region == .southAmerica)
        #expect(try vin("6T1BE42K75X000000").region == .oceania)
        #expect(try vin("AAVZZZ6SZEU000000").region == .africa)
        #expect(try vin("2T1BURHE0JC000000").country == "Canada")
        #expect(try vin("3VWFE21C04M000000").country == "Mexico")
    }
}
