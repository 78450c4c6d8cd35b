import Foundation
import HearthCore
import HearthGarage
import HearthMail

/// E-mails each due reminder (`hearth garage reminders run --smtp-url …`) through a ``HearthMail/MailSending`` (an SMTP server): the reminder's title as
/// the subject, its text, when it is due, and the commands that apply its actions.
///
/// ```swift
/// let mailer = SMTPMailSender(configuration: try SMTPConfiguration(url: url, from: "garage@example.com"), logger: logger)
/// let mail = try MailReminderDelivery(mailer: mailer, to: [try MailAddress("ana@example.com")])
/// ```
struct MailReminderDelivery: ReminderDelivering {
    /// Who receives the reminders.
    let recipients: [MailAddress]
    private let mailer: any MailSending
    var name: String { "mail" }

    /// - Throws: ``ServiceError`` (validation failed) without a recipient.
    init(mailer: any MailSending, to recipients: [MailAddress]) throws {
        guard !recipients.isEmpty else {
            throw ServiceError.validationFailed(
                "Reminders by e-mail need an address to send to: give --mail-to (or HEARTH_MAIL_TO)")
        }
        self.mailer = mailer
        self.recipients = recipients
    }

    func deliver(_ reminder: ScheduledReminder) async throws {
        try await mailer.send(
            MailMessage(
                to: recipients, subject: reminder.title, text: reminder.messageText,
                deliveryKey: "garage-reminder." + reminder.deliveryKey))
    }
}
