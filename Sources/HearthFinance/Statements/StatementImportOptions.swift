/// How ``FinancePersistenceService/importStatement(from:options:progress:)`` reads a statement file.
public struct StatementImportOptions: Sendable {
    /// Which columns of a bank's CSV export hold what; columns are named by their header, or by their
    /// number (1 for the first) in a file without a header row.
    public struct CSVMapping: Sendable {
        /// The date column (default: the first column whose header has "date" in it).
        public var dateColumn: String?
        /// The signed amount column (default: a column named "amount"); or use ``debitColumn`` and
        /// ``creditColumn``.
        public var amountColumn: String?
        /// Money out, as a positive or negative number: stored negative.
        public var debitColumn: String?
        /// Money in: stored positive.
        public var creditColumn: String?
        /// Who was paid or paid you: the transaction's title (default: a "payee", "name" or "description" column).
        public var payeeColumn: String?
        /// More detail: the transaction's subtitle (default: a "memo", "notes" or "reference" column).
        public var memoColumn: String?
        /// Whether the first row names the columns (default true).
        public var hasHeader = true
        /// The field separator; nil guesses it from the first line (`,`, `;` or a tab).
        public var delimiter: UInt8?

        public init(
            dateColumn: String? = nil, amountColumn: String? = nil, debitColumn: String? = nil,
            creditColumn: String? = nil, payeeColumn: String? = nil, memoColumn: String? = nil,
            hasHeader: Bool = true, delimiter: UInt8? = nil
        ) {
            self.dateColumn = dateColumn
            self.amountColumn = amountColumn
            self.debitColumn = debitColumn
            self.creditColumn = creditColumn
            self.payeeColumn = payeeColumn
            self.memoColumn = memoColumn
            self.hasHeader = hasHeader
            self.delimiter = delimiter
        }
    }

    /// The file's format; nil detects it (``StatementFormat/detect(_:)``).
    public var format: StatementFormat?
    /// The columns of a CSV file.
    public var csv: CSVMapping
    /// Whether dates like `05/04/2025` put the day first (QIF and CSV; default: month first, as Quicken does).
    public var dayFirst: Bool
    /// Whether amounts use a decimal comma, `-1.234,50` (QIF and CSV; OFX files say so themselves).
    public var decimalComma: Bool
    /// The account the statement is for: each transaction is tagged with it. OFX files name their accounts
    /// themselves; QIF and CSV transactions are told apart per account by it.
    public var account: String?
    /// Reads and checks everything, reports what would be added, and writes nothing.
    public var dryRun: Bool
    /// The currency of a file that does not name one (QIF and CSV; an OFX file's `CURDEF` and `CURRENCY`
    /// win). Nil: the book currency.
    public var currency: CurrencyCode?

    public init(
        format: StatementFormat? = nil, csv: CSVMapping = CSVMapping(), dayFirst: Bool = false,
        decimalComma: Bool = false, account: String? = nil, dryRun: Bool = false, currency: CurrencyCode? = nil
    ) {
        self.format = format
        self.csv = csv
        self.dayFirst = dayFirst
        self.decimalComma = decimalComma
        self.account = account
        self.dryRun = dryRun
        self.currency = currency
    }
}
