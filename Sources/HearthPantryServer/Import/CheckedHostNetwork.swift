import AsyncHTTPClient
public import Foundation
public import HearthCore
import NIOCore
import NIOHTTP1

/// A ``NetworkServicing`` for addresses the server's users give it (a digest's webhook): each request goes only
/// to a public address of its host, checked just before and connected to directly (``CheckedHost``), follows no
/// redirect, reads at most ``maxAnswerBytes`` of answer, and gives up after `timeout` on the given clock.
///
/// ```swift
/// let webhook = try Webhook(url: url, network: CheckedHostNetwork(purpose: "digest webhook"))
/// ```
public struct CheckedHostNetwork: NetworkServicing {
    /// The most of an answer read: a webhook's answer is a status and a few words.
    public static let maxAnswerBytes = 64 << 10

    /// What the requests are for, in messages ("digest webhook").
    public let purpose: String
    private let privateHostsAllowed: Set<String>
    private let timeout: Duration
    private let clock: any Clock<Duration>

    /// - Parameters:
    ///   - purpose: what the requests are for, in messages.
    ///   - privateHostsAllowed: hosts whose private addresses may be reached (`*`: every host).
    ///   - timeout: the longest a request may take, connecting and answering.
    ///   - clock: what the timeout runs on.
    public init(
        purpose: String, privateHostsAllowed: Set<String> = [], timeout: Duration = .seconds(15),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.purpose = purpose
        self.privateHostsAllowed = Set(privateHostsAllowed.map { $0.lowercased() })
        self.timeout = timeout
        self.clock = clock
    }

    public func send(
        _ method: HTTPMethodName, _ path: String, query: [URLQueryItem], headers: [String: String], body: Data?
    ) async throws -> NetworkResponse {
        guard var components = URLComponents(string: path), let scheme = components.scheme?.lowercased(),
            ["http", "https"].contains(scheme), components.host?.isEmpty == false
        else {
            throw ServiceError(.invalidURL, "The \(purpose) \"\(path.prefix(200))\" is not an http(s) address.")
        }
        if !query.isEmpty { components.queryItems = (components.queryItems ?? []) + query }
        guard let url = components.url else {
            throw ServiceError(.invalidURL, "The \(purpose) \"\(path.prefix(200))\" is not an http(s) address.")
        }
        let label = "\(method) \(Redaction.origin(url))"
        let allowed = privateHostsAllowed
        let checked: CheckedHost
        do {
            checked = try await CheckedHost.check(url) { allowed.contains("*") || allowed.contains($0.lowercased()) }
        } catch CheckedHost.Refusal.notFound(let host, let reason) {
            throw ServiceError.validationFailed(
                "The \(purpose) host \(host) could not be found (\(reason)); check the address.")
        } catch CheckedHost.Refusal.privateAddress(let host, let address) {
            throw ServiceError.validationFailed(
                "The \(purpose) \(Redaction.origin(url)) is on a private, loopback or link-local address (\(host) is \(address)), which the server may not be sent to; give an address on the public internet."
            )
        }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = HTTPMethod(rawValue: method.rawValue)
        request.headers.add(name: "Accept", value: "application/json")
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
        let prepared = request
        let client = checked.client(timeout: timeout)
        let timeout = self.timeout
        let clock = self.clock
        let purpose = self.purpose
        do {
            let answer = try await withThrowingTaskGroup(of: NetworkResponse.self) { group in
                group.addTask { try await Self.execute(prepared, with: client, label: label) }
                group.addTask {
                    try await clock.sleep(for: timeout)
                    throw ServiceError(
                        .timedOut, "The \(purpose) did not answer \(label) within \(timeout); the next run tries again."
                    )
                }
                defer { group.cancelAll() }
                return try await group.next()!
            }
            try? await client.shutdown()
            return answer
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    private static func execute(_ request: HTTPClientRequest, with client: HTTPClient, label: String) async throws
        -> NetworkResponse
    {
        let response: HTTPClientResponse
        do {
            response = try await client.execute(request, timeout: .hours(1), logger: nil)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw ServiceError(.operationFailed, "\(label) could not be sent: \(error).")
        }
        let status = Int(response.status.code)
        if (300..<400).contains(status) {
            throw ServiceError(
                .httpStatus,
                "\(label) answered with a redirect (HTTP \(status)), which is not followed; give the address it redirects to.",
                httpStatus: status)
        }
        var body = Data()
        for try await chunk in response.body {
            guard body.count + chunk.readableBytes <= maxAnswerBytes else { break }
            body.append(contentsOf: chunk.readableBytesView)
        }
        guard (200..<300).contains(status) else {
            throw ServiceError(
                .httpStatus, "\(label) failed with HTTP \(status) \(response.status.reasonPhrase).",
                httpStatus: status)
        }
        var headers: [String: String] = [:]
        for header in response.headers { headers[header.name.lowercased()] = header.value }
        return NetworkResponse(status: status, headers: headers, body: body)
    }
}
