public import Foundation

/// One email: who it goes to, its subject and its text, with an HTML version beside the text when ``html`` is set.
///
/// The sender (`From`) is the sender's own configured address unless ``from`` names another; the date and the
/// Message-ID are added when it is sent (a stable one from ``deliveryKey`` when it has one). Any text is fine: the subject and names are encoded when they are not
/// ASCII, line breaks in them become spaces, and the text travels as quoted-printable UTF-8.
///
/// ```swift
/// let message = MailMessage(to: [try MailAddress("ana@example.com")], subject: "Your Hearth code", text: "123456")
/// try await mailer.send(message)
/// ```
public struct MailMessage: Sendable, Hashable {
    public var to: [MailAddress]
    public var subject: String
    /// The body, plain text; any line ending.
    public var text: String
    /// The same body as HTML, sent beside ``text`` as `multipart/alternative`; nil sends the text alone.
    public var html: String?
    /// The sender, when not the sender's configured address.
    public var from: MailAddress?
    /// For a message that may be sent again after an answer that never came: the same key gives the same
    /// Message-ID (`<key>@<sender's domain>`, characters other than letters, digits, `.`, `-` and `_` made
    /// `-`), by which mail programs recognise the repeat. Nil gives each sending a new random Message-ID.
    public var deliveryKey: String?

    public init(
        to: [MailAddress], subject: String, text: String, from: MailAddress? = nil, deliveryKey: String? = nil,
        html: String? = nil
    ) {
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
        self.from = from
        self.deliveryKey = deliveryKey
    }
}
