import ArgumentParser
import Foundation
import HearthExchange
import HearthFinance

/// The file formats export and import understand.
enum FinanceFileFormat: String {
    case json, csv

    /// `flag`, or else what `url`'s extension says (CSV for `.csv`, JSON otherwise).
    static func resolve(_ flag: String?, for url: URL) throws -> FinanceFileFormat {
        if let flag {
            guard let format = FinanceFileFormat(rawValue: flag.lowercased()) else {
                throw InputError("--format \"\(flag)\" is not json or csv")
            }
            return format
        }
        return url.pathExtension.lowercased() == "csv" ? .csv : .json
    }
}
