import AsyncHTTPClient
import BenchmarkSupport
import Foundation
import HearthCloudModel
import NIOCore
import NIOHTTP1

/// The benchmark's users: signed up on a server, each with `seeded` records named `seed-0…` for lookup and query.
enum LoadUsers {
    /// Signs up `count` users on the server at `base`, seeds their records and writes their tokens, one per
    /// line, to a file whose URL is returned.
    static func prepare(base: String, count: Int, seeded: Int, folder: URL) async throws -> URL {
        var tokens: [String] = []
        for index in 0..<count {
            let email = "load\(index)-\(UUID().uuidString.prefix(8))@example.com"
            let _: CloudCaller = try await post(
                base + "/cloud/v1/accounts/signup",
                CloudSignUpRequest(emailAddress: email, password: "correct horse battery"))
            let session: CloudSession = try await post(
                base + "/cloud/v1/accounts/signin",
                CloudSignInRequest(emailAddress: email, password: "correct horse battery"))
            for start in stride(from: 0, to: seeded, by: 200) {
                let operations = (start..<min(start + 200, seeded)).map { number in
                    CloudRecordOperation(
                        operationType: .create,
                        record: CloudRecord(
                            recordName: "seed-\(number)", recordType: "ServiceEntry",
                            fields: [
                                "title": .string("Seeded service \(number)"), "mileage": .int64(Int64(number)),
                                "cost": .double(Double(number) + 0.5),
                            ]))
                }
                let _: CloudRecordsModifyResponse = try await post(
                    base + "/cloud/v1/private/records/modify",
                    CloudRecordsModifyRequest(operations: operations, desiredKeys: []), token: session.token)
            }
            tokens.append(session.token)
        }
        let file = folder.appendingPathComponent("tokens.txt")
        try Data(tokens.joined(separator: "\n").utf8).write(to: file)
        return file
    }

    private static func post<Body: Encodable, Answer: Decodable>(_ url: String, _ body: Body, token: String? = nil)
        async throws -> Answer
    {
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(body)))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        let data = try await response.body.collect(upTo: 50_000_000)
        guard response.status.code < 300 else {
            throw LoadError("\(url) answered \(response.status.code): \(String(buffer: data))")
        }
        return try JSONDecoder().decode(Answer.self, from: Data(data.readableBytesView))
    }
}
