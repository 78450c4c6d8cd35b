import Foundation
import Testing

@testable import HearthFinance

/// ISO 4217 codes and the days rates are kept by.
@Suite struct CurrencyCodeTests {
    @Test func codesAreNormalisedToCapitalsAndCheckedAgainstTheActiveTable() throws {
        #expect(try CurrencyCode("usd").code == "USD")
        #expect(try CurrencyCode(" Eur\n").code == "EUR")
        #expect(try CurrencyCode("JPY").minorUnits == 0)
        #expect(try CurrencyCode("KWD").minorUnits == 3)
        #expect(try CurrencyCode("GBP").minorUnits == 2)
        #expect(try CurrencyCode("CLF").minorUnits == 4)
        for bad in ["XYZ", "US", "EURO", "", "HRK", "CYP", "XAU", "€", "U$D"] {
            do {
                _ = try CurrencyCode(bad)
                Issue.record("\"\(bad)\" was accepted")
            } catch let error as PersistenceError {
                #expect(error.code == .validationFailed)
                #expect(error.message.contains("\"\(bad)\""), "the message names the code: \(error.message)")
                #expect(error.message.contains("check it"), "\(error.message)")
            }
        }
    }

    @Test func codesDecodeThroughTheSameCheck() throws {
        let decoded = try JSONDecoder().decode([CurrencyCode].self, from: Data(#"["usd","GBP"]"#.utf8))
        #expect(decoded.map(\.code) == ["USD", "GBP"])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([CurrencyCode].self, from: Data(#"["ABC"]"#.utf8))
        }
        #expect(String(decoding: try JSONEncoder().encode(try CurrencyCode("chf")), as: UTF8.self) == #""CHF""#)
    }

    @Test func daysAreRealCalendarDays() throws {
        let day = try #require(RateDay("2026-11-02"))
        #expect(day.description == "2026-11-02")
        #expect(day.adding(days: -2).description == "2026-10-31")
        #expect(day.adding(days: 60).description == "2027-01-01")
        #expect(RateDay("2024-02-29")?.description == "2024-02-29")
        #expect(RateDay("2000-02-29") != nil)
        for bad in [
            "2025-02-29", "1900-02-29", "2026-13-01", "2026-11-31", "2026-11-2", "26-11-02", "2026/11/02",
            "2026-11-02T00:00", "", "1899-12-31", "２０２６-11-02",
        ] {
            #expect(RateDay(bad) == nil, "\(bad)")
        }
        // 1999-01-04 is day 10595 since 1970-01-01.
        #expect(RateDay("1999-01-04")?.number == 10_595)
        #expect(RateDay(number: 0).description == "1970-01-01")
        // 03:30 UTC on 2 November is still the evening of 1 November in New York.
        let instant = Date(timeIntervalSince1970: 1_793_590_200)  // 2026-11-02T03:30:00Z
        #expect(RateDay(instant, timeZone: TimeZone(identifier: "UTC")!).description == "2026-11-02")
        #expect(RateDay(instant, timeZone: TimeZone(identifier: "America/New_York")!).description == "2026-11-01")
    }

    @Test func ratesMustBeAboveZeroAndBetweenTwoCurrencies() throws {
        let usd = try CurrencyCode("USD")
        let day = RateDay("2026-11-02")!
        for bad: Decimal in [0, -1, Decimal(string: "-0.5")!] {
            #expect(throws: PersistenceError.self) { try ExchangeRate(quote: usd, day: day, rate: bad) }
        }
        #expect(throws: PersistenceError.self) { try ExchangeRate(base: usd, quote: usd, day: day, rate: 1) }
        #expect(ExchangeRate.parseRate("1.0832") == Decimal(string: "1.0832"))
        #expect(ExchangeRate.parseRate("17081.65") == Decimal(string: "17081.65"))
        for bad in ["0", "0.000", "-1.2", "1,08", "1.2.3", "1e3", "N/A", "", ".", "abc", "+1.2", "١٫٢"] {
            #expect(ExchangeRate.parseRate(bad) == nil, "\(bad)")
        }
    }
}
