import Foundation
import HearthCore
import HearthFinance
import HearthMail

/// E-mails each budget reminder (`hearth finance budget reminders --deliver --smtp-url …`) through a
/// ``HearthMail/MailSending``: the reminder's title as the subject, its figures as the text, and its
/// ``HearthFinance/BudgetReminder/deliveryKey`` as the Message-ID, so a repeat is recognisable.
struct MailBudgetReminderChannel: BudgetReminderChannel {
    /// Who receives the reminders.
    let recipients: [MailAddress]
    private let mailer: any MailSending
    var name: String { "mail" }

    /// - Throws: ``HearthCore/ServiceError`` (validation failed) without a recipient.
    init(mailer: any MailSending, to recipients: [MailAddress]) throws {
        guard !recipients.isEmpty else {
            throw ServiceError.validationFailed(
                "Budget reminders by e-mail need an address to send to: give --mail-to (or HEARTH_MAIL_TO)")
        }
        self.mailer = mailer
        self.recipients = recipients
    }

    func deliver(_ reminder: BudgetReminder) async throws {
        try await mailer.send(
            MailMessage(
                to: recipients, subject: reminder.title,
                text: "\(reminder.body)\n\nSee every budget: hearth finance budget --month \(reminder.month)\n",
                deliveryKey: reminder.deliveryKey))
    }
}
