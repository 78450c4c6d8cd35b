import Foundation
import HearthExchange

/// Reads the European Central Bank's history of euro reference rates, `eurofxref-hist.csv`, in the layout
/// the bank publishes it:
///
/// ```text
/// Date,USD,JPY,BGN,CYP,CZK,…,ZAR,
/// 2026-11-02,1.0832,162.43,1.9558,N/A,25.044,…,20.401,
/// 2026-10-30,1.0866,163.1,1.9558,N/A,25.071,…,20.512,
/// ```
///
/// One column per currency, values in units of that currency per 1 EUR, rows newest first, `N/A` where
/// the bank published nothing (currencies before they joined or after they left), and a trailing comma that
/// makes an empty last column. Columns of codes that are no longer in use (`CYP`, `EEK`, `HRK`, …) are
/// checked like the others but not kept: no amount can be held in them.
///
/// The file is read one line at a time through ``HearthExchange/CSVReader`` after its size is checked, and
/// any fault refuses it whole, naming the line.
enum ECBRatesFile {
    /// The largest file read: the bank's full history since 1999 is about 2 MB.
    static let maximumBytes = 32 << 20
    /// The longest line read.
    static let maximumRowBytes = 16 << 10

    /// What a file held.
    struct Contents {
        var rates: [ExchangeRate] = []
        /// Columns of codes no longer in use, skipped.
        var skippedCurrencies: [String] = []
        /// Days (rows) read.
        var days = 0
    }

    static func read(_ url: URL, maximumBytes: Int = maximumBytes) throws -> Contents {
        let label = url.lastPathComponent
        let size: Int
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            guard (attributes[.type] as? FileAttributeType) == .typeRegular else {
                throw PersistenceError.validationFailed(
                    "\(url.path) is not a file; give the path of eurofxref-hist.csv")
            }
            size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } catch let error as PersistenceError {
            throw error
        } catch {
            throw PersistenceError.validationFailed(
                "Cannot read \(url.path): no such file; download eurofxref-hist.zip from the European Central Bank and unzip it"
            )
        }
        guard size <= maximumBytes else {
            throw PersistenceError.validationFailed(
                "\(label) is \(size) bytes, more than the \(maximumBytes) bytes an exchange rate file may be (the bank's whole history is about 2 MB); check that this is eurofxref-hist.csv. Nothing was imported."
            )
        }
        let reader = try FinancePersistenceService.exchange { try CSVReader(url: url, quoting: .strict) }
        reader.maximumRowBytes = maximumRowBytes
        return try read(reader, label: label)
    }

    static func read(_ reader: CSVReader, label: String) throws -> Contents {
        var contents = Contents()
        // Per column after Date: the currency kept, nil for a skipped one.
        var columns: [CurrencyCode?]?
        var seen: Set<RateDay> = []
        func refuse(_ line: Int, _ problem: String) -> PersistenceError {
            PersistenceError.validationFailed(
                "\(label), line \(line): \(problem). Nothing was imported; check that this is eurofxref-hist.csv from the European Central Bank, unchanged."
            )
        }
        try FinancePersistenceService.exchange {
            try reader.forEachRow { row in
                var fields = row.strings
                // The bank ends every line with a comma: an empty last column.
                if fields.count > 1, fields.last?.isEmpty == true { fields.removeLast() }
                guard let known = columns else {
                    guard fields.first == "Date", fields.count > 1 else {
                        throw refuse(
                            row.line, "the header should start with Date followed by currency codes (Date,USD,JPY,…)")
                    }
                    var header: [CurrencyCode?] = []
                    var names: Set<String> = []
                    for name in fields.dropFirst() {
                        let bytes = Array(name.utf8)
                        guard bytes.count == 3, bytes.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") })
                        else {
                            throw refuse(row.line, "the header column \"\(name)\" is not a currency code")
                        }
                        guard names.insert(name).inserted else {
                            throw refuse(row.line, "the header names \(name) twice")
                        }
                        if let code = try? CurrencyCode(name) {
                            header.append(code)
                        } else {
                            header.append(nil)
                            contents.skippedCurrencies.append(name)
                        }
                    }
                    columns = header
                    return true
                }
                guard fields.count == known.count + 1 else {
                    throw refuse(row.line, "the row has \(fields.count) values where the header has \(known.count + 1)")
                }
                guard let day = RateDay(fields[0]) else {
                    throw refuse(row.line, "\"\(fields[0])\" is not a day written YYYY-MM-DD")
                }
                guard seen.insert(day).inserted else {
                    throw refuse(row.line, "\(day) appears twice")
                }
                for (index, currency) in known.enumerated() {
                    let text = fields[index + 1]
                    if text == "N/A" || text.isEmpty { continue }
                    guard let rate = Self.rate(text) else {
                        throw refuse(
                            row.line,
                            "the \(currency?.code ?? "column \(index + 2)") value \"\(text)\" is not a rate (a number above 0, or N/A)"
                        )
                    }
                    guard let currency else { continue }
                    contents.rates.append(try ExchangeRate(quote: currency, day: day, rate: rate))
                }
                contents.days += 1
                return true
            }
        }
        guard columns != nil else {
            throw PersistenceError.validationFailed(
                "\(label) is empty; it should start with the header Date,USD,JPY,… Nothing was imported.")
        }
        return contents
    }

    /// A positive decimal of digits with at most one point (`1.0832`, `162.43`), exactly; nil otherwise.
    static func rate(_ text: String) -> Decimal? {
        var points = 0
        var digits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                points += 1
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                digits += 1
            } else {
                return nil
            }
        }
        guard points <= 1, digits > 0, digits <= 20,
            let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), value > 0
        else { return nil }
        return value
    }
}
