/// Byte-level helpers for fields: trimming without building strings.
public enum FieldBytes {
    /// `field` without leading and trailing spaces, tabs and no-break spaces.
    public static func trimmed(_ field: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0
        var end = field.count
        while start < end, isBlank(field, at: start) { start += field[start] == 0xC2 ? 2 : 1 }
        while end > start {
            if field[end - 1] == 0x20 || field[end - 1] == 9 {
                end -= 1
                continue
            }
            if end - start >= 2, field[end - 2] == 0xC2, field[end - 1] == 0xA0 {
                end -= 2
                continue
            }
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
