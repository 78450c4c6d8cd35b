import Foundation
import HearthCore
import Hummingbird

/// A form sent as `application/x-www-form-urlencoded`, bounded before it is parsed: at most ``maxBytes`` bytes
/// and ``maxFields`` fields. A field read by name gives its first value (``values(_:)`` gives all of a repeated
/// field, as a group of checkboxes sends); values are trimmed of surrounding spaces.
///
/// A form that takes a file (``read(_:context:uploadLimit:)`` with a limit above zero) may come as
/// `multipart/form-data` instead, bounded by that limit before it is read (``MultipartBody``).
struct FormBody: Sendable {
    static let maxBytes = 64 * 1024
    static let maxFields = 200
    private var values: [String: [String]] = [:]
    private var files: [String: UploadedFile] = [:]

    init(_ values: [String: [String]], files: [String: UploadedFile] = [:]) {
        self.values = values
        self.files = files
    }

    /// The file sent in field `name`; nil when none was chosen.
    func file(_ name: String) -> UploadedFile? { files[name] }

    /// Reads the request's form; `413` past the size, `400` for another content type or too many fields. With
    /// `uploadLimit` above zero, a `multipart/form-data` form of at most that many bytes is read too.
    static func read(_ request: Request, context: some RequestContext, uploadLimit: Int = 0) async throws -> FormBody {
        let type = request.headers[.contentType] ?? ""
        if uploadLimit > 0, let boundary = MultipartBody.boundary(of: type) {
            let limit = uploadLimit + maxBytes
            let tooLarge = HTTPError(
                .contentTooLarge,
                message: "The file is larger than \(uploadLimit / (1024 * 1024)) MB; send a smaller one, or split it.")
            if let length = request.headers[.contentLength].flatMap(Int.init), length > limit { throw tooLarge }
            let buffer: ByteBuffer
            do {
                buffer = try await request.body.collect(upTo: limit)
            } catch {
                throw tooLarge
            }
            let parsed = try MultipartBody.parse(Array(buffer.readableBytesView), boundary: boundary)
            guard parsed.values.values.reduce(0, { $0 + $1.count }) <= maxFields else {
                throw HTTPError(.badRequest, message: "The form has more than \(maxFields) fields.")
            }
            return FormBody(parsed.values, files: parsed.files)
        }
        guard type.lowercased().hasPrefix("application/x-www-form-urlencoded") else {
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
