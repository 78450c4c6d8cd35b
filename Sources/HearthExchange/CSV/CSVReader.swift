public import Foundation
import HearthCore

/// A streaming CSV tokenizer over bytes: the one CSV reader of Hearth, for every importer.
///
/// Hand-written rather than taken from a CSV library because imports need all of: constant memory on files
/// of any size (64 KiB chunks, one row at a time), bare-CR line endings (iPhone exports), raw field bytes so
/// numbers and dates are parsed without building strings, and errors that name the file and line.
///
/// - Blank lines are skipped; a UTF-8 byte-order mark is not data.
/// - A NUL byte means the input is not text.
/// - An unterminated quote is an error naming the line it opened on.
/// - Text after a closing quote is kept as part of the field (Drivvo's `"Full tank" 2` header), or, with
///   ``Quoting/strict``, refused as RFC 4180 requires.
///
/// ```swift
/// let reader = try CSVReader(url: url)
/// try reader.forEachRow { row in
///     print(row.line, row.strings)
///     return true   // false stops reading
/// }
/// ```
public final class CSVReader {
    /// What a quote in the middle of a field means.
    public enum Quoting: Sendable {
        /// Text after a closing quote stays part of the field: `"Full tank" 2` reads as `Full tank 2`.
        case lenient
        /// Text after a closing quote is an error naming the line (RFC 4180).
        case strict
    }

    /// The field separator.
    public let delimiter: UInt8
    /// The most bytes one row may hold; a longer row is refused before it is read whole.
    public var maximumRowBytes = Int.max
    private let quoting: Quoting
    private let input: ChunkedInput

    /// Bytes read so far, for progress.
    public var bytesRead: Int { input.bytesRead }
    /// The size of the input in bytes.
    public var totalBytes: Int { input.totalBytes }
    /// How the input is named in messages.
    public var label: String { input.label }

    /// Reads the file at `url`, `chunkSize` bytes at a time.
    /// - Throws: ``HearthCore/ServiceError`` (not found) when the file cannot be opened.
    public init(url: URL, delimiter: UInt8 = UInt8(ascii: ","), quoting: Quoting = .lenient, chunkSize: Int = 1 << 16)
        throws
    {
        input = try ChunkedInput(url: url, chunkSize: chunkSize)
        self.delimiter = delimiter
        self.quoting = quoting
    }

    /// Reads bytes already in memory (the head of a file, tests).
    public init(
        bytes: [UInt8], delimiter: UInt8 = UInt8(ascii: ","), quoting: Quoting = .lenient, label: String = "the file"
    ) {
        input = ChunkedInput(bytes: bytes, label: label)
        self.delimiter = delimiter
        self.quoting = quoting
    }

    private enum State {
        case fieldStart, unquoted, quoted, quoteInQuoted, afterQuoted
    }

    /// Calls `body` with each non-blank row, in order, until it returns false or the input ends.
    /// The row is only valid during the call.
    /// - Throws: ``HearthCore/ServiceError`` (validation failed) for a NUL byte (binary data), an unterminated
    ///   quote or, when strict, text after a closing quote, naming the file and line; or what `body` throws.
    public func forEachRow(_ body: (CSVRow) throws -> Bool) throws {
        // The current row lives in two growable buffers owned by this call.
        var bytes = GrowableBuffer<UInt8>(capacity: 4_096)
        var ends = GrowableBuffer<Int>(capacity: 64)
        defer {
            bytes.deallocate()
            ends.deallocate()
        }
        var state = State.fieldStart
        var line = 1
        var rowLine = 1
        var quoteLine = 1
        var previousWasCR = false
        var rowHasContent = false
        var atStart = true
        var keepGoing = true
        let delimiter = self.delimiter
        let strict = quoting == .strict
        let quote = UInt8(ascii: "\"")
        let cr = UInt8(ascii: "\r")
        let lf = UInt8(ascii: "\n")
        let label = input.label
        let limit = maximumRowBytes

        func tooLong() -> ServiceError {
            ServiceError(
                .validationFailed,
                "\(label), line \(rowLine): the row is longer than \(limit / 1024) KiB, which no row of a statement is; check the delimiter and the quotes, or that this is the file you meant. Nothing was imported."
            )
        }

        func emitRow() throws {
            ends.append(bytes.count)
            // A line with nothing on it is not a row.
            if rowHasContent || ends.count > 1 {
                keepGoing = try body(CSVRow(bytes: bytes.buffer, ends: ends.buffer, line: rowLine))
            }
            bytes.removeAll()
            ends.removeAll()
            rowHasContent = false
        }

        try input.forEachChunk { chunk in
            var index = 0
            let count = chunk.count
            if atStart {
                atStart = false
                if count >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF { index = 3 }
            }
            while index < count {
                let byte = chunk[index]
                index += 1
                // Line counting: CR, LF and CRLF each end one line.
                let wasCR = previousWasCR
                previousWasCR = byte == cr
                if byte == lf {
                    if !wasCR { line += 1 }
                } else if byte == cr {
                    line += 1
                } else if byte == 0 {
                    throw ServiceError(
                        .validationFailed,
                        "\(label) is not a text file (binary data on line \(line)); export a CSV file from the app and import that."
                    )
                }
                switch state {
                case .fieldStart, .unquoted:
                    if byte == delimiter {
                        ends.append(bytes.count)
                        rowHasContent = true
                        state = .fieldStart
                    } else if byte == lf || byte == cr {
                        if byte == lf && wasCR && !rowHasContent && bytes.count == 0 && ends.count == 0 {
                            rowLine = line  // the LF of a CRLF
                            continue
                        }
                        try emitRow()
                        if !keepGoing { return false }
                        state = .fieldStart
                        rowLine = line
                    } else if byte == quote && state == .fieldStart {
                        state = .quoted
                        quoteLine = line
                        rowHasContent = true
                    } else {
                        // The rest of a plain field, up to the next byte that means something, in one copy.
                        var end = index
                        while end < count {
                            let next = chunk[end]
                            if next == delimiter || next == lf || next == cr || next == quote || next == 0 { break }
                            end += 1
                        }
                        bytes.append(byte)
                        if end > index {
                            bytes.append(chunk.baseAddress! + index, count: end - index)
                            previousWasCR = false
                            index = end
                        }
                        if bytes.count > limit { throw tooLong() }
                        rowHasContent = true
                        state = .unquoted
                    }
                case .quoted:
                    if byte == quote {
                        state = .quoteInQuoted
                    } else {
                        bytes.append(byte)
                        if bytes.count > limit { throw tooLong() }
                    }
                case .quoteInQuoted, .afterQuoted:
                    if byte == quote && state == .quoteInQuoted {
                        bytes.append(quote)
                        state = .quoted
                    } else if byte == delimiter {
                        ends.append(bytes.count)
                        state = .fieldStart
                    } else if byte == lf || byte == cr {
                        try emitRow()
                        if !keepGoing { return false }
                        state = .fieldStart
                        rowLine = line
                    } else if strict {
                        throw ServiceError(
                            .validationFailed,
                            "\(label), line \(line): text after a closing quote; quote the whole field and double the quotes inside it."
                        )
                    } else {
                        bytes.append(byte)
                        state = .afterQuoted
                    }
                }
            }
            return true
        }
        guard keepGoing else { return }
        if state == .quoted {
            throw ServiceError(
                .validationFailed,
                "\(label) has a quote opened on line \(quoteLine) that is never closed, so the rest of the file would be one field. Fix or re-export the file; nothing was imported."
            )
        }
        if rowHasContent || bytes.count > 0 || ends.count > 0 {
            try emitRow()
        }
    }
}
