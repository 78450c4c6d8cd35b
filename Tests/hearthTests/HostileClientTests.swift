import AsyncHTTPClient
import Foundation
import HearthCloudModel
import HearthCompression
import HearthTestSupport
import NIOCore
import NIOHTTP1
import Synchronization
import Testing

/// `hearth serve` as the internet would treat it: each test runs a real server process, attacks it as one
/// client would, and checks the answer, that `/health` still answers, and how much memory the server took
/// (its VmRSS, sampled while the attack runs).
@Suite("hearth serve against hostile clients", .serialized, .timeLimit(.minutes(10)))
struct HostileClientTests {
    /// How much the server's resident memory grew while `attack` ran: at its highest, and once it was over.
    struct Growth: CustomStringConvertible {
        var before: Int
        var peak: Int
        var after: Int
        var peakGrowth: Int { peak - before }
        var afterGrowth: Int { after - before }
        var description: String {
            "VmRSS \(before / 1_048_576) MiB before, \(peak / 1_048_576) MiB at most (+\(peakGrowth / 1_048_576) MiB), \(after / 1_048_576) MiB after (+\(afterGrowth / 1_048_576) MiB)"
        }
    }

    /// Runs `attack` while sampling the server's VmRSS every few milliseconds (its `RssAnon`, without the
    /// database pages SQLite maps, with `ownMemoryOnly`).
    static func measure<T: Sendable>(
        _ server: ServerProcess, ownMemoryOnly: Bool = false, _ attack: () async throws -> T
    ) async throws -> (T, Growth) {
        let read: @Sendable () throws -> Int = { ownMemoryOnly ? try server.anonymousBytes : try server.residentBytes }
        let before = try read()
        let peak = Mutex(before)
        let over = Mutex(false)
        // Samples every few milliseconds until the attack is over.
        let sampling = Task {
            try await waitUntil("the attack is over", timeout: .seconds(600)) {
                if let now = try? read() { peak.withLock { $0 = max($0, now) } }
                return over.withLock { $0 }
            }
        }
        let result: T
        do {
            result = try await attack()
        } catch {
            over.withLock { $0 = true }
            _ = await sampling.result
            throw error
        }
        over.withLock { $0 = true }
        try await sampling.value
        let after = try read()
        let growth = Growth(before: before, peak: max(peak.withLock { $0 }, after), after: after)
        print("hostile client: \(growth)")
        return (result, growth)
    }

    static func errorCode(_ body: Data) -> String? {
        (try? JSONDecoder().decode(CloudError.self, from: body))?.serverErrorCode.rawValue
    }

    static func healthy(_ server: ServerProcess) async throws -> Bool {
        try await server.sendRaw("/health", body: ByteBuffer(), method: .GET).status == 200
    }

    /// An answer read off a raw connection: its status and body.
    static func parse(_ answer: String) -> (status: Int, headers: String, body: Data) {
        let parts = answer.components(separatedBy: "\r\n\r\n")
        let status = Int(answer.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, parts.first ?? "", Data(parts.dropFirst().joined(separator: "\r\n\r\n").utf8))
    }

    @Test(
        "a flood of sign-ups from one address is refused THROTTLED with Retry-After; another address behind the same proxy still signs up"
    )
    func signUpFlood() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await ServerProcess.running(dataDirectory: folder, arguments: ["--trusted-proxy", "127.0.0.1,::1"]) {
            server in
            // Each on a connection of its own, all sent at once, so the flood arrives faster than the limit refills.
            func request(_ email: String, from address: String) throws -> String {
                let body = String(
                    decoding: try JSONEncoder().encode(
                        CloudSignUpRequest(emailAddress: email, password: "a long password")), as: UTF8.self)
                return
                    "POST /cloud/v1/accounts/signup HTTP/1.1\r\nHost: hearth\r\nContent-Type: application/json\r\nX-Forwarded-For: \(address)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)"
            }
            let (answers, growth) = try await Self.measure(server) {
                var connections: [RawConnection] = []
                for _ in 0..<60 { connections.append(try await RawConnection(port: server.port)) }
                for (index, connection) in connections.enumerated() {
                    connection.send(try request("flood\(index)@example.com", from: "203.0.113.5"))
                }
                var answers: [(status: Int, headers: String, body: Data)] = []
                for connection in connections {
                    answers.append(Self.parse(try await connection.closedByServer(within: .seconds(300))))
                }
                return answers
            }
            let refused = answers.filter { $0.status == 429 }
            let created = answers.filter { $0.status == 201 }
            print(
                "hostile client: sign-up flood of 60 from one address: \(created.count) created, \(refused.count) refused"
            )
            #expect(created.count >= 20, "the burst of 20 sign-ups per address: \(answers.map(\.status))")
            #expect(refused.count >= 30, "\(answers.map(\.status))")
            #expect(created.count + refused.count == 60, "\(answers.map(\.status))")
            let first = try #require(refused.first)
            #expect(Self.errorCode(first.body) == "THROTTLED")
            #expect(first.headers.contains("Retry-After: "), "\(first.headers)")
            #expect(String(decoding: first.body, as: UTF8.self).contains("from your address (203.0.113.5)"))

            // Someone else signs up as usual.
            let other = Self.parse(
                try await {
                    let connection = try await RawConnection(port: server.port)
                    connection.send(try request("neighbour@example.com", from: "198.51.100.7"))
                    return try await connection.closedByServer(within: .seconds(60))
                }())
            #expect(other.status == 201, "\(String(decoding: other.body, as: UTF8.self))")
            #expect(try await Self.healthy(server))
            #expect(growth.afterGrowth < 32 << 20, "\(growth)")
        }
    }

    @Test(
        "a 16 MB sign-in body is refused 413 LIMIT_EXCEEDED before it is read, with or without Content-Length, in little memory"
    )
    func hugeSignIn() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await ServerProcess.running(dataDirectory: folder) { server in
            let huge = ByteBuffer(repeating: UInt8(ascii: "a"), count: 16_000_000)
            #expect(try await Self.healthy(server))
            let (answers, growth) = try await Self.measure(server) {
                let declared = try await server.sendRaw(
                    "/cloud/v1/accounts/signin", body: huge, headers: [("Content-Type", "application/json")])
                var request = HTTPClientRequest(url: server.base + "/cloud/v1/accounts/signin")
                request.method = .POST
                request.headers.add(name: "Content-Type", value: "application/json")
                let pieces = stride(from: 0, to: huge.readableBytes, by: 65_536).map {
                    huge.getSlice(at: $0, length: min(65_536, huge.readableBytes - $0))!
                }
                let stream = AsyncStream<ByteBuffer> { continuation in
                    for piece in pieces { continuation.yield(piece) }
                    continuation.finish()
                }
                request.body = .stream(stream, length: .unknown)
                let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
                let body = try await response.body.collect(upTo: 1 << 20)
                return [(declared.status, declared.body), (Int(response.status.code), Data(body.readableBytesView))]
            }
            for (status, body) in answers {
                #expect(status == 413)
                #expect(Self.errorCode(body) == "LIMIT_EXCEEDED")
                #expect(String(decoding: body, as: UTF8.self).contains("larger than 16384 bytes"))
            }
            #expect(try await Self.healthy(server))
            #expect(growth.peakGrowth < 12 << 20, "\(growth)")
        }
    }

    @Test(
        "slowloris: headers and a body trickled in are answered 408 and their connections closed; the server keeps answering others"
    )
    func slowloris() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The idle timeout is longer than the others, so that a connection whose first bytes are slow to leave a
        // busy test machine is not taken for an idle one.
        let limits = ["--header-timeout", "1", "--body-timeout", "1", "--body-min-rate", "500", "--idle-timeout", "5"]
        try await ServerProcess.running(dataDirectory: folder, arguments: limits) { server in
            let (closed, growth) = try await Self.measure(server) {
                var connections: [RawConnection] = []
                for index in 0..<40 {
                    let connection = try await RawConnection(port: server.port)
                    connection.send("GET /health HTTP/1.1\r\nHost: hearth\r\nX-Slow-\(index): ")
                    connections.append(connection)
                }
                let body = try await RawConnection(port: server.port)
                body.send(
                    "POST /graphql HTTP/1.1\r\nHost: hearth\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{\"query\":"
                )
                connections.append(body)
                // While they hang, others are served.
                #expect(try await Self.healthy(server))
                var answers: [String] = []
                for connection in connections {
                    answers.append(try await connection.closedByServer(within: .seconds(60)))
                }
                return answers
            }
            #expect(
                closed.allSatisfy { $0.hasPrefix("HTTP/1.1 408 Request Timeout") },
                "\(closed.filter { !$0.hasPrefix("HTTP/1.1 408") })")
            #expect(closed.last?.contains("The request body arrived too slowly") == true)
            #expect(closed.first?.contains("REQUEST_TIMEOUT") == true)
            // A keep-alive connection left idle is closed too.
            let idle = try await RawConnection(port: server.port)
            idle.send("GET /health HTTP/1.1\r\nHost: hearth\r\n\r\n")
            #expect(try await idle.closedByServer(within: .seconds(60)).hasPrefix("HTTP/1.1 200"))
            #expect(try await Self.healthy(server))
            #expect(growth.afterGrowth < 16 << 20, "\(growth)")
        }
    }

    @Test("gzip bombs to the collector are refused 413 after little work, nothing is stored, and memory stays small")
    func gzipBomb() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await ServerProcess.running(dataDirectory: folder, arguments: ["--analytics-key", "phc_hostile"]) {
            server in
            // Half a million events in a few kilobytes of gzip, and 100 MB of nothing in about a hundred.
            let event = #"{"event":"e","distinct_id":"d"}"#
            let events = try Zlib.compress(
                Data(
                    (#"{"api_key":"phc_hostile","batch":["#
                        + Array(repeating: event, count: 500_000).joined(separator: ",") + "]}").utf8), level: 9)
            var spaces = Data(#"{"api_key":"phc_hostile","batch":["#.utf8)
            spaces.append(Data(repeating: 0x20, count: 100_000_000))
            let bomb = try Zlib.compress(spaces, level: 9)
            #expect(events.count < 64_000 && bomb.count < 200_000, "\(events.count), \(bomb.count)")
            let (answers, growth) = try await Self.measure(server) {
                var answers: [(Int, Data)] = []
                for body in [events, bomb] {
                    let answer = try await server.sendRaw(
                        "/batch/", body: ByteBuffer(bytes: body), headers: [("Content-Encoding", "gzip")])
                    answers.append((answer.status, answer.body))
                }
                return answers
            }
            #expect(answers.map(\.0) == [413, 413])
            let codes = answers.map {
                (try? JSONSerialization.jsonObject(with: $0.1) as? [String: Any])?["code"] as? String
            }
            #expect(codes == ["too_many_events", "payload_too_large"])
            #expect(try await Self.healthy(server))
            let stored = try await ChildProcess.run(
                ChildProcess.product("hearth"), ["analytics", "events", "--server-data-dir", folder.path, "--json"])
            #expect(stored.status == 0, "\(stored.stderr)")
            let listed = try JSONSerialization.jsonObject(with: Data(stored.stdout.utf8)) as? [Any]
            #expect(listed?.isEmpty == true, "\(stored.stdout)")
            #expect(growth.peakGrowth < 32 << 20, "\(growth)")
        }
    }

    @Test(
        "a 40 MB asset is streamed to disk on upload and from the database on download: the server's memory grows far less than 40 MB"
    )
    func largeUpload() async throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await ServerProcess.running(dataDirectory: folder) { server in
            let session = try await server.signUpAndIn("uploader@example.com")
            let auth = [("Authorization", "Bearer \(session.token)"), ("Content-Type", "application/octet-stream")]
            // One small upload first, so what every upload sets up once is in place before measuring.
            #expect(
                try await server.sendRaw(
                    "/cloud/v1/assets/upload", body: ByteBuffer(repeating: 7, count: 2_000_000), headers: auth
                ).status == 201)
            var file = ByteBuffer(repeating: 0x5A, count: 40_000_000)
            file.setString("a large scan", at: 0)
            let (answer, growth) = try await Self.measure(server) {
                try await server.sendRaw("/cloud/v1/assets/upload", body: file, headers: auth, timeout: .seconds(300))
            }
            #expect(answer.status == 201, "\(String(decoding: answer.body, as: UTF8.self))")
            let asset = try JSONDecoder().decode(CloudAsset.self, from: answer.body)
            #expect(asset.size == 40_000_000)
            #expect(growth.peakGrowth < 20 << 20, "\(growth)")
            // The download is sent a part at a time: the server never holds the 40 MB either. (Reading the parts
            // maps the database's pages, which count in VmRSS but are the kernel's to share and take back.)
            let (download, downloadGrowth) = try await Self.measure(server, ownMemoryOnly: true) {
                try await server.sendRaw(
                    "/cloud/v1/assets/\(asset.fileChecksum)", body: ByteBuffer(), headers: auth, method: .GET,
                    timeout: .seconds(300))
            }
            #expect(download.status == 200)
            #expect(download.body == Data(file.readableBytesView))
            #expect(downloadGrowth.peakGrowth < 20 << 20, "\(downloadGrowth)")
            #expect(try await Self.healthy(server))
            let leftovers = try FileManager.default.contentsOfDirectory(
                atPath: folder.appendingPathComponent("uploads").path)
            #expect(leftovers.isEmpty, "\(leftovers)")
        }
    }
}
