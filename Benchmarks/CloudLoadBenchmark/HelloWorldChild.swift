import ArgumentParser
import Foundation
import Hummingbird

/// `hello-world`: the smallest Hummingbird server, the baseline for `/health` — one route answering a short
/// JSON body, on the same framework, settings and machine as the record server.
struct HelloWorldChild: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hello-world", abstract: "Run the hello-world baseline (used by the benchmark itself).",
        shouldDisplay: false)

    func run() async throws {
        let router = Router()
        router.get("health") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: #"{"status":"ok"}"#)))
        }
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                FileHandle.standardOutput.write(Data("listening on \(channel.localAddress?.port ?? 0)\n".utf8))
            }
        )
        try await app.runService()
    }
}
