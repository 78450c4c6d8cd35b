import Foundation

extension MailMessage {
    /// The message as RFC 5322 text with CRLF line ends: `From`, `To`, `Subject`, `Date`, `Message-ID`, and a
    /// MIME UTF-8 plain-text body in quoted-printable (beside an HTML one in `multipart/alternative` when ``html`` is set).
    func rendered(from sender: MailAddress, date: Date, messageID: String) -> String {
        var headers = [
            "From: " + MIMEText.mailbox(from ?? sender),
            "To: " + to.map(MIMEText.mailbox).joined(separator: ",\r\n "),
            "Subject: " + MIMEText.headerValue(subject),
            "Date: " + Self.dateText(date),
            "Message-ID: <\(messageID)>",
            "MIME-Version: 1.0",
        ]
        if let from, from != sender { headers.append("Sender: " + MIMEText.mailbox(sender)) }
        guard let html else {
            headers += ["Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: quoted-printable"]
            let body = MIMEText.quotedPrintable(text)
            return headers.joined(separator: "\r\n") + "\r\n\r\n" + body + (body.hasSuffix("\r\n") ? "" : "\r\n")
        }
        // The boundary is made from the Message-ID, which is unique, and quoted-printable never writes "==_".
        let boundary = "==_" + String(messageID.prefix { $0 != "@" }.prefix(60)) + "_alt"
        headers.append("Content-Type: multipart/alternative; boundary=\"\(boundary)\"")
        func part(_ type: String, _ content: String) -> String {
            "--\(boundary)\r\nContent-Type: \(type); charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n"
                + MIMEText.quotedPrintable(content) + "\r\n"
        }
        return headers.joined(separator: "\r\n") + "\r\n\r\n" + part("text/plain", text) + part("text/html", html)
            + "--\(boundary)--\r\n"
    }

    /// The Message-ID at the sender's domain: the ``deliveryKey`` made safe when there is one, else a new one.
    func messageID(domain: String) -> String {
        guard let deliveryKey, !deliveryKey.isEmpty else { return Self.makeMessageID(domain: domain) }
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_")
        let safe = String(deliveryKey.prefix(200).map { allowed.contains($0) ? $0 : "-" })
        return safe + "@" + domain
    }

    /// A new Message-ID at the sender's domain: 32 random hex digits, `@`, the domain.
    static func makeMessageID(domain: String) -> String {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        return random + "@" + domain
    }

    /// RFC 5322's date: `Fri, 27 Nov 2026 13:29:45 +0000`.
    static func dateText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
