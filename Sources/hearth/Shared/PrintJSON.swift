import ArgumentParser
import Foundation
import HearthCore

/// Prints `value` as pretty JSON: with `encoder` when an app has its own (its dates, its money), else with sorted
/// keys, unescaped slashes and ISO 8601 dates. Every `--json` output goes through here.
func printJSON<T: Encodable>(_ value: T, encoder: JSONEncoder? = nil) throws {
    let encoder =
        encoder
        ?? {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            return encoder
        }()
    encoder.outputFormatting.insert(.prettyPrinted)
    print(String(decoding: try encoder.encode(value), as: UTF8.self))
}
