import Foundation
public import HearthCore
public import HearthMail

/// E-mails each due reminder through a ``HearthMail/MailSending`` (an SMTP server): the reminder's title as
/// the subject, its text, when it is due, and the commands that apply its actions.
///
/// ```swift
/// let mailer = SMTPMailSender(configuration: try SMTPConfiguration(url: url, from: "garage@example.com"), logger: logger)
/// let mail = try MailReminderDelivery(mailer: mailer, to: [try MailAddress("ana@example.com")])
/// ```
public struct MailReminderDelivery: ReminderDelivering {
    /// Who receives the reminders.
    public let recipients: [MailAddress]
    private let mailer: any MailSending
    public var name: String { "mail" }

    /// - Throws: ``ServiceError`` (validation failed) without a recipient.
    public init(mailer: any MailSending, to recipients: [MailAddress]) throws {
        guard !recipients.isEmpty else {
            throw ServiceError.validationFailed("Reminders by e-mail need an address to send to: give --mail-to (or HEARTH_MAIL_TO)")
        }
        self.mailer = mailer
        self.recipients = recipients
    }

    public func deliver(_ reminder: ScheduledReminder) async throws {
        try await mailer.send(MailMessage(to: recipients, subject: reminder.title, text: Self.text(of: reminder)))
    }

    /// The message's text: the reminder, then each action as the command that applies it.
    static func text(of reminder: ScheduledReminder) -> String {
        var lines = [reminder.body, ""]
        if !reminder.actions.isEmpty {
            lines.append("What you can do:")
            for action in reminder.actions {
                let name = action.title.lowercased().replacingOccurrences(of: " ", with: "-")
                let extra = action == .updateNow ? " --mileage MILES" : ""
                lines.append("  \(action.title): hearth garage reminders act \(reminder.id) \(name)\(extra)")
            }
            lines.append("")
        }
        lines.append("Reminder \(reminder.id), for \(reminder.slotAt.formatted(.iso8601)).")
        return lines.joined(separator: "\n")
    }
}
