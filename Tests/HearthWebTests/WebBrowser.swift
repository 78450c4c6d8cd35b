import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// A browser for the pages in tests: keeps the cookies the server sets, sends them back, and fills in each
/// form's CSRF token from the last page it read, as a browser submitting that page's form would.
final class WebBrowser: @unchecked Sendable {
    let client: any TestClientProtocol
    private(set) var cookies: [String: String] = [:]
    /// The last page read.
    private(set) var page = ""
    init(_ client: any TestClientProtocol) {
        self.client = client
    }

    /// GETs `path` and keeps what it shows.
    @discardableResult
    func get(_ path: String) async throws -> TestResponse {
        let response = try await client.execute(uri: path, method: .get, headers: headers(), body: nil)
        remember(response)
        page = String(buffer: response.body)
        return response
    }

    /// POSTs a form to `path`, with the CSRF token of the last page unless `csrf` says otherwise.
    @discardableResult
    func post(_ path: String, _ fields: [(String, String)] = [], csrf: String? = nil, origin: String? = nil)
        async throws -> TestResponse
    {
        var all = fields
        if let token = csrf ?? csrfToken { all.append(("csrf", token)) }
        let body = all.map { Self.escape($0.0) + "=" + Self.escape($0.1) }.joined(separator: "&")
        var headers = headers()
        headers[.contentType] = "application/x-www-form-urlencoded"
        if let origin { headers[.origin] = origin }
        let response = try await client.execute(
            uri: path, method: .post, headers: headers, body: ByteBuffer(string: body))
        remember(response)
        if response.status != .seeOther { page = String(buffer: response.body) }
        return response
    }

    /// POSTs a form with a file to `path` as `multipart/form-data`, as a browser sends a form with a file field,
    /// with the CSRF token of the last page.
    @discardableResult
    func upload(
        _ path: String, _ fields: [(String, String)], file: (field: String, name: String, data: Data)?,
        boundary: String = "----hearth\(UUID().uuidString.prefix(12))"
    ) async throws -> TestResponse {
        var body = Data()
        var all = fields
        if let token = csrfToken { all.append(("csrf", token)) }
        for (name, value) in all {
            body.append(
                Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
        }
        if let file {
            body.append(
                Data(
                    "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(file.field)\"; filename=\"\(file.name)\"\r\nContent-Type: application/octet-stream\r\n\r\n"
                        .utf8))
            body.append(file.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return try await send(path, body, contentType: "multipart/form-data; boundary=\(boundary)")
    }

    /// POSTs `body` to `path` as it is, with `contentType`.
    @discardableResult
    func send(_ path: String, _ body: Data, contentType: String) async throws -> TestResponse {
        var headers = headers()
        headers[.contentType] = contentType
        let response = try await client.execute(
            uri: path, method: .post, headers: headers, body: ByteBuffer(bytes: body))
        remember(response)
        if response.status != .seeOther { page = String(buffer: response.body) }
        return response
    }

    /// The CSRF token in the last page's first form.
    var csrfToken: String? {
        page.firstMatch(of: /name="csrf" value="([^"]+)"/).map { String($0.1) }
    }

    /// Forgets the cookies, as a browser does when it is closed for good.
    func forgetCookies() {
        cookies = [:]
    }

    func setCookie(_ name: String, _ value: String) {
        cookies[name] = value
    }

    private func headers() -> HTTPFields {
        var headers: HTTPFields = [:]
        if !cookies.isEmpty {
            headers[.cookie] = cookies.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: "; ")
        }
        return headers
    }

    private func remember(_ response: TestResponse) {
        for header in response.headers[values: .setCookie] {
            guard let pair = header.split(separator: ";").first, let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals]).trimmingCharacters(in: .whitespaces)
            let value = String(pair[pair.index(after: equals)...])
            if value.isEmpty || header.lowercased().contains("max-age=0") {
                cookies[name] = nil
            } else {
                cookies[name] = value
            }
        }
    }

    static func escape(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "").replacingOccurrences(
            of: "%20", with: "+")
    }
}

extension TestResponse {
    var location: String? { headers[.location] }
    var text: String { String(buffer: body) }
}
