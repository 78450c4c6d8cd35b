import Foundation
import Logging
import Synchronization
import Testing

@testable import HearthServer

/// Collects what a log handler writes.
private final class Lines: TextOutputStream, Sendable {
    private let text = Mutex("")
    func write(_ string: String) { text.withLock { $0 += string } }
    var all: [Substring] { text.withLock { $0 }.split(separator: "\n") }
}

@Suite("Server log lines")
struct ServerLogHandlerTests {
    @Test(
        "a logger's metadata reaches each line it writes, sorted, the line's own metadata winning; levels below the set one are not written"
    )
    func metadataAndLevels() {
        let lines = Lines()
        var logger = Logger(label: "hearth.test") { ServerLogHandler(label: $0, level: .info, stream: lines) }
        logger[metadataKey: "hb.request.id"] = "42"
        logger[metadataKey: "route"] = "/a"
        logger.info("answered", metadata: ["route": "/b", "status": "200"])
        logger.debug("not written")
        var plain = Logger(label: "hearth.plain") { ServerLogHandler(label: $0, level: .info, stream: lines) }
        plain.logLevel = .warning
        plain.info("not written either")
        plain.warning("plain")

        let written = lines.all
        #expect(written.count == 2)
        // As swift-log's StreamLogHandler writes: time, level, label, metadata by key, [source], message.
        #expect(
            written.first?.hasSuffix(
                " info hearth.test: hb.request.id=42 route=/b status=200 [HearthServerTests] answered") == true,
            "\(written)")
        #expect(written.last?.hasSuffix(" warning hearth.plain: [HearthServerTests] plain") == true, "\(written)")
        #expect(logger[metadataKey: "route"] == "/a")
    }

    @Test(
        "in JSON each line is one object: time, level, label, message, source and the metadata, nested values kept; quotes and newlines escaped"
    )
    func jsonLines() throws {
        let written = Mutex<[Data]>([])
        var logger = Logger(label: "hearth.json") {
            ServerLogHandler(label: $0, level: .info, jsonLines: { line in written.withLock { $0.append(line) } })
        }
        logger[metadataKey: "hb.request.id"] = "7"
        logger.info("said \"hi\"\nand left", metadata: ["user": ["id": "u1", "roles": ["owner", "admin"]]])
        logger.debug("not written")

        let lines = written.withLock { $0 }
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        #expect(line.last == 0x0A && !line.dropLast().contains(0x0A), "one line, ending in a newline")
        let object = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
        #expect(object["level"] as? String == "info")
        #expect(object["label"] as? String == "hearth.json")
        #expect(object["message"] as? String == "said \"hi\"\nand left")
        #expect(object["source"] as? String == "HearthServerTests")
        let metadata = try #require(object["metadata"] as? [String: Any])
        #expect(metadata["hb.request.id"] as? String == "7")
        #expect((metadata["user"] as? [String: Any])?["roles"] as? [String] == ["owner", "admin"])
        let timestamp = try #require(object["timestamp"] as? String)
        #expect(
            (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(timestamp)) != nil, "\(timestamp)")
    }
}
