public import Foundation
public import GraphQL
import OrderedCollections

/// The JSON body of a GraphQL answer.
///
/// An answer without errors — nearly every answer, and the large ones — is written straight to bytes, keys in
/// the order the query asked for them; an answer with errors goes through GraphQL's own encoder, which knows
/// how to write locations, paths and extensions. Both write the same JSON for the same answer.
public enum GraphQLResponseBody {
    /// `result` as the bytes of a body, or an `INTERNAL` error's when it cannot be written (a value JSON cannot hold).
    public static func bytes(_ result: GraphQLResult) -> Data {
        (try? encode(result))
            ?? Data(
                #"{"errors":[{"message":"The answer could not be encoded.","extensions":{"code":"INTERNAL"}}]}"#.utf8)
    }

    /// `result` as the bytes of a `application/graphql-response+json` body.
    public static func encode(_ result: GraphQLResult) throws -> Data {
        guard result.errors.isEmpty, let data = result.data else { return try GraphQLJSONEncoder().encode(result) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        bytes.append(contentsOf: #"{"data":"#.utf8)
        try write(data, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
        return Data(bytes)
    }

    private static func write(_ value: Map, to bytes: inout [UInt8]) throws {
        switch value {
        case .undefined:
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "An undefined value cannot be written as JSON."))
        case .null:
            bytes.append(contentsOf: "null".utf8)
        case .bool(let flag):
            bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number):
            try write(number, to: &bytes)
        case .string(let text):
            write(text, to: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                try write(element, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .dictionary(let members):
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in members where !member.isUndefined {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                write(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                try write(member, to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// A number as GraphQL's encoder writes it: as a double, whole values without a fraction.
    private static func write(_ number: Number, to bytes: inout [UInt8]) throws {
        if number.storageType == .int {
            bytes.append(contentsOf: String(number.intValue).utf8)
            return
        }
        if number.storageType == .bool {
            bytes.append(contentsOf: (number.boolValue ? "true" : "false").utf8)
            return
        }
        let double = number.doubleValue
        guard double.isFinite else {
            throw EncodingError.invalidValue(
                double, .init(codingPath: [], debugDescription: "\(double) cannot be written as JSON."))
        }
        if double == double.rounded(), abs(double) < 1e15 {
            bytes.append(contentsOf: String(Int64(double)).utf8)
        } else {
            bytes.append(contentsOf: String(double).utf8)
        }
    }

    private static let hex = Array("0123456789abcdef".utf8)

    private static func write(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20:
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
