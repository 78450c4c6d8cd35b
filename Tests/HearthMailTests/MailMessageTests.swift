import Foundation
import Testing

@testable import HearthMail

@Suite("Messages as RFC 5322 text")
struct MailMessageTests {
    @Test("headers: ASCII as is, anything else as UTF-8 encoded words; line breaks cannot add a header")
    func headers() throws {
        let message = MailMessage(
            to: [try MailAddress("ana@example.com", name: "Ana \"the\" García")],
            subject: "Hi\r\nBcc: eve@example.com", text: "x")
        let text = message.rendered(
            from: try MailAddress("hearth@example.com"), date: Date(timeIntervalSince1970: 1_800_000_000),
            messageID: "id@example.com")
        #expect(text.contains("Subject: Hi  Bcc: eve@example.com\r\n"))
        #expect(!text.contains("\r\nBcc:"))
        #expect(text.contains("To: =?UTF-8?B?"))
        #expect(text.contains("Date: Fri, 15 Jan 2027 08:00:00 +0000\r\n"))
        #expect(text.contains("Message-ID: <id@example.com>\r\n"))
        #expect(text.hasSuffix("\r\n"))
        let ascii = MIMEText.mailbox(try MailAddress("bo@example.com", name: "Bo \"B\" Smith"))
        #expect(ascii == "\"Bo \\\"B\\\" Smith\" <bo@example.com>")
    }

    @Test("a delivery key gives the same Message-ID every time, made safe; without one each is new")
    func messageIDs() throws {
        let to = [try MailAddress("ana@example.com")]
        let keyed = MailMessage(to: to, subject: "s", text: "t", deliveryKey: "reminder.service-1 <x>@y\r\n.42")
        #expect(keyed.messageID(domain: "example.com") == "reminder.service-1--x--y-.42@example.com")
        #expect(keyed.messageID(domain: "example.com") == keyed.messageID(domain: "example.com"))
        let fresh = MailMessage(to: to, subject: "s", text: "t")
        #expect(fresh.messageID(domain: "example.com") != fresh.messageID(domain: "example.com"))
        #expect(fresh.messageID(domain: "example.com").hasSuffix("@example.com"))
    }

    @Test("quoted-printable: lines of at most 76, soft breaks, = and trailing spaces encoded, a leading dot encoded")
    func quotedPrintable() {
        let encoded = MIMEText.quotedPrintable(String(repeating: "é", count: 60) + "\n.dot = sign \n")
        for line in encoded.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 76, "\(line)") }
        #expect(encoded.contains("=2Edot =3D sign=20"))
        #expect(encoded.contains("=C3=A9"))
    }

    @Test("dot-stuffing doubles a leading dot and ends with a lone dot")
    func dotStuffing() {
        #expect(MIMEText.dotStuffed("a\r\n.b\n..c\r\n") == "a\r\n..b\r\n...c\r\n.\r\n")
        #expect(MIMEText.dotStuffed(".") == "..\r\n.\r\n")
    }
}
