import Foundation
import Logging

/// One log line as a JSON object: what `--log-format json` writes.
struct JSONLogLine: Encodable {
    let timestamp: String
    let level: String
    let label: String
    let message: String
    let metadata: [String: Value]?
    let source: String

    /// A metadata value as JSON: a string, an array or an object.
    indirect enum Value: Encodable {
        case string(String)
        case array([Value])
        case object([String: Value])

        init(_ value: Logger.MetadataValue) {
            switch value {
            case .string(let text): self = .string(text)
            case .stringConvertible(let convertible): self = .string(convertible.description)
            case .array(let values): self = .array(values.map(Value.init))
            case .dictionary(let values): self = .object(values.mapValues(Value.init))
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let text): try container.encode(text)
            case .array(let values): try container.encode(values)
            case .object(let values): try container.encode(values)
            }
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// The line's bytes, ending in a newline.
    func encoded() -> Data {
        var data = (try? Self.encoder.encode(self)) ?? Data("{\"message\":\"unencodable log line\"}".utf8)
        data.append(0x0A)
        return data
    }
}
