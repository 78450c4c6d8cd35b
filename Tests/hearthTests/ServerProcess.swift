import AsyncHTTPClient
import Foundation
import HearthCloudModel
import HearthTestSupport
import NIOCore
import NIOHTTP1
import Testing

/// A real `hearth serve` process on port 0, the `hearth` built beside the test bundle.
final class ServerProcess: Sendable {
    let child: ChildProcess
    let dataDirectory: URL
    let port: Int

    /// Starts a server, runs `body` with it, and stops the server on every path.
    static func running<T>(
        dataDirectory: URL, database: String? = nil, arguments: [String] = [], _ body: (ServerProcess) async throws -> T
    ) async throws -> T {
        let server = try await ServerProcess(dataDirectory: dataDirectory, database: database, arguments: arguments)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Starts the server and waits until it logs the port it listens on.
    private init(dataDirectory: URL, database: String? = nil, arguments extra: [String] = []) async throws {
        self.dataDirectory = dataDirectory
        var arguments = ["serve", "--port", "0", "--data-dir", dataDirectory.path, "--log-level", "notice"] + extra
        if let database { arguments += ["--database", database] }
        child = try ChildProcess.start(ChildProcess.product("hearth"), arguments)
        do {
            let match = try await child.waitForOutput(
                matching: /server\.url=http:\/\/127\.0\.0\.1:(\d+)/, in: .stderr, timeout: .seconds(60))
            guard let port = Int(match.1) else {
                throw CloudError(.internalError, "hearth serve logged port \(match.1)")
            }
            self.port = port
        } catch {
            child.signal(SIGTERM)
            await child.exit()
            throw CloudError(.internalError, "hearth serve did not start: \(error)")
        }
    }

    var base: String { "http://127.0.0.1:\(port)" }

    /// How the process ended, or nil while it runs.
    var terminationReason: Process.TerminationReason? { child.terminationReason }

    /// Kills the process at once, as a crash or power cut of the process would, and waits for it.
    func killHard() async {
        child.signal(SIGKILL)
        await child.exit()
    }

    /// Asks the process to stop and waits for it; does nothing once it has ended.
    func stop() async {
        child.signal(SIGTERM)
        await child.exit()
    }

    /// The server's resident memory in bytes (`VmRSS` in /proc/PID/status).
    var residentBytes: Int {
        get throws { try status("VmRSS") }
    }

    /// The server's resident memory that is its own (`RssAnon`): without the pages of files it maps, such as
    /// the SQLite database, which the kernel shares and can take back.
    var anonymousBytes: Int {
        get throws { try status("RssAnon") }
    }

    /// A memory figure of /proc/PID/status, in bytes.
    private func status(_ field: String) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(child.processIdentifier)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("\(field):") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { throw CloudError(.internalError, "/proc/\(child.processIdentifier)/status has no \(field) line") }
        return kilobytes * 1024
    }

    // MARK: Requests

    /// Sends `body` as it is to `path`, with `headers`; answers the status, headers and body.
    func sendRaw(
        _ path: String, body: ByteBuffer, headers: [(String, String)] = [], method: HTTPMethod = .POST,
        timeout: TimeAmount = .seconds(60)
    ) async throws -> (status: Int, headers: HTTPHeaders, body: Data) {
        var request = HTTPClientRequest(url: base + path)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if method == .POST { request.body = .bytes(body) }
        let response = try await HTTPClient.shared.execute(request, timeout: timeout)
        let answer = try await response.body.collect(upTo: 64 << 20)
        return (Int(response.status.code), response.headers, Data(answer.readableBytesView))
    }

    func send<T: Encodable>(_ path: String, _ value: T, token: String? = nil, device: String? = nil) async throws -> (
        status: Int, body: Data
    ) {
        var request = HTTPClientRequest(url: base + path)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let device { request.headers.add(name: "X-Hearth-Device-ID", value: device) }
        request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(value)))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 10_000_000)
        return (Int(response.status.code), Data(body.readableBytesView))
    }

    func decoded<T: Decodable, B: Encodable>(
        _ type: T.Type, _ path: String, _ value: B, token: String? = nil, device: String? = nil
    ) async throws -> T {
        let (status, body) = try await send(path, value, token: token, device: device)
        guard status < 300 else {
            throw (try? JSONDecoder().decode(CloudError.self, from: body))
                ?? CloudError(.internalError, "HTTP \(status)")
        }
        return try JSONDecoder().decode(T.self, from: body)
    }

    /// The names of every record in the caller's private default zone, read through the changes feed.
    func recordNames(token: String) async throws -> [String] {
        var names: [String] = []
        var syncToken: CloudSyncToken?
        while true {
            let page = try await decoded(
                CloudRecordChangesResponse.self, "/cloud/v1/private/records/changes",
                CloudRecordChangesRequest(syncToken: syncToken, resultsLimit: 1000), token: token)
            names += page.records.map(\.recordName)
            syncToken = page.syncToken
            if !page.moreComing { return names }
        }
    }

    func signUpAndIn(_ email: String, password: String = "a long password") async throws -> CloudSession {
        let (status, _) = try await send(
            "/cloud/v1/accounts/signup", CloudSignUpRequest(emailAddress: email, password: password))
        #expect(status == 201)
        return try await decoded(
            CloudSession.self, "/cloud/v1/accounts/signin", CloudSignInRequest(emailAddress: email, password: password))
    }
}

func temporaryFolder() -> URL {
    scratchDirectory("hearth-serve")
}
