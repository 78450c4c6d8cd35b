import AsyncHTTPClient
import BenchmarkSupport
import Foundation
import HearthCore
import NIOCore
import NIOHTTP1

/// Sends hostile documents to `/graphql` at a steady rate, signed out, each from another client address (an
/// `X-Forwarded-For` the server believes, as behind a reverse proxy): no per-address limit stops them, so every
/// one is parsed as far as the server's checks let it.
struct Attacker {
    let url: String
    let perSecond: Double
    /// The bodies sent in turn, made before the attack so that making them costs the machine nothing while
    /// the dashboard is measured (every kind, and fifty distinct junk documents).
    let bodies: [Data]

    init(url: String, perSecond: Double, junkBytes: Int) throws {
        self.url = url
        self.perSecond = perSecond
        bodies = try (0..<200).map { try HostileDocuments.body($0, junkBytes: junkBytes) }
    }

    /// What the attack saw.
    struct Tally: Sendable, Codable {
        var sent = 0
        var statuses: [String: Int] = [:]
        var failures = 0
        var slowestMilliseconds = 0.0
    }

    /// Attacks until cancelled; the value is what it saw.
    func start() -> Task<Tally, Never> {
        Task { [self] in
            let started = ContinuousClock.now
            let tally = Locked(Tally())
            await withTaskGroup(of: Void.self) { group in
                var index = 0
                while !Task.isCancelled {
                    do {
                        try await Task.sleep(
                            until: started + .seconds(Double(index + 1) / perSecond), clock: .continuous)
                    } catch {
                        break
                    }
                    let attempt = index
                    index += 1
                    tally.withLock { $0.sent += 1 }
                    group.addTask {
                        let began = ContinuousClock.now
                        do {
                            var request = HTTPClientRequest(url: url)
                            request.method = .POST
                            request.headers.add(name: "Content-Type", value: "application/json")
                            // 10.x.y.z: a different client address for every attack.
                            request.headers.add(
                                name: "X-Forwarded-For",
                                value: "10.\(attempt >> 16 & 255).\(attempt >> 8 & 255).\(attempt & 255)")
                            request.body = .bytes(ByteBuffer(bytes: bodies[attempt % bodies.count]))
                            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
                            _ = try await response.body.collect(upTo: 50_000_000)
                            let milliseconds =
                                Double((ContinuousClock.now - began).components.attoseconds) / 1e15
                                + Double((ContinuousClock.now - began).components.seconds) * 1000
                            tally.withLock {
                                $0.statuses[String(response.status.code), default: 0] += 1
                                $0.slowestMilliseconds = max($0.slowestMilliseconds, milliseconds)
                            }
                        } catch {
                            tally.withLock { $0.failures += 1 }
                        }
                    }
                }
                await group.waitForAll()
            }
            return tally.withLock { $0 }
        }
    }
}
