/// One value of a record in a JSON export, as Hearth writes them: null, true/false, a whole number or a
/// string (money is a string, so it stays exact).
enum ArchiveJSONValue: Decodable {
    case null, bool(Bool), integer(Int64), string(String)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int64.self) {
            self = .integer(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected null, true, false, a whole number or a string")
        }
    }

    /// The value as the text a CSV cell would hold (nil for null).
    var text: String? {
        switch self {
        case .null: nil
        case .bool(let flag): flag ? "True" : "False"
        case .integer(let number): String(number)
        case .string(let text): text
        }
    }
}
