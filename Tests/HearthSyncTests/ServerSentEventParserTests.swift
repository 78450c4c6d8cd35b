import Testing

@testable import HearthSync

@Suite struct ServerSentEventParserTests {
    @Test func parsesEventsSplitAnywhere() {
        let stream =
            "event: ready\ndata: {\"a\":1}\n\n: heartbeat\n\nevent: notification\nid: 7\ndata: line one\ndata: line two\n\n"
        let bytes = Array(stream.utf8)
        // Every split point gives the same messages.
        for split in 0...bytes.count {
            var parser = ServerSentEventParser()
            let events = parser.consume(bytes[..<split]) + parser.consume(bytes[split...])
            #expect(
                events == [
                    ServerSentEvent(event: "ready", data: "{\"a\":1}"),
                    ServerSentEvent(event: "notification", data: "line one\nline two", id: "7"),
                ])
        }
    }

    @Test func acceptsCRLFAndBareCR() {
        var parser = ServerSentEventParser()
        let events = parser.consume(Array("data: a\r\n\r\ndata: b\r\rdata:c\n\n".utf8))
        #expect(events.map(\.data) == ["a", "b", "c"])
        #expect(events.allSatisfy { $0.event == "message" })
    }

    @Test func dropsMessagesWithoutDataAndCommentsOnly() {
        var parser = ServerSentEventParser()
        #expect(parser.consume(Array(": only a comment\n\nevent: empty\n\nid: 3\n\n".utf8)).isEmpty)
    }

    @Test func keepsMultibyteCharactersSplitAcrossChunks() {
        let bytes = Array("data: café ☕️\n\n".utf8)
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        for byte in bytes { events += parser.consume([byte]) }
        #expect(events.map(\.data) == ["café ☕️"])
    }

    @Test func cutsRunawayLines() {
        var parser = ServerSentEventParser(maxLineBytes: 16)
        let events = parser.consume(Array(("data: " + String(repeating: "x", count: 100) + "\n\n").utf8))
        #expect(events.count == 1)
        #expect(events[0].data.count == 10)
    }
}
