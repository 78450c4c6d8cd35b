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
    @Test("a logger's metadata reaches each line it writes, sorted, the line's own metadata winning; levels below the set one are not written")
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
        #expect(written.first?.hasSuffix(" info hearth.test: hb.request.id=42 route=/b status=200 [HearthServerTests] answered") == true, "\(written)")
        #expect(written.last?.hasSuffix(" warning hearth.plain: [HearthServerTests] plain") == true, "\(written)")
        #expect(logger[metadataKey: "route"] == "/a")
    }
}
