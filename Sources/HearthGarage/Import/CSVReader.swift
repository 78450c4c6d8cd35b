import Foundation
import HearthCore

/// A streaming CSV tokenizer over bytes, lenient in the ways real exports need and strict where data would
/// otherwise be lost.
///
/// Hand-written rather than taken from a CSV library because imports need all of: constant memory on files
/// of any size (64 KiB chunks, one row at a time), bare-CR line endings (iPhone exports), text after a
/// closing quote kept rather than rejected (Drivvo's `"Full tank" 2` header), a clear error with the line
/// number for an unterminated quote, and raw field bytes so numbers and dates are parsed without building
/// strings.
///
/// Blank lines are skipped. A NUL byte means the file is not text.
final class CSVReader {
    /// Where the bytes come from.
    private enum Input {
        case file(FileHandle)
        case bytes([UInt8])
    }

    let delimiter: UInt8
    private let input: Input
    private let chunkSize: Int
    private let label: String

    /// Bytes read so far.
    private(set) var bytesRead = 0

    // The current row: unescaped field bytes back to back, and where each field ends.
    private var fieldBytes: [UInt8] = []
    private var fieldEnds: [Int] = []

    /// Reads the file at `url`.
    init(url: URL, delimiter: UInt8 = UInt8(ascii: ","), chunkSize: Int = 1 << 16) throws {
        do {
            input = .file(try FileHandle(forReadingFrom: url))
        } catch {
            throw ServiceError(.notFound, "Could not open \(url.path): \(error.localizedDescription)", underlying: error)
        }
        self.delimiter = delimiter
        self.chunkSize = chunkSize
        self.label = url.lastPathComponent
        fieldBytes.reserveCapacity(4096)
        fieldEnds.reserveCapacity(64)
    }

    /// Reads bytes already in memory (the head of a file, tests).
    init(bytes: [UInt8], delimiter: UInt8 = UInt8(ascii: ","), label: String = "the file") {
        input = .bytes(bytes)
        self.delimiter = delimiter
        self.chunkSize = 1 << 16
        self.label = label
    }

    deinit {
        if case .file(let handle) = input { try? handle.close() }
    }

    private enum State {
        case fieldStart, unquoted, quoted, quoteInQuoted, afterQuoted
    }

    /// Calls `body` with each non-blank row, in order, until it returns false or the input ends.
    /// The row is only valid during the call.
    /// - Throws: ``ServiceError`` for a NUL byte (binary data) or an unterminated quote, naming the line.
    func forEachRow(_ body: (CSVRow) throws -> Bool) throws {
        var state = State.fieldStart
        var line = 1
        var rowLine = 1
        var quoteLine = 1
        var previousWasCR = false
        var rowHasContent = false
        fieldBytes.removeAll(keepingCapacity: true)
        fieldEnds.removeAll(keepingCapacity: true)
        let delimiter = self.delimiter
        let quote = UInt8(ascii: "\"")
        let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")

        func emitRow() throws -> Bool {
            defer {
                fieldBytes.removeAll(keepingCapacity: true)
                fieldEnds.removeAll(keepingCapacity: true)
                rowHasContent = false
            }
            fieldEnds.append(fieldBytes.count)
            // A line with nothing on it is not a row.
            if !rowHasContent && fieldEnds.count == 1 { return true }
            return try fieldBytes.withUnsafeBufferPointer { bytes in
                try fieldEnds.withUnsafeBufferPointer { ends in
                    try body(CSVRow(bytes: bytes, ends: ends, line: rowLine))
                }
            }
        }

        var keepGoing = true
        while keepGoing, let chunk = try nextChunk() {
            try chunk.withUnsafeBufferPointer { buffer in
                var index = 0
                let count = buffer.count
                while index < count {
                    let byte = buffer[index]
                    index += 1
                    if byte == 0 {
                        throw ServiceError(
                            .validationFailed,
                            "\(label) is not a text file (binary data on line \(line)); export a CSV file from the app and import that."
                        )
                    }
                    // Line counting: CR, LF and CRLF each end one line.
                    if byte == lf {
                        if !previousWasCR { line += 1 }
                    } else if byte == cr {
                        line += 1
                    }
                    defer { previousWasCR = byte == cr }
                    switch state {
                    case .fieldStart, .unquoted:
                        if byte == delimiter {
                            fieldEnds.append(fieldBytes.count)
                            rowHasContent = true
                            state = .fieldStart
                        } else if byte == lf || byte == cr {
                            if byte == lf && previousWasCR && !rowHasContent && fieldBytes.isEmpty && fieldEnds.isEmpty {
                                rowLine = line
                                continue   // the LF of a CRLF
                            }
                            if !(try emitRow()) { keepGoing = false; return }
                            state = .fieldStart
                            rowLine = line
                        } else if byte == quote && state == .fieldStart {
                            state = .quoted
                            quoteLine = line
                            rowHasContent = true
                        } else {
                            fieldBytes.append(byte)
                            rowHasContent = true
                            state = .unquoted
                        }
                    case .quoted:
                        if byte == quote { state = .quoteInQuoted } else { fieldBytes.append(byte) }
                    case .quoteInQuoted:
                        if byte == quote {
                            fieldBytes.append(quote)
                            state = .quoted
                        } else if byte == delimiter {
                            fieldEnds.append(fieldBytes.count)
                            state = .fieldStart
                        } else if byte == lf || byte == cr {
                            if !(try emitRow()) { keepGoing = false; return }
                            state = .fieldStart
                            rowLine = line
                        } else {
                            // Text after the closing quote stays part of the field: `"Full tank" 2`.
                            fieldBytes.append(byte)
                            state = .afterQuoted
                        }
                    case .afterQuoted:
                        if byte == delimiter {
                            fieldEnds.append(fieldBytes.count)
                            state = .fieldStart
                        } else if byte == lf || byte == cr {
                            if !(try emitRow()) { keepGoing = false; return }
                            state = .fieldStart
                            rowLine = line
                        } else {
                            fieldBytes.append(byte)
                        }
                    }
                }
            }
        }
        guard keepGoing else { return }
        if state == .quoted {
            throw ServiceError(
                .validationFailed,
                "\(label) has a quote opened on line \(quoteLine) that is never closed, so the rest of the file would be one field. Fix or re-export the file; nothing was imported."
            )
        }
        if rowHasContent || !fieldBytes.isEmpty || !fieldEnds.isEmpty {
            _ = try emitRow()
        }
    }

    private var consumedBytes = false

    private func nextChunk() throws -> [UInt8]? {
        switch input {
        case .bytes(let bytes):
            guard !consumedBytes else { return nil }
            consumedBytes = true
            bytesRead = bytes.count
            return bytes.isEmpty ? nil : bytes
        case .file(let handle):
            let data: Data?
            do {
                data = try handle.read(upToCount: chunkSize)
            } catch {
                throw ServiceError(.operationFailed, "Could not read \(label): \(error.localizedDescription)", underlying: error)
            }
            guard let data, !data.isEmpty else { return nil }
            bytesRead += data.count
            return [UInt8](data)
        }
    }
}

/// One row of a CSV file, valid only inside ``CSVReader/forEachRow(_:)``'s callback.
struct CSVRow {
    let bytes: UnsafeBufferPointer<UInt8>
    let ends: UnsafeBufferPointer<Int>
    /// The line the row starts on (1-based).
    let line: Int

    /// How many fields the row has.
    var count: Int { ends.count }

    /// The bytes of field `index` (empty when out of range).
    subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
        guard index >= 0, index < ends.count else { return UnsafeBufferPointer(start: nil, count: 0) }
        let start = index == 0 ? 0 : ends[index - 1]
        return UnsafeBufferPointer(rebasing: bytes[start..<ends[index]])
    }

    /// Field `index` as text (invalid UTF-8 replaced), untrimmed.
    func string(_ index: Int) -> String {
        String(decoding: self[index], as: UTF8.self)
    }

    /// Field `index` trimmed of spaces, or nil when that leaves nothing.
    func text(_ index: Int?) -> String? {
        guard let index else { return nil }
        let field = ImportText.trimmed(self[index])
        return field.isEmpty ? nil : String(decoding: field, as: UTF8.self)
    }

    /// Every field as text.
    var strings: [String] { (0..<count).map(string) }
}
