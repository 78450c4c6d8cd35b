import Foundation
import HearthTestSupport
import Testing

@testable import HearthFinance

extension FinanceCLITests {
    /// Today in UTC, as the commands (run with TZ=UTC) see it.
    fileprivate var today: String { RateDay(Date(), timeZone: TimeZone(identifier: "UTC")!).description }

    @Test func settingsSetTheBookCurrency() async throws {
        let shown = try await hearth(["settings"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout == "Book currency: EUR\n")
        let set = try await hearth(["settings", "--currency", "usd"])
        #expect(set.stdout == "Book currency: USD\n", "lowercase codes are read as capitals")
        let json = try #require(try await json(["settings"]) as? [String: Any])
        #expect(json["currency"] as? String == "USD")
        try await expectFailure(
            ["settings", "--currency", "XYZ"], "\"XYZ\" is not an active ISO 4217 currency code; check it")
        #expect(try await hearth(["settings"]).stdout == "Book currency: USD\n")
    }

    @Test func ratesImportAddListAndConvertedSummary() async throws {
        let fixture = ExchangeRateImportTests.fixture
        let first = try await hearth(["rates", "import", fixture.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stdout.hasPrefix("Imported eurofxref-hist.csv: 35 days, 1008 rates added, 0 updated, 0 unchanged.\n"))
        #expect(
            first.stdout.contains(
                "Skipped currencies no longer in use: CYP, EEK, LTL, LVL, MTL, ROL, SIT, SKK, HRK, TRL."))
        let again = try #require(try await json(["rates", "import", fixture.path]) as? [String: Any])
        #expect(again["added"] as? Int == 0 && again["unchanged"] as? Int == 1008)

        let listed = try #require(
            try await json(["rates", "list", "--currency", "usd", "--limit", "2"]) as? [[String: Any]])
        #expect(listed.map { $0["day"] as? String } == ["2026-11-02", "2026-10-30"])
        #expect(listed.map { $0["base"] as? String } == ["EUR", "EUR"])
        #expect(listed.first?["quote"] as? String == "USD")
        let table = try await hearth(["rates", "list", "--currency", "GBP", "--limit", "1"])
        #expect(table.stdout.contains("2026-11-02  EUR   GBP       0.8412"), "\(table.stdout)")

        // Today's rates by hand: 1 EUR = 1.25 USD = 0.85 GBP.
        let added = try await hearth(["rates", "add", "USD", "1.25"])
        #expect(added.stdout == "Added \(today): 1 EUR = 1.25 USD\n", "\(added.stderr)")
        try await hearth(["rates", "add", "--day", today, "gbp", "0.85"])
        let same = try await hearth(["rates", "add", "--day", today, "GBP", "0.850"])
        #expect(same.stdout.hasPrefix("Unchanged"), "\(same.stdout)")

        let spent = try await hearth([
            "transactions", "add", "--title", "Books", "--amount", "-10", "--currency", "usd",
        ])
        #expect(spent.stdout.hasPrefix("Added Books -10.00 USD ("), "\(spent.stdout)")
        // −10 USD in GBP: −10 × 0.85 ÷ 1.25 = −6.80.
        let summary = try #require(try await json(["summary", "--currency", "GBP"]) as? [String: Any])
        #expect(summary["currency"] as? String == "GBP")
        #expect((summary["expenses"] as? NSNumber)?.decimalValue == Decimal(string: "6.8")!)
        // Without --currency the book currency (EUR) is used, since an amount is in another: 10 ÷ 1.25 = 8.
        let plain = try await hearth(["summary"])
        #expect(plain.stdout.contains("expenses 8.00 EUR"), "\(plain.stdout)")

        // 9.99 GBP a month in USD at today's rates: 9.99 × 1.25 ÷ 0.85 = 14.6911… → 14.69.
        try await hearth([
            "subscriptions", "add", "--name", "Paper", "--price", "9.99", "--next", today, "--currency", "GBP",
        ])
        let subscriptionList = try await hearth(["subscriptions", "list", "--currency", "USD"])
        #expect(subscriptionList.stdout.contains("9.99 GBP"), "\(subscriptionList.stdout)")
        #expect(subscriptionList.stdout.contains("14.69 USD"), "\(subscriptionList.stdout)")
        #expect(subscriptionList.stdout.hasSuffix("Per month in all: 14.69 USD\n"), "\(subscriptionList.stdout)")
        let costs = try #require(try await json(["subscriptions", "list", "--currency", "usd"]) as? [[String: Any]])
        #expect((costs.first?["monthlyCost"] as? NSNumber)?.decimalValue == Decimal(string: "14.69")!)
        #expect(costs.first?["currency"] as? String == "USD")
    }

    @Test func updatesChangeAnItemsCurrencyOrReturnItToTheBookCurrency() async throws {
        try await hearth(["people", "add", "--name", "Ada"])
        try await hearth(["people", "add", "--name", "Bo"])
        try await hearth(["groups", "add", "--name", "Trip", "--member", "Ada", "--member", "Bo"])
        let transaction = try #require(
            try await json(["transactions", "add", "--title", "Books", "--amount", "-24.99"]) as? [String: Any])
        let subscription = try #require(
            try await json([
                "subscriptions", "add", "--name", "Paper", "--price", "9.99", "--cycle", "monthly", "--next",
                "2030-01-10",
            ])
                as? [String: Any])
        let expense = try #require(
            try await json([
                "expenses", "add", "--group", "Trip", "--title", "Dinner", "--amount", "90", "--paid-by", "Ada",
                "--split", "Ada", "--split", "Bo",
            ]) as? [String: Any])
        for (kind, item) in [("transactions", transaction), ("subscriptions", subscription), ("expenses", expense)] {
            let id = try #require(item["id"] as? String)
            let usd = try #require(
                try await json([kind, "update", id, "--currency", "usd"]) as? [String: Any], "\(kind)")
            #expect(usd["currency"] as? String == "USD", "\(kind)")
            let book = try #require(try await json([kind, "update", id, "--currency", "book"]) as? [String: Any])
            #expect(book["currency"] == nil, "\(kind) is back in the book currency")
            try await expectFailure(
                [kind, "update", id, "--currency", "dollars"], "\"dollars\" is not an active ISO 4217 currency code")
        }
        // An amount with cents cannot become yen.
        let id = try #require(transaction["id"] as? String)
        try await expectFailure(
            ["transactions", "update", id, "--currency", "JPY"], "has more decimal places than JPY has (0)")
        let after = try #require(try await json(["transactions", "update", id, "--title", "Books"]) as? [String: Any])
        #expect(after["currency"] == nil && after["amount"] as? Double == -24.99, "the refusal changed nothing")
    }

    @Test func badCurrencyAndRateInputIsRefusedAndWritesNothing() async throws {
        try await hearth(["people", "add", "--name", "Ada"])
        try await expectFailure(
            ["transactions", "add", "--title", "X", "--amount", "-1", "--currency", "ABC"],
            "--currency: \"ABC\" is not an active ISO 4217 currency code")
        try await expectFailure(
            ["rates", "add", "USD", "0"], "RATE \"0\" is not a rate; write a number greater than 0")
        try await expectFailure(["rates", "add", "USD", "1,08"], "RATE \"1,08\" is not a rate")
        try await expectFailure(
            ["rates", "add", "--day", "2026-02-30", "USD", "1.1"], "--day \"2026-02-30\" is not a day")
        try await expectFailure(["rates", "add", "--base", "USD", "usd", "1.1"], "two different currencies")
        try await expectFailure(["rates", "list", "--limit", "0"], "--limit must be between 1 and 10000")
        try await expectFailure(["summary", "--currency", "euro"], "\"euro\" is not an active ISO 4217 currency code")
        let bad = folder.file("rates.csv")
        try Data("Date,USD,\n2026-11-02,1.08,\nyesterday,1.09,\n".utf8).write(to: bad)
        try await expectFailure(["rates", "import", bad.path], "rates.csv, line 3: \"yesterday\" is not a day")
        #expect((try await json(["rates", "list"]) as? [Any])?.isEmpty == true)
        // A converted summary without rates says which rate is missing and how to add it.
        try await hearth(["transactions", "add", "--title", "Tea", "--amount", "-3", "--currency", "GBP"])
        let missing = try await hearth(["summary"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("No GBP exchange rate for \(today)"), "\(missing.stderr)")
        #expect(missing.stderr.contains("hearth finance rates add --day \(today) GBP RATE"))
    }
}
