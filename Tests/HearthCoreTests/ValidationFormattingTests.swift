import Foundation
import HearthCore
import Testing

@Suite struct ValidationTests {
    @Test(arguments: [
        ("ana@example.com", true), ("  ana.b+tag@mail.example.org ", true), ("x_y%z@sub-domain.co", true),
        ("ana@example", false), ("ana.example.com", false), ("@example.com", false), ("ana@ex ample.com", false),
        ("ana@example.c", false), ("", false), ("ana@@example.com", false),
    ])
    func email(_ input: String, _ valid: Bool) {
        #expect(Validation.isValidEmail(input) == valid, "\(input)")
    }

    @Test func passwordRulesAreListed() {
        #expect(Validation.passwordProblems("Abcdefg1").isEmpty)
        #expect(Validation.isValidPassword("Str0ngPassword"))
        #expect(Validation.passwordProblems("Ab1") == ["Password must be at least 8 characters"])
        #expect(
            Validation.passwordProblems("abcdefgh") == [
                "Password must contain an upper-case letter", "Password must contain a digit",
            ])
        #expect(Validation.passwordProblems("ABCDEFG1") == ["Password must contain a lower-case letter"])
        #expect(Validation.passwordProblems("").count == 4)
    }

    @Test(arguments: [
        ("https://example.com", true), ("http://localhost:8080/health", true), ("HTTPS://EXAMPLE.COM/a?b=c", true),
        ("ftp://example.com", false), ("example.com", false), ("https://", false), ("https://exa mple.com", false),
        ("", false),
    ])
    func url(_ input: String, _ valid: Bool) {
        #expect(Validation.isValidURL(input) == valid, "\(input)")
    }

    @Test func trimmingAndBlankness() throws {
        #expect(Validation.trimmed("  Home \n") == "Home")
        #expect(!Validation.isNonBlank(" \t\n"))
        #expect(Validation.isNonBlank(" a "))
        #expect(Validation.trimmedOrNil("   ") == nil)
        #expect(Validation.trimmedOrNil(" x ") == "x")
        #expect(try Validation.requireNonBlank("  Pantry ", "Household name cannot be empty") == "Pantry")
        #expect(throws: ServiceError.validationFailed("Household name cannot be empty")) {
            try Validation.requireNonBlank("   ", "Household name cannot be empty")
        }
    }
}

@Suite struct FormattingTests {
    @Test func currencyFollowsTheLocale() {
        #expect(Formatting.currency(Decimal(string: "1234.5")!) == "$1,234.50")
        #expect(Formatting.currency(Decimal(string: "-9.99")!, code: "USD") == "-$9.99")
        let euros = Formatting.currency(Decimal(string: "1234.5")!, code: "EUR", locale: Locale(identifier: "de_DE"))
        #expect(euros.contains("1.234,50"))
        #expect(euros.contains("€"))
    }

    @Test func currencyKeepsLargeValuesExact() {
        #expect(Formatting.currency(Decimal(string: "12345678901234.56")!) == "$12,345,678,901,234.56")
    }

    @Test(arguments: [
        ("5551234567", "(555) 123-4567"), ("555-123-4567", "(555) 123-4567"), ("(555) 123 4567", "(555) 123-4567"),
        ("555.123.4567", "(555) 123-4567"), ("12345", "12345"), ("+44 20 7946 0958", "+44 20 7946 0958"),
        ("15551234567", "15551234567"), ("call me", "call me"), ("", ""),
    ])
    func phone(_ input: String, _ expected: String) {
        #expect(Formatting.phone(input) == expected)
    }

    @Test func isoDaysRoundTripInAnyTimeZone() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let date = try #require(Formatting.parseISODay("2024-02-29", timeZone: tokyo))
        #expect(Formatting.isoDay(date, timeZone: tokyo) == "2024-02-29")
        #expect(Formatting.isoDay(date, timeZone: TimeZone(identifier: "UTC")!) == "2024-02-28")
        #expect(Formatting.parseISODay("2023-02-29") == nil, "not a leap year")
        #expect(Formatting.parseISODay("2024-13-01") == nil)
        #expect(Formatting.parseISODay("24-01-01") == nil)
        #expect(Formatting.parseISODay("yesterday") == nil)
    }

    @Test func timestampsAndDates() {
        let instant = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(Formatting.iso8601(instant) == "2023-11-14T22:13:20Z")
        let text = Formatting.date(instant, dateStyle: .abbreviated, timeZone: TimeZone(identifier: "UTC")!)
        #expect(text == "Nov 14, 2023")
    }
}

@Suite struct CalculationTests {
    private func d(_ text: String) -> Decimal { Decimal(string: text)! }

    @Test func taxAndDiscountRoundToCents() {
        #expect(Calculation.tax(on: d("19.99"), percent: d("8.25")) == d("1.65"))
        #expect(Calculation.total(d("19.99"), taxPercent: d("8.25")) == d("21.64"))
        #expect(Calculation.discount(on: d("80"), percent: 15) == d("12"))
        #expect(Calculation.discounted(d("80"), percent: 15) == d("68"))
        #expect(Calculation.discounted(d("10"), percent: 150) == 0)
        #expect(Calculation.percentage(d("1"), of: d("3")) == d("33.33"))
        #expect(Calculation.percentage(d("1"), of: 0) == 0)
    }

    @Test func roundingModes() {
        #expect(Calculation.rounded(d("2.345")) == d("2.35"))
        #expect(Calculation.rounded(d("-2.345")) == d("-2.35"))
        #expect(Calculation.rounded(d("2.345"), mode: .bankers) == d("2.34"))
        #expect(Calculation.rounded(d("2.349"), mode: .down) == d("2.34"))
    }

    @Test func splittingLosesNoCent() {
        let parts = Calculation.split(d("100"), into: 3)
        #expect(parts == [d("33.34"), d("33.33"), d("33.33")])
        #expect(parts.reduce(0, +) == d("100"))
        let negative = Calculation.split(d("-0.05"), into: 2)
        #expect(negative.reduce(0, +) == d("-0.05"))
        #expect(Calculation.split(d("1"), into: 0).isEmpty)
    }

    @Test func allocationByWeightsAddsUpExactly() {
        let shares = Calculation.allocate(d("10"), weights: [1, 1, 1, 1, 1, 1, 1])
        #expect(shares.reduce(0, +) == d("10"))
        #expect(Set(shares).isSubset(of: [d("1.43"), d("1.42")]))
        let weighted = Calculation.allocate(d("90.01"), weights: [2, 1])
        #expect(weighted == [d("60.01"), d("30")])
        #expect(Calculation.allocate(d("5"), weights: [0, 0]) == [0, 0])
        for seed in 1...50 {
            let total = Decimal(seed * 7919 % 100_000) / 100
            let weights = (0..<(seed % 9 + 1)).map { Decimal(($0 * seed) % 7 + 1) }
            #expect(Calculation.allocate(total, weights: weights).reduce(0, +) == total)
        }
    }
}
