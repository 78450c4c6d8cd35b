import Foundation
import HearthTestSupport
import Logging
import Testing

@testable import HearthMail

/// A message with an HTML version beside its text, as a real mail server and Python's email package read it.
@Suite("Text and HTML email", .timeLimit(.minutes(5)))
struct MailMessageHTMLTests {
    @Test("text and HTML travel as multipart/alternative, both decoded whole, no defects, lines within 78")
    func alternative() async throws {
        guard let server = try await SMTPTestServer.start() else { return }
        defer { Task { await server.stop() } }
        let sender = SMTPMailSender(
            configuration: try SMTPConfiguration(
                url: "smtp://127.0.0.1:\(server.port)?starttls=off", from: "pantry@example.com"),
            logger: Logger(label: "hearth.mail.test"))
        let html = "<p>Milk — <b>due today</b> &amp; 🥛</p>\n<p>.a line that starts with a dot</p>"
        try await sender.send(
            MailMessage(
                to: [try MailAddress("ana@example.com")], subject: "Pantry: 1 item expiring soon",
                text: "Milk: due today 🥛\n.a line that starts with a dot\n", deliveryKey: "u-ana.2026-03-10",
                html: html))
        let parsed = try await server.message(1)
        #expect(parsed.contentType == "multipart/alternative")
        #expect(parsed.defects.isEmpty && parsed.crlfOnly && parsed.longestLine <= 78)
        #expect(parsed.messageID == "<u-ana.2026-03-10@example.com>")
        #expect(
            parsed.text?.replacingOccurrences(of: "\r\n", with: "\n")
                == "Milk: due today 🥛\n.a line that starts with a dot\n")
        #expect(parsed.html?.replacingOccurrences(of: "\r\n", with: "\n") == html)
    }

    @Test("without HTML the message stays one text/plain part")
    func plainStaysPlain() {
        let message = MailMessage(to: [], subject: "s", text: "hello")
        let rendered = message.rendered(
            from: try! MailAddress("a@example.com"), date: Date(timeIntervalSince1970: 0), messageID: "x@example.com")
        #expect(rendered.contains("Content-Type: text/plain; charset=utf-8\r\n"))
        #expect(!rendered.contains("multipart"))
    }
}
