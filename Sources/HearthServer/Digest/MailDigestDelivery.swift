import Foundation
import HearthCore
import HearthMail
import HearthPantryServer

/// E-mails each pantry digest to the member's account address through a ``HearthMail/MailSending`` (the server's
/// SMTP server): the digest's subject, its text and HTML bodies, and a Message-ID made from its delivery key
/// (`pantry-digest.<member>.<day>`), so a repeat after an answer that never came is recognised as the same message.
struct MailDigestDelivery: DigestDelivering {
    let mailer: any MailSending
    var channel: String { "email" }

    func applies(to recipient: DigestRecipient) -> Bool { recipient.wantsEmail }

    func deliver(_ digest: PantryDigest, to recipient: DigestRecipient) async throws {
        try await mailer.send(
            MailMessage(
                to: [try MailAddress(recipient.email)], subject: digest.subject, text: digest.text,
                deliveryKey: "pantry-digest." + digest.deliveryKey, html: digest.html))
    }
}
