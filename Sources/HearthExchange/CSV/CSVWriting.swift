/// Writing CSV (RFC 4180) into a byte buffer: the one CSV writer of Hearth, beside ``CSVReader``.
public enum CSVWriting {
    /// Appends `text` as one field, quoted when it holds a comma, quote or line break.
    public static func appendField(_ text: String, to bytes: inout [UInt8]) {
        let utf8 = text.utf8
        let needsQuotes = utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
        guard needsQuotes else {
            bytes.append(contentsOf: utf8)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        for byte in utf8 {
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
            bytes.append(byte)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `fields` as one row, ended by LF.
    public static func appendRow(_ fields: [String], to bytes: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendField(field, to: &bytes)
        }
        bytes.append(UInt8(ascii: "\n"))
    }
}
