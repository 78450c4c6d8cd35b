public import Foundation

/// The JSON coders finance exports and command-line output use: sorted keys, ISO 8601 UTC dates with
/// milliseconds (`2026-01-31T09:00:00.000Z`), money as exact decimal numbers.
public enum FinanceCoding {
    /// An encoder for finance values.
    public static func encoder(pretty: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting =
            pretty ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted] : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Timestamp.format(date))
        }
        return encoder
    }

    /// A decoder for finance values; dates must be ISO 8601 timestamps with `Z` or an offset.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let milliseconds = Timestamp.parse(text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "\"\(text)\" is not a date; write it like 2026-01-31T09:00:00.000Z"
                )
            }
            return Milliseconds.date(milliseconds)
        }
        return decoder
    }
}
