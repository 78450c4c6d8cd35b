import Foundation
import HearthCore

/// What a statement parser hands on: a transaction, an entry left out and why, or an account it names.
enum StatementEvent {
    case entry(StatementEntry)
    case skipped(line: Int, reason: String, detail: String?)
    case account(String)
}

/// Reads one kind of statement file, one entry at a time.
protocol StatementParser: AnyObject {
    /// Bytes read so far, for progress.
    var bytesRead: Int { get }
    /// The size of the file.
    var totalBytes: Int { get }
    /// Calls `body` with each event, in file order.
    /// - Throws: ``PersistenceError`` (validation failed) naming the file and the line when the file is not
    ///   what it claims to be, is cut short, or holds a value that cannot be read.
    func read(_ body: (StatementEvent) throws -> Void) throws
}

extension StatementParser {
    /// The error for an unreadable value: the file, the line, the problem and the way out.
    func refuse(_ file: String, line: Int, _ problem: String) -> PersistenceError {
        PersistenceError.validationFailed("\(file), line \(line): \(problem) Nothing was imported.")
    }

    /// `bytes` as text: UTF-8, else Windows-1252 (banks' exports in older encodings).
    static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if !bytes.contains(where: { $0 >= 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
            ?? String(data: Data(buffer: bytes), encoding: .windowsCP1252)
            ?? String(decoding: bytes, as: UTF8.self)
    }

    /// The message for a date that could not be read.
    static func dateProblem(_ problem: StatementValues.DateProblem, _ text: String) -> String {
        switch problem {
        case .unreadable:
            "\"\(text)\" is not a date; dates are read like 2025-12-31, 12/31/2025, 12/31'25 or 31.12.2025."
        case .dayFirst:
            "\"\(text)\" has no month \(text.split(whereSeparator: { !$0.isNumber }).first ?? ""); the file writes the day first: import it with --day-first."
        case .monthFirst:
            "\"\(text)\" has no month \(text.split(whereSeparator: { !$0.isNumber }).dropFirst().first ?? ""); the file writes the month first: import it without --day-first."
        }
    }
}
