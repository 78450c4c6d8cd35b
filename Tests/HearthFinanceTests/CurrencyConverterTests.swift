import Foundation
import Testing

@testable import HearthFinance

/// Conversions with the rate of each amount's day, worked by hand.
///
/// The rates are those of the fixture `eurofxref-hist.csv` (units per 1 EUR):
///
/// | day                 | USD    | GBP    | JPY    |
/// |---------------------|--------|--------|--------|
/// | 2026-11-02 (Monday) | 1.0832 | 0.8412 | 162.43 |
/// | 2026-10-30 (Friday) | 1.0866 | 0.8437 | 163.1  |
@Suite struct CurrencyConverterTests {
    let usd = try! CurrencyCode("USD")
    let gbp = try! CurrencyCode("GBP")
    let jpy = try! CurrencyCode("JPY")
    let eur = CurrencyCode.euro

    func day(_ text: String) -> RateDay { RateDay(text)! }

    func converter(_ extra: [ExchangeRate] = []) throws -> CurrencyConverter {
        CurrencyConverter(
            rates: [
                try ExchangeRate(quote: usd, day: day("2026-11-02"), rate: Decimal(string: "1.0832")!),
                try ExchangeRate(quote: gbp, day: day("2026-11-02"), rate: Decimal(string: "0.8412")!),
                try ExchangeRate(quote: jpy, day: day("2026-11-02"), rate: Decimal(string: "162.43")!),
                try ExchangeRate(quote: usd, day: day("2026-10-30"), rate: Decimal(string: "1.0866")!),
                try ExchangeRate(quote: gbp, day: day("2026-10-30"), rate: Decimal(string: "0.8437")!),
                try ExchangeRate(quote: jpy, day: day("2026-10-30"), rate: Decimal(string: "163.1")!),
            ] + extra)
    }

    @Test func handWorkedConversions() throws {
        let rates = try converter()
        let monday = day("2026-11-02")
        // 100 USD → EUR: 100 ÷ 1.0832 = 92.3190546… → 92.32
        #expect(try rates.convert(100, from: usd, to: eur, on: monday) == Decimal(string: "92.32")!)
        // 100 EUR → USD: 100 × 1.0832 = 108.32
        #expect(try rates.convert(100, from: eur, to: usd, on: monday) == Decimal(string: "108.32")!)
        // 100 USD → GBP crosses the euro: 100 × 0.8412 ÷ 1.0832 = 77.6587887… → 77.66
        #expect(try rates.convert(100, from: usd, to: gbp, on: monday) == Decimal(string: "77.66")!)
        // −12000 JPY → USD: −12000 × 1.0832 ÷ 162.43 = −80.0246259… → −80.02
        #expect(try rates.convert(-12_000, from: jpy, to: usd, on: monday) == Decimal(string: "-80.02")!)
        // The cross rate itself is unrounded: GBP per USD = 0.8412 ÷ 1.0832.
        #expect(
            try rates.rate(from: usd, to: gbp, on: monday) == Decimal(string: "0.8412")! / Decimal(string: "1.0832")!)
        #expect(
            try rates.convert(Decimal(string: "12.34")!, from: usd, to: usd, on: day("1990-01-01")) == Decimal(
                string: "12.34")!)
    }

    @Test func roundingIsHalfAwayFromZeroToTheTargetsMinorUnits() throws {
        let rates = try converter()
        // 50 EUR → JPY: 50 × 162.43 = 8121.5 → 8122 (yen have no minor units; half rounds up)
        #expect(try rates.convert(50, from: eur, to: jpy, on: day("2026-11-02")) == 8122)
        #expect(try rates.convert(-50, from: eur, to: jpy, on: day("2026-11-02")) == -8122)
        #expect(CurrencyConverter.rounded(Decimal(string: "12.345")!, to: eur) == Decimal(string: "12.35")!)
        #expect(CurrencyConverter.rounded(Decimal(string: "-12.345")!, to: eur) == Decimal(string: "-12.35")!)
        #expect(CurrencyConverter.rounded(Decimal(string: "12.344")!, to: eur) == Decimal(string: "12.34")!)
        #expect(
            CurrencyConverter.rounded(Decimal(string: "1.2345")!, to: try CurrencyCode("KWD")) == Decimal(
                string: "1.235")!)
    }

    @Test func aDayWithoutRatesUsesTheLatestOfTheSevenDaysBefore() throws {
        let rates = try converter()
        // Sunday 2026-11-01 has no rates: Friday's 1.0866 applies. 100 ÷ 1.0866 = 92.0301859… → 92.03
        #expect(try rates.convert(100, from: usd, to: eur, on: day("2026-11-01")) == Decimal(string: "92.03")!)
        #expect(try rates.convert(100, from: usd, to: eur, on: day("2026-10-31")) == Decimal(string: "92.03")!)
        // Seven days after the last rate still uses it; eight do not.
        #expect(try rates.convert(100, from: usd, to: eur, on: day("2026-11-09")) == Decimal(string: "92.32")!)
        do {
            _ = try rates.convert(100, from: usd, to: eur, on: day("2026-11-10"))
            Issue.record("a rate eight days old was used")
        } catch let error as PersistenceError {
            #expect(error.code == .validationFailed)
            #expect(error.message.contains("No USD exchange rate for 2026-11-10"), "\(error.message)")
            #expect(error.message.contains("hearth finance rates import"), "\(error.message)")
            #expect(error.message.contains("hearth finance rates add --day 2026-11-10 USD"), "\(error.message)")
        }
        // Before the first rate there is nothing to fall back on.
        #expect(throws: PersistenceError.self) { try rates.convert(1, from: gbp, to: eur, on: day("2026-10-29")) }
        // A currency without any rate names itself, even when the other side has one.
        do {
            _ = try rates.convert(1, from: usd, to: try CurrencyCode("CHF"), on: day("2026-11-02"))
            Issue.record("CHF converted without a rate")
        } catch let error as PersistenceError {
            #expect(error.message.contains("No CHF exchange rate for 2026-11-02"), "\(error.message)")
        }
    }

    @Test func aRateOfThePairItselfComesBeforeTheEuroCross() throws {
        // Entered by hand: 1 USD = 0.78 GBP on 2026-11-02.
        let direct = try ExchangeRate(base: usd, quote: gbp, day: day("2026-11-02"), rate: Decimal(string: "0.78")!)
        let rates = try converter([direct])
        // 100 USD → GBP = 100 × 0.78 = 78.00 (not the cross 77.66)
        #expect(try rates.convert(100, from: usd, to: gbp, on: day("2026-11-02")) == 78)
        // The other way it divides: 78 GBP → USD = 78 ÷ 0.78 = 100
        #expect(try rates.convert(78, from: gbp, to: usd, on: day("2026-11-02")) == 100)
        // On Friday there is no pair rate: the cross applies. 100 × 0.8437 ÷ 1.0866 = 77.6458678… → 77.65
        #expect(try rates.convert(100, from: usd, to: gbp, on: day("2026-10-30")) == Decimal(string: "77.65")!)
    }
}
