/// Random identifiers without Foundation's `UUID` formatting cost: 32 lowercase hex digits.
public enum CloudIdentifier {
    /// A new random identifier.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        return hex(high) + hex(low)
    }

    private static func hex(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
