import ArgumentParser
import Foundation
import HearthFinance
import HearthMail
import Logging

/// Where `hearth finance budget reminders --deliver` sends reminders: a webhook and a mail server, with the
/// options and environment variables `hearth garage reminders deliver` takes.
struct FinanceReminderTargets: ParsableArguments {
    @Option(help: "POST each budget reminder as JSON to this URL (or HEARTH_FINANCE_WEBHOOK_URL).") var webhook: String?
    @Option(
        name: .customLong("smtp-url"),
        help:
            "E-mail each budget reminder through this mail server: smtp://user:password@host:587 (STARTTLS required; ?starttls=opportunistic or off), smtps://user:password@host:465 (or HEARTH_SMTP_URL)."
    )
    var smtpURL: String?
    @Option(
        name: .customLong("mail-from"),
        help: "The address reminder e-mails come from (or HEARTH_MAIL_FROM); needed with --smtp-url.") var mailFrom:
        String?
    @Option(
        name: .customLong("mail-to"),
        help: "Who reminder e-mails go to, comma-separated (or HEARTH_MAIL_TO); needed with --smtp-url.")
    var mailTo: String?

    /// Whether any target option was given on the command line.
    var given: Bool { webhook != nil || smtpURL != nil || mailFrom != nil || mailTo != nil }

    /// The webhook and the mail server, as given by the options or else the environment.
    func channels(
        now: @escaping @Sendable () -> Date, environment: [String: String] = ProcessInfo.processInfo.environment
    )
        throws -> [any BudgetReminderChannel]
    {
        func setting(_ value: String?, _ variable: String) -> String? {
            (value ?? environment[variable]).flatMap { $0.isEmpty ? nil : $0 }
        }
        var channels: [any BudgetReminderChannel] = []
        if let target = setting(webhook, "HEARTH_FINANCE_WEBHOOK_URL") {
            guard let url = URL(string: target) else { throw ValidationError("--webhook \"\(target)\" is not a URL.") }
            channels.append(try WebhookBudgetReminderChannel(url: url, now: now))
        }
        let mailTo = setting(self.mailTo, "HEARTH_MAIL_TO")
        if let url = setting(smtpURL, "HEARTH_SMTP_URL") {
            guard let from = setting(mailFrom, "HEARTH_MAIL_FROM") else {
                throw ValidationError(
                    "--smtp-url needs --mail-from (or HEARTH_MAIL_FROM): the address reminder e-mails come from.")
            }
            guard let mailTo else {
                throw ValidationError("--smtp-url needs --mail-to (or HEARTH_MAIL_TO): who the reminder e-mails go to.")
            }
            let recipients = try mailTo.split(separator: ",").map {
                try MailAddress(String($0).trimmingCharacters(in: .whitespaces))
            }
            var logger = Logger(
                label: "hearth.finance.reminders", factory: { StreamLogHandler.standardError(label: $0) })
            logger.logLevel = .notice
            let mailer = SMTPMailSender(configuration: try SMTPConfiguration(url: url, from: from), logger: logger)
            channels.append(try MailBudgetReminderChannel(mailer: mailer, to: recipients))
        } else if self.mailTo != nil || self.mailFrom != nil {
            throw ValidationError(
                "--mail-to and --mail-from send reminders by e-mail through --smtp-url (or HEARTH_SMTP_URL); give it too."
            )
        }
        return channels
    }
}
