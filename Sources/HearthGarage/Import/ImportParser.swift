import Foundation
import HearthExchange

/// Reads the rows of one file layout and hands records to an ``ImportWriter``.
///
/// Each file is read twice: a sniffing pass (`sink` nil) that only observes values until the file's
/// conventions are settled, and the import pass.
protocol ImportParser: AnyObject {
    var conventions: FileConventions { get set }
    /// Handles one row; `sink` is nil while sniffing.
    func consume(_ row: CSVRow, sink: ImportWriter?) throws
    /// Checks, at the end of the file, that it had the layout's structure.
    func finish(sink: ImportWriter?) throws
    /// Whether the sniffing pass has seen enough (default: the date order and decimal separator are known).
    var isSettled: Bool { get }
}

extension ImportParser {
    var isSettled: Bool { conventions.isSettled }
}
