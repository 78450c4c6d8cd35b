import Foundation

/// Reads CSV (RFC 4180) one row at a time from a file, through a fixed-size buffer, so memory stays flat
/// however large the file is.
///
/// Fields may be quoted (with `""` for a quote inside), may hold line breaks when quoted, and rows may end
/// in LF, CRLF or CR. A UTF-8 byte-order mark is skipped. An unclosed quote, text after a closing quote or
/// bytes that are not UTF-8 are errors that name the row and line.
final class CSVRowReader {
    private let bytes: FileBytes
    private var currentLine = 1
    /// The line the last row returned started on.
    private(set) var rowLine = 1

    init(url: URL) throws {
        bytes = try FileBytes(url: url)
    }

    private func nextByte() throws -> UInt8? { try bytes.next() }

    private func peekByte() throws -> UInt8? { try bytes.peek() }

    /// The next row's fields, or nil at the end of the file.
    func next() throws -> [String]? {
        guard var byte = try nextByte() else { return nil }
        rowLine = currentLine
        var fields: [String] = []
        var field: [UInt8] = []
        func finishField() throws {
            guard let text = String(validating: field, as: UTF8.self) else {
                throw PersistenceError.validationFailed("Line \(rowLine) is not valid UTF-8 text; save the file as UTF-8")
            }
            fields.append(text)
            field.removeAll(keepingCapacity: true)
        }
        func endOfLine(_ byte: UInt8) throws {
            if byte == 13, try peekByte() == 10 { bytes.skip() }
            currentLine += 1
        }
        while true {
            if byte == UInt8(ascii: "\"") && field.isEmpty {
                // A quoted field: runs to the closing quote, which must end the field.
                while true {
                    guard let inner = try nextByte() else {
                        throw PersistenceError.validationFailed("Line \(rowLine) has an unclosed quote: the field opened there never ends")
                    }
                    if inner == UInt8(ascii: "\"") {
                        if try peekByte() == UInt8(ascii: "\"") {
                            bytes.skip()
                            field.append(inner)
                        } else {
                            break
                        }
                    } else {
                        if inner == 10 {
                            currentLine += 1
                        } else if inner == 13, try peekByte() != 10 {
                            currentLine += 1
                        }
                        field.append(inner)
                    }
                }
                guard let after = try nextByte() else {
                    try finishField()
                    return fields
                }
                if after == UInt8(ascii: ",") {
                    try finishField()
                    guard let following = try nextByte() else {
                        fields.append("")
                        return fields
                    }
                    byte = following
                    continue
                }
                guard after == 10 || after == 13 else {
                    throw PersistenceError.validationFailed(
                        "Line \(rowLine) has text after a closing quote; quote the whole field and double the quotes inside it")
                }
                try endOfLine(after)
                try finishField()
                return fields
            }
            switch byte {
            case UInt8(ascii: ","):
                try finishField()
                guard let following = try nextByte() else {
                    fields.append("")
                    return fields
                }
                byte = following
                continue
            case 10, 13:
                try endOfLine(byte)
                try finishField()
                return fields
            default:
                field.append(byte)
            }
            guard let following = try nextByte() else {
                try finishField()
                return fields
            }
            byte = following
        }
    }
}
