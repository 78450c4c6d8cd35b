/// One row of a CSV file, valid only inside ``CSVReader/forEachRow(_:)``'s callback.
public struct CSVRow {
    let bytes: UnsafeBufferPointer<UInt8>
    let ends: UnsafeBufferPointer<Int>
    /// The line the row starts on (1-based).
    public let line: Int

    /// How many fields the row has.
    public var count: Int { ends.count }

    /// The bytes of field `index` (empty when out of range).
    public subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
        guard index >= 0, index < ends.count else { return UnsafeBufferPointer(start: nil, count: 0) }
        let start = index == 0 ? 0 : ends[index - 1]
        return UnsafeBufferPointer(rebasing: bytes[start..<ends[index]])
    }

    /// Field `index` as text (invalid UTF-8 replaced), untrimmed.
    public func string(_ index: Int) -> String {
        String(decoding: self[index], as: UTF8.self)
    }

    /// Field `index` trimmed of spaces, or nil when that leaves nothing.
    public func text(_ index: Int?) -> String? {
        guard let index else { return nil }
        let field = FieldBytes.trimmed(self[index])
        return field.isEmpty ? nil : String(decoding: field, as: UTF8.self)
    }

    /// Every field as text.
    public var strings: [String] { (0..<count).map(string) }
}

/// Byte-level helpers for fields: trimming without building strings.
public enum FieldBytes {
    /// `field` without leading and trailing spaces, tabs and no-break spaces.
    public static func trimmed(_ field: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = field.count
        while start < end, isBlank(field, at: start) { start += field[start] == 0xC2 ? 2 : 1 }
        while end > start {
            if field[end - 1] == 0x20 || field[end - 1] == 9 { end -= 1; continue }
            if end - start >= 2, field[end - 2] == 0xC2, field[end - 1] == 0xA0 { end -= 2; continue }
            break
        }
        return UnsafeBufferPointer(rebasing: field[start..<end])
    }

    private static func isBlank(_ field: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let byte = field[index]
        if byte == 0x20 || byte == 9 { return true }
        return byte == 0xC2 && index + 1 < field.count && field[index + 1] == 0xA0
    }
}
