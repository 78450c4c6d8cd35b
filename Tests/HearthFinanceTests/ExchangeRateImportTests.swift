import Foundation
import HearthTestSupport
import Testing

@testable import HearthFinance

/// Importing the European Central Bank's `eurofxref-hist.csv`, and refusing what is not one.
@Suite struct ExchangeRateImportTests {
    /// The fixture: the bank's layout (header `Date,USD,JPY,…,ZAR,`, rows newest first with a trailing comma,
    /// `N/A` for currencies not quoted that day), 34 days from 2026-11-02 back to 2026-09-16 and 1999-01-04.
    static let fixture = Bundle.module.url(
        forResource: "eurofxref-hist", withExtension: "csv", subdirectory: "Fixtures")!

    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder(prefix: "hearth-rates-tests") }

    func write(_ text: String, _ name: String = "eurofxref-hist.csv") throws -> URL {
        let url = folder.file(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    func fixtureLines() throws -> [String] {
        try String(contentsOf: Self.fixture, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    func allRates(_ store: FinancePersistenceService) async throws -> [ExchangeRate] {
        try await store.exchangeRates(limit: 100_000)
    }

    @Test func theBanksFileImportsEveryQuotedRateOfCurrenciesInUse() async throws {
        let (store, _) = try makeStore()
        let summary = try await store.importECBRates(from: Self.fixture)
        // 35 rows; 1008 values that are not N/A in the columns of codes still in use.
        #expect(summary.days == 35)
        #expect(summary.added == 1008)
        #expect(summary.updated == 0 && summary.unchanged == 0)
        #expect(summary.skippedCurrencies == ["CYP", "EEK", "LTL", "LVL", "MTL", "ROL", "SIT", "SKK", "HRK", "TRL"])
        let usd = try await store.exchangeRates(currency: try CurrencyCode("USD"), limit: 3)
        #expect(usd.map(\.day.description) == ["2026-11-02", "2026-10-30", "2026-10-29"])
        #expect(usd.map(\.rate) == ["1.0832", "1.0866", "1.085"].map { Decimal(string: $0)! })
        #expect(usd.allSatisfy { $0.base == .euro })
        // N/A is no rate: ISK was not quoted on 2026-10-14, BGN not at all since the euro replaced it.
        let isk = try await store.exchangeRates(
            currency: try CurrencyCode("ISK"), from: RateDay("2026-10-14"), through: RateDay("2026-10-14"))
        #expect(isk.isEmpty)
        #expect(try await store.exchangeRates(currency: try CurrencyCode("BGN")).isEmpty)
        // The 1999 row is read too (its CYP value skipped with the column).
        let old = try await store.exchangeRates(through: RateDay("1999-12-31"), limit: 100)
        #expect(old.count == 23)
        #expect(old.first(where: { $0.quote.code == "JPY" })?.rate == Decimal(string: "133.73")!)
    }

    @Test func importingAgainAddsNothingAndARevisedValueIsUpdated() async throws {
        let (store, _) = try makeStore()
        try await store.importECBRates(from: Self.fixture)
        let again = try await store.importECBRates(from: Self.fixture)
        #expect(again.added == 0 && again.updated == 0 && again.unchanged == 1008)
        #expect(try await allRates(store).count == 1008)

        var lines = try fixtureLines()
        lines[1] = lines[1].replacingOccurrences(of: "2026-11-02,1.0832,", with: "2026-11-02,1.0833,")
        let revised = try write(lines.joined(separator: "\n") + "\n")
        let summary = try await store.importECBRates(from: revised)
        #expect(summary.added == 0 && summary.updated == 1 && summary.unchanged == 1007)
        let usd = try await store.exchangeRates(currency: try CurrencyCode("USD"), limit: 1)
        #expect(usd.first?.rate == Decimal(string: "1.0833")!)
    }

    @Test func aFileWithoutTheTrailingCommaAndWithCRLFReadsTheSame() async throws {
        let lines = try fixtureLines().map { String($0.dropLast()) }
        let url = try write(lines.joined(separator: "\r\n"))
        let (store, _) = try makeStore()
        let summary = try await store.importECBRates(from: url)
        #expect(summary.added == 1008 && summary.days == 35)
    }

    /// Imports `text` into a store that holds the fixture's rates, expecting a refusal that contains each
    /// of `fragments` and no change to the stored rates.
    func expectRefusal(
        _ url: URL, _ fragments: [String], maximumBytes: Int = 32 << 20,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let (store, _) = try makeStore()
        try await store.importECBRates(from: Self.fixture)
        let before = try await allRates(store)
        do {
            _ = try await store.importECBRates(from: url, maximumBytes: maximumBytes)
            Issue.record("\(url.lastPathComponent) was imported", sourceLocation: sourceLocation)
        } catch let error as PersistenceError {
            #expect(error.code == .validationFailed, sourceLocation: sourceLocation)
            for fragment in fragments {
                #expect(error.message.contains(fragment), "\(error.message)", sourceLocation: sourceLocation)
            }
        }
        #expect(try await allRates(store) == before, "nothing was written", sourceLocation: sourceLocation)
    }

    @Test func aMalformedFileIsRefusedWholeNamingTheLine() async throws {
        var lines = try fixtureLines()
        // A bad date on line 5, after four good lines whose rates must not be kept either.
        lines[4] = lines[4].replacingOccurrences(of: "2026-10-28,", with: "2026-10-32,")
        try await expectRefusal(
            try write(lines.joined(separator: "\n")), ["line 5", "\"2026-10-32\" is not a day", "Nothing was imported"])

        lines = try fixtureLines()
        lines[10] = lines[10].replacingOccurrences(of: ",N/A,N/A,", with: ",N/A,abc,")
        try await expectRefusal(try write(lines.joined(separator: "\n")), ["line 11", "\"abc\" is not a rate"])

        lines = try fixtureLines()
        lines[3] = lines[3].replacingOccurrences(of: "2026-10-29,1.085,", with: "2026-10-29,0,")
        try await expectRefusal(try write(lines.joined(separator: "\n")), ["line 4", "USD value \"0\""])

        lines = try fixtureLines()
        lines[3] = lines[3].replacingOccurrences(of: "2026-10-29,1.085,", with: "2026-10-29,-1.085,")
        try await expectRefusal(try write(lines.joined(separator: "\n")), ["line 4", "\"-1.085\""])

        lines = try fixtureLines()
        lines[7] = String(lines[7].dropLast(8))
        try await expectRefusal(try write(lines.joined(separator: "\n")), ["line 8", "values where the header has 42"])

        lines = try fixtureLines()
        lines.insert(lines[2], at: 3)
        try await expectRefusal(try write(lines.joined(separator: "\n")), ["line 4", "2026-10-30 appears twice"])
    }

    @Test func whatIsNotTheBanksFileIsRefused() async throws {
        try await expectRefusal(try write(""), ["is empty"])
        try await expectRefusal(try write("Day,USD\n2026-11-02,1.08\n"), ["line 1", "Date followed by currency codes"])
        try await expectRefusal(
            try write("Date,USD,Japanese Yen\n"), ["line 1", "\"Japanese Yen\" is not a currency code"])
        try await expectRefusal(try write("Date,USD,USD\n"), ["line 1", "names USD twice"])
        // A binary file (a ZIP archive, not unzipped).
        let zip = folder.file("eurofxref-hist.zip")
        try Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00] + Array(repeating: 0, count: 64)).write(
            to: zip)
        try await expectRefusal(zip, ["eurofxref-hist.zip"])
        // A folder, and a file that is not there.
        try await expectRefusal(folder.url, ["is not a file"])
        try await expectRefusal(folder.file("missing.csv"), ["no such file"])
    }

    @Test func aFileLargerThanTheLimitIsRefusedBeforeItIsRead() async throws {
        // The limit is checked against the file's size: a file one byte over it is not opened at all.
        let size = try Data(contentsOf: Self.fixture).count
        try await expectRefusal(
            Self.fixture, ["\(size) bytes", "more than the \(size - 1) bytes"], maximumBytes: size - 1)
        // One enormous line is refused without being held whole.
        let long = try write("Date,USD,\n2026-11-02," + String(repeating: "1", count: 100_000) + ",\n", "long.csv")
        try await expectRefusal(long, ["line 2"])
    }
}
