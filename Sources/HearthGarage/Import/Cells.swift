import Foundation
import HearthExchange

/// Typed access to the fields of one row under a file's conventions.
struct Cells {
    let row: CSVRow
    let conventions: FileConventions

    func field(_ index: Int?) -> UnsafeBufferPointer<UInt8> {
        guard let index else { return UnsafeBufferPointer(start: nil, count: 0) }
        return FieldBytes.trimmed(row[index])
    }

    func isBlank(_ index: Int?) -> Bool { field(index).isEmpty }

    func text(_ index: Int?) -> String? { row.text(index) }

    /// The field as written, for messages ("blank" when empty).
    func raw(_ index: Int?) -> String {
        let value = field(index)
        return value.isEmpty ? "blank" : "\"" + String(decoding: value, as: UTF8.self) + "\""
    }

    func number(_ index: Int?) -> FixedDecimal? {
        let value = field(index)
        guard !value.isEmpty else { return nil }
        return ImportText.number(value, separator: conventions.decimal ?? .dot)
    }

    func day(_ index: Int?) -> CalendarDay? {
        let value = field(index)
        guard !value.isEmpty else { return nil }
        return ImportText.day(value, order: conventions.dateOrder ?? .monthFirst)
    }

    func bool(_ index: Int?) -> Bool? {
        guard let index else { return nil }
        return ImportText.bool(row[index])
    }

    /// Notes the evidence of the fields at `dates` and `numbers` while sniffing.
    static func observe(_ row: CSVRow, dates: [Int?], numbers: [Int?], into conventions: inout FileConventions) {
        for index in dates.compactMap({ $0 }) where index < row.count {
            conventions.observeDate(FieldBytes.trimmed(row[index]))
        }
        for index in numbers.compactMap({ $0 }) where index < row.count {
            conventions.observeNumber(FieldBytes.trimmed(row[index]))
        }
    }
}
