import Foundation
import Hummingbird

/// A form sent as `multipart/form-data` (a form with a file field, RFC 7578), parsed from a body already
/// bounded by its reader: at most ``maxParts`` parts, each part's headers at most ``maxHeaderBytes``, and the
/// text fields at most ``FormBody/maxBytes`` together. A file's name is kept only as its last path component,
/// printable and at most 200 characters; its type is what its bytes show, not what the browser claimed.
enum MultipartBody {
    static let maxParts = 50
    static let maxHeaderBytes = 4 * 1024

    /// The boundary a `multipart/form-data` content type names, or nil when it names none (or an unusable one).
    static func boundary(of contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else {
                continue
            }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            // RFC 2046: 1 to 70 characters, none of them a control character.
            guard (1...70).contains(value.utf8.count), value.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else {
                return nil
            }
            return value
        }
        return nil
    }

    /// The text fields and files of `body`.
    /// - Throws: `HTTPError` 400 naming what is wrong with the body.
    static func parse(_ body: [UInt8], boundary: String) throws -> (
        values: [String: [String]], files: [String: UploadedFile]
    ) {
        let opening = Array("--\(boundary)".utf8)
        let delimiter = Array("\r\n--\(boundary)".utf8)
        guard body.starts(with: opening) else { throw refused("it does not start with its boundary") }
        var values: [String: [String]] = [:]
        var files: [String: UploadedFile] = [:]
        var textBytes = 0
        var parts = 0
        var position = opening.count
        while true {
            // After a boundary: `--` ends the body, CRLF starts a part.
            if body[position...].starts(with: [0x2D, 0x2D]) { break }
            guard body[position...].starts(with: [0x0D, 0x0A]) else {
                throw refused("a boundary is not followed by a line end")
            }
            position += 2
            parts += 1
            guard parts <= maxParts else { throw refused("it has more than \(maxParts) parts") }
            guard let headerEnd = find([0x0D, 0x0A, 0x0D, 0x0A], in: body, from: position, within: maxHeaderBytes)
            else {
                throw refused("a part's headers are longer than \(maxHeaderBytes / 1024) KiB or do not end")
            }
            let headers = String(decoding: body[position..<headerEnd], as: UTF8.self)
            position = headerEnd + 4
            guard let end = find(delimiter, in: body, from: position, within: body.count) else {
                throw refused("a part does not end with the boundary")
            }
            let content = body[position..<end]
            position = end + delimiter.count
            guard let disposition = Self.disposition(headers), let name = disposition.name else {
                throw refused("a part has no form-data name")
            }
            if let fileName = disposition.fileName {
                guard !fileName.isEmpty || !content.isEmpty else { continue }
                files[name] = UploadedFile(field: name, fileName: fileName, data: Data(content))
            } else {
                textBytes += content.count
                guard textBytes <= FormBody.maxBytes else {
                    throw refused("its text fields are larger than \(FormBody.maxBytes / 1024) KiB")
                }
                guard let text = String(validating: content, as: UTF8.self) else {
                    throw refused("the field \(name.prefix(40)) is not valid UTF-8")
                }
                values[name, default: []].append(text.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        return (values, files)
    }

    /// The `name` and `filename` of a part's `Content-Disposition: form-data` header.
    static func disposition(_ headers: String) -> (name: String?, fileName: String?)? {
        for line in headers.split(separator: "\r\n") {
            let pair = line.split(separator: ":", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-disposition"
            else { continue }
            var name: String?
            var fileName: String?
            for parameter in quotedParameters(String(pair[1])) {
                switch parameter.key {
                case "name": name = parameter.value
                case "filename": fileName = cleanedFileName(parameter.value)
                default: break
                }
            }
            return (name, fileName)
        }
        return nil
    }

    /// `key=value` and `key="value"` parameters after the first `;`, lower-cased keys.
    private static func quotedParameters(_ text: String) -> [(key: String, value: String)] {
        var result: [(String, String)] = []
        var rest = Substring(text)
        guard let first = rest.firstIndex(of: ";") else { return [] }
        rest = rest[rest.index(after: first)...]
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " || $0 == ";" }
            guard let equals = rest.firstIndex(of: "=") else { break }
            let key = rest[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            rest = rest[rest.index(after: equals)...]
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                var escaped = false
                while let character = rest.first {
                    rest = rest.dropFirst()
                    if escaped {
                        value.append(character)
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        break
                    } else {
                        value.append(character)
                    }
                }
            } else {
                let end = rest.firstIndex(of: ";") ?? rest.endIndex
                value = rest[..<end].trimmingCharacters(in: .whitespaces)
                rest = rest[end...]
            }
            result.append((key, value))
        }
        return result
    }

    /// A file name as it may be shown and stored: its last path component, no control characters, at most 200
    /// characters.
    static func cleanedFileName(_ name: String) -> String {
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let printable = String(
            String.UnicodeScalarView(last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
        return String(printable.prefix(200))
    }

    /// Where `needle` starts in `haystack` at or after `start`, looking no further than `within` bytes on.
    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int, within: Int) -> Int? {
        let last = min(haystack.count - needle.count, start + within)
        guard start <= last else { return nil }
        var index = start
        while index <= last {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }

    private static func refused(_ why: String) -> HTTPError {
        HTTPError(.badRequest, message: "The form could not be read: \(why). Send it again from the page.")
    }
}
