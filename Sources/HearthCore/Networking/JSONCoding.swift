public import Foundation

extension JSONEncoder {
    /// The encoder Hearth uses on the wire: ISO 8601 dates, sorted keys.
    public static var hearth: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

extension JSONDecoder {
    /// The decoder Hearth uses on the wire: ISO 8601 dates.
    public static var hearth: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

/// Turns a `DecodingError` into one sentence that names the field at fault.
public enum DecodingErrorSummary {
    /// A sentence such as `"amount": expected a number but found a string` for `error`.
    public static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(typeName(type)). \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(typeName(type)) but found null."
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): this required field is missing."
        case .dataCorrupted(let context):
            if context.debugDescription.contains("invalid UUID string") {
                return
                    "\(path(context.codingPath)): expected an id such as \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\" (a UUID)."
            }
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "\(path(context.codingPath)): \(underlying ?? context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }

    /// A coding path written as `items[3].amount`, or `(top level)` when empty.
    public static func path(_ codingPath: [any CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "(top level)" }
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return "\"\(text)\""
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type, is Int64.Type, is Int32.Type, is Double.Type, is Float.Type, is Decimal.Type:
            return "a number"
        case is Bool.Type: return "true or false"
        case is [Any].Type: return "an array"
        case is [String: Any].Type: return "an object"
        default: return "\(type)"
        }
    }
}
