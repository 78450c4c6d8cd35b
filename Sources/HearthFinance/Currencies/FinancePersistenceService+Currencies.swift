public import Foundation
import GRDB
import HearthCore
import HearthStore

extension FinancePersistenceService {
    // MARK: The book currency

    /// The book currency: what amounts without a currency of their own are in (EUR until set).
    nonisolated public func bookCurrency() async throws -> CurrencyCode {
        try await read { try Self.bookCurrency($0) }
    }

    static func bookCurrency(_ db: Database) throws -> CurrencyCode {
        let text = try setting("currency", in: db) ?? "EUR"
        do {
            return try CurrencyCode(text)
        } catch let error as PersistenceError {
            throw PersistenceError(.fetchFailed, "The stored book currency: \(error.message)")
        }
    }

    /// Sets the book currency. Amounts stored without a currency of their own are read in it from now on:
    /// set it once, to the currency you have been entering amounts in.
    nonisolated public func setBookCurrency(_ currency: CurrencyCode) async throws {
        try await setSetting("currency", to: currency.code)
    }

    // MARK: Exchange rates

    /// Stores `rates`, replacing a stored rate of the same pair and day whose value differs; saving the same
    /// rates again changes nothing. All are written or none.
    @discardableResult
    nonisolated public func saveExchangeRates(_ rates: [ExchangeRate]) async throws -> RateImportSummary {
        do {
            return try await database.writer.write { db in try Self.save(rates, db) }
        } catch let error as PersistenceError {
            throw error
        } catch {
            throw PersistenceError.saveFailed(error)
        }
    }

    static func save(_ rates: [ExchangeRate], _ db: Database) throws -> RateImportSummary {
        var summary = RateImportSummary()
        let select = try db.cachedStatement(
            sql: "SELECT rate FROM financeExchangeRate WHERE quote = ? AND day = ? AND base = ?")
        let upsert = try db.cachedStatement(
            sql: """
                INSERT INTO financeExchangeRate (quote, day, base, rate) VALUES (?, ?, ?, ?)
                ON CONFLICT (quote, day, base) DO UPDATE SET rate = excluded.rate
                """)
        for rate in rates {
            let key: StatementArguments = [rate.quote.code, rate.day.description, rate.base.code]
            let text = NSDecimalNumber(decimal: rate.rate).stringValue
            if let stored = try String.fetchOne(select, arguments: key) {
                if Decimal(string: stored, locale: Self.posix) == rate.rate {
                    summary.unchanged += 1
                    continue
                }
                summary.updated += 1
            } else {
                summary.added += 1
            }
            try upsert.execute(arguments: key + [text])
        }
        return summary
    }

    /// Imports the European Central Bank's `eurofxref-hist.csv` (or `eurofxref.csv`, the latest day alone).
    ///
    /// The file is checked whole before anything is written: a fault anywhere refuses it, naming the line,
    /// and stores nothing. Importing the same file again adds nothing; a newer file adds its new days and
    /// corrects any value the bank revised.
    /// - Throws: ``PersistenceError`` (validation failed) naming the file, the line and the fault.
    @discardableResult
    nonisolated public func importECBRates(from url: URL, maximumBytes: Int = 32 << 20) async throws
        -> RateImportSummary
    {
        let contents = try ECBRatesFile.read(url, maximumBytes: maximumBytes)
        var summary = try await saveExchangeRates(contents.rates)
        summary.days = contents.days
        summary.skippedCurrencies = contents.skippedCurrencies
        return summary
    }

    /// Stored rates, newest day first, then by quote and base; optionally of one currency (as base or
    /// quote) and within a range of days.
    nonisolated public func exchangeRates(
        currency: CurrencyCode? = nil, from start: RateDay? = nil, through end: RateDay? = nil, limit: Int = 1_000
    ) async throws -> [ExchangeRate] {
        var conditions: [String] = []
        var arguments = StatementArguments()
        if let currency {
            conditions.append("(quote = ? OR base = ?)")
            arguments += [currency.code, currency.code]
        }
        if let start {
            conditions.append("day >= ?")
            arguments += [start.description]
        }
        if let end {
            conditions.append("day <= ?")
            arguments += [end.description]
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        arguments += [max(0, limit)]
        let bound = arguments
        return try await read { db in
            try Row.fetchAll(
                db,
                sql:
                    "SELECT base, quote, day, rate FROM financeExchangeRate \(filter) ORDER BY day DESC, quote, base LIMIT ?",
                arguments: bound
            ).map(Self.rate(from:))
        }
    }

    static func rate(from row: Row) throws -> ExchangeRate {
        let baseText: String = row[0]
        let quoteText: String = row[1]
        let dayText: String = row[2]
        let rateText: String = row[3]
        guard let day = RateDay(dayText), let rate = Decimal(string: rateText, locale: posix) else {
            throw PersistenceError(
                .fetchFailed, "The stored rate \(baseText)→\(quoteText) \(dayText) \(rateText) cannot be read")
        }
        return try ExchangeRate(base: CurrencyCode(baseText), quote: CurrencyCode(quoteText), day: day, rate: rate)
    }

    /// A converter holding every stored rate that converting `currencies` over `days` may need: those of
    /// the days, and of the ``CurrencyConverter/fallbackDays`` before the first. One query per currency,
    /// however many amounts are then converted.
    nonisolated public func currencyConverter(for currencies: Set<CurrencyCode>, over days: ClosedRange<RateDay>)
        async throws -> CurrencyConverter
    {
        let codes = currencies.union([.euro]).map(\.code).sorted()
        let start = days.lowerBound.adding(days: -CurrencyConverter.fallbackDays).description
        let end = days.upperBound.description
        let rates = try await read { db in
            var rates: [ExchangeRate] = []
            let byQuote = try db.cachedStatement(sql: Self.ratesOfQuoteSQL)
            for code in codes {
                for row in try Row.fetchAll(byQuote, arguments: [code, start, end]) {
                    let rate = try Self.rate(from: row)
                    if currencies.contains(rate.base) || rate.base == .euro { rates.append(rate) }
                }
            }
            return rates
        }
        return CurrencyConverter(rates: rates)
    }

    // MARK: Converted figures

    /// The month containing `date` in `currency`: every transaction converted with the rate of its own day,
    /// and active subscriptions' monthly cost converted with the rates of `date`'s day.
    /// - Throws: ``PersistenceError`` (validation failed) naming a currency and day without a rate.
    nonisolated public func convertedMonth(containing date: Date, into currency: CurrencyCode) async throws
        -> ConvertedMonth
    {
        let range = try month(containing: date)
        let totals = try await convertedTotals(in: range, into: currency)
        let today = RateDay(date, timeZone: calendar.timeZone)
        let (book, subscriptions) = try await read { db in
            (
                try Self.bookCurrency(db),
                try Row.fetchAll(db, sql: "\(Subscription.selectSQL) WHERE isActive = 1").map(Subscription.init(row:))
            )
        }
        let converter = try await currencyConverter(
            for: Set(subscriptions.map { $0.currency ?? book }).union([currency]), over: today...today)
        var cost = Decimal(0)
        for subscription in subscriptions {
            cost += try converter.convert(
                subscription.billingCycle.monthlyEquivalent(of: subscription.price),
                from: subscription.currency ?? book, to: currency, on: today)
        }
        return ConvertedMonth(
            currency: currency,
            summary: MonthSummary(
                month: DateInterval(start: range.lowerBound, end: range.upperBound), income: totals.income,
                expenses: totals.expenses, transactionCount: totals.count),
            spendingByCategory: totals.spending, monthlySubscriptionCost: cost, ratesDay: today)
    }

    /// Income, expenses (positive), count and spending per category (largest first) of the transactions
    /// dated in `range`, each converted to `currency` with the rate of its own day and rounded, then summed.
    /// The rates the range needs are read once.
    /// - Throws: ``PersistenceError`` (validation failed) naming a currency and day without a rate.
    nonisolated func convertedTotals(in range: Range<Date>, into currency: CurrencyCode) async throws -> (
        income: Decimal, expenses: Decimal, count: Int, spending: [CategorySpending]
    ) {
        let timeZone = calendar.timeZone
        let (book, transactions) = try await read { db in
            (
                try Self.bookCurrency(db),
                try Row.fetchAll(
                    db, sql: "\(Transaction.selectSQL) WHERE date >= ? AND date < ? ORDER BY date, localID",
                    arguments: [Milliseconds.from(range.lowerBound), Milliseconds.from(range.upperBound)]
                ).map(Transaction.init(row:))
            )
        }
        guard let first = transactions.first, let last = transactions.last else { return (0, 0, 0, []) }
        let currencies = Set(transactions.map { $0.currency ?? book }).union([currency])
        let converter = try await currencyConverter(
            for: currencies, over: RateDay(first.date, timeZone: timeZone)...RateDay(last.date, timeZone: timeZone))
        var income = Decimal(0)
        var expenses = Decimal(0)
        var byCategory: [TransactionCategory: (amount: Decimal, count: Int)] = [:]
        for transaction in transactions {
            let amount = try converter.convert(
                transaction.amount, from: transaction.currency ?? book, to: currency,
                on: RateDay(transaction.date, timeZone: timeZone))
            if amount > 0 { income += amount } else { expenses -= amount }
            if transaction.amount < 0 {
                byCategory[transaction.category, default: (0, 0)].amount -= amount
                byCategory[transaction.category, default: (0, 0)].count += 1
            }
        }
        let spending = byCategory.map {
            CategorySpending(category: $0.key, amount: $0.value.amount, transactionCount: $0.value.count)
        }.sorted { ($0.amount, $1.category.rawValue) > ($1.amount, $0.category.rawValue) }
        return (income, expenses, transactions.count, spending)
    }

    /// `group` with every expense converted to `currency` with the rate of the expense's day: amounts and
    /// exact split amounts rounded to `currency`'s minor units, an expense of exact amounts summing its
    /// converted shares. Balances of the result (``GroupBalances``) are then in `currency`.
    /// - Throws: ``PersistenceError`` (validation failed) naming a currency and day without a rate.
    nonisolated public func converted(_ group: Group, into currency: CurrencyCode) async throws -> Group {
        guard !group.expenses.isEmpty else { return group }
        let book = try await bookCurrency()
        let timeZone = calendar.timeZone
        let days = group.expenses.map { RateDay($0.date, timeZone: timeZone) }
        let currencies = Set(group.expenses.map { $0.currency ?? book }).union([currency])
        let converter = try await currencyConverter(for: currencies, over: days.min()!...days.max()!)
        let expenses = try zip(group.expenses, days).map { expense, day in
            let from = expense.currency ?? book
            switch expense.split {
            case .exactAmounts(let values):
                let converted = try values.mapValues { try converter.convert($0, from: from, to: currency, on: day) }
                return expense.with(
                    amount: converted.values.reduce(0, +), split: .exactAmounts(converted), currency: currency)
            default:
                return expense.with(
                    amount: try converter.convert(expense.amount, from: from, to: currency, on: day),
                    currency: currency)
            }
        }
        return group.with(expenses: expenses)
    }

    static let posix = Locale(identifier: "en_US_POSIX")

    /// The rates quoting `?` over a range of days: one range of the primary key.
    static let ratesOfQuoteSQL =
        "SELECT base, quote, day, rate FROM financeExchangeRate WHERE quote = ? AND day BETWEEN ? AND ?"
}

extension FinancePersistenceService {
    /// Whether any transaction, subscription or group expense is in another currency than the book's: then
    /// totals must convert, since summing amounts of two currencies means nothing.
    nonisolated public func holdsOtherCurrencies() async throws -> Bool {
        try await read { db in
            let book = try Self.bookCurrency(db).code
            return try Bool.fetchOne(db, sql: Self.otherCurrenciesSQL, arguments: [book, book, book]) ?? false
        }
    }

    /// Whether any row has a currency other than `?` (the book's), through the partial currency indexes.
    static let otherCurrenciesSQL = """
        SELECT EXISTS (SELECT 1 FROM financeTransaction WHERE currency IS NOT NULL AND currency <> ?)
            OR EXISTS (SELECT 1 FROM financeSubscription WHERE currency IS NOT NULL AND currency <> ?)
            OR EXISTS (SELECT 1 FROM financeGroupExpense WHERE currency IS NOT NULL AND currency <> ?)
        """
}

extension FinancePersistenceService {
    /// What each of `subscriptions` costs per month (by its billing cycle, zero when inactive) in
    /// `currency`, with the rates of `date`'s day, rounded to `currency`'s minor units; in their order.
    /// - Throws: ``PersistenceError`` (validation failed) naming a currency and day without a rate.
    nonisolated public func monthlyCosts(of subscriptions: [Subscription], in currency: CurrencyCode, on date: Date)
        async throws -> [Decimal]
    {
        let book = try await bookCurrency()
        let day = RateDay(date, timeZone: calendar.timeZone)
        let converter = try await currencyConverter(
            for: Set(subscriptions.map { $0.currency ?? book }).union([currency]), over: day...day)
        return try subscriptions.map {
            try converter.convert($0.monthlyCost, from: $0.currency ?? book, to: currency, on: day)
        }
    }
}
