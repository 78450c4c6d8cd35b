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
