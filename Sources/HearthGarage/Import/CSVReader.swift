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

    /// Reads the file at `url`, `chunkSize` bytes at a time.
    init(url: URL, delimiter: UInt8 = UInt8(ascii: ","), chunkSize: Int = 1 << 16) throws {
        do {
            input = .file(try FileHandle(forReadingFrom: url))
        } catch {
            throw ServiceError(.notFound, "Could not open \(url.path): \(error.localizedDescription)", underlying: error)
        }
        self.delimiter = delimiter
        self.chunkSize = chunkSize
        self.label = url.lastPathComponent
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
        // The current row lives in two growable buffers owned by this call: no reference counting or
        // exclusivity checks per byte.
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
        let quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        let label = self.label

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

        try readChunks { chunk in
            var index = 0
            let count = chunk.count
            // A UTF-8 byte-order mark is not data.
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
                            rowLine = line   // the LF of a CRLF
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
                        bytes.append(byte)
                        rowHasContent = true
                        state = .unquoted
                    }
                case .quoted:
                    if byte == quote { state = .quoteInQuoted } else { bytes.append(byte) }
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
                    } else {
                        // Text after the closing quote stays part of the field: `"Full tank" 2`.
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

    private var consumedBytes = false

    /// Hands each chunk of input to `body` until it returns false or the input ends.
    private func readChunks(_ body: (UnsafeBufferPointer<UInt8>) throws -> Bool) throws {
        switch input {
        case .bytes(let all):
            guard !consumedBytes else { return }
            consumedBytes = true
            bytesRead = all.count
            _ = try all.withUnsafeBufferPointer(body)
        case .file(let handle):
            while true {
                let data: Data?
                do {
                    data = try handle.read(upToCount: chunkSize)
                } catch {
                    throw ServiceError(.operationFailed, "Could not read \(label): \(error.localizedDescription)", underlying: error)
                }
                guard let data, !data.isEmpty else { return }
                bytesRead += data.count
                let more = try data.withUnsafeBytes { raw in try body(raw.bindMemory(to: UInt8.self)) }
                if !more { return }
            }
        }
    }
}

/// A growable buffer of trivial values that the tokenizer owns and frees itself.
struct GrowableBuffer<Element> {
    private var start: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        start = .allocate(capacity: capacity)
    }

    mutating func append(_ element: Element) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: start, count: count)
            start.deallocate()
            start = grown
            capacity *= 2
        }
        (start + count).initialize(to: element)
        count += 1
    }

    mutating func removeAll() { count = 0 }

    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: start, count: count) }

    func deallocate() { start.deallocate() }
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
