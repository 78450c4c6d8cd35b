import Foundation
import HearthCore
import Hummingbird

/// A form sent as `application/x-www-form-urlencoded`, bounded before it is parsed: at most ``maxBytes`` bytes
/// and ``maxFields`` fields. A field read by name gives its first value (``values(_:)`` gives all of a repeated
/// field, as a group of checkboxes sends); values are trimmed of surrounding spaces.
struct FormBody: Sendable {
    static let maxBytes = 64 * 1024
    static let maxFields = 200
    private var values: [String: [String]] = [:]

    init(_ values: [String: [String]]) {
        self.values = values
    }

    /// Reads the request's form; `413` past the size, `400` for another content type or too many fields.
    static func read(_ request: Request, context: some RequestContext) async throws -> FormBody {
        let type = request.headers[.contentType]?.lowercased() ?? ""
        guard type.hasPrefix("application/x-www-form-urlencoded") else {
            throw HTTPError(
                .unsupportedMediaType, message: "Send the form as application/x-www-form-urlencoded, as a browser does."
            )
        }
        if let length = request.headers[.contentLength].flatMap(Int.init), length > maxBytes {
            throw HTTPError(
                .contentTooLarge, message: "The form is larger than \(maxBytes / 1024) KiB; send less text.")
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maxBytes)
        } catch {
            throw HTTPError(
                .contentTooLarge, message: "The form is larger than \(maxBytes / 1024) KiB; send less text.")
        }
        return try parse(String(buffer: buffer))
    }

    static func parse(_ text: String) throws -> FormBody {
        var values: [String: [String]] = [:]
        var count = 0
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            count += 1
            guard count <= maxFields else {
                throw HTTPError(.badRequest, message: "The form has more than \(maxFields) fields.")
            }
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]) else {
                throw HTTPError(.badRequest, message: "A field name in the form is not valid UTF-8.")
            }
            let value = parts.count > 1 ? decode(parts[1]) : ""
            guard let value else {
                throw HTTPError(.badRequest, message: "The field \(name.prefix(40)) is not valid UTF-8.")
            }
            values[name, default: []].append(value.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return FormBody(values)
    }

    private static func decode(_ part: Substring) -> String? {
        part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// The field's value; nil when it is missing or empty.
    subscript(_ name: String) -> String? {
        guard let value = values[name]?.first, !value.isEmpty else { return nil }
        return value
    }

    /// Every non-empty value of a repeated field, in the order sent.
    func values(_ name: String) -> [String] {
        values[name, default: []].filter { !$0.isEmpty }
    }

    /// Every field's first value as sent, for showing a refused form again with what was typed.
    var all: [String: String] { values.compactMapValues(\.first) }
}
