import Foundation
import HTTPTypes
import HearthCore
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HearthFinance

extension FinanceBudgetCLITests {
    /// `hearth finance budget reminders --deliver` as a user runs it: to a webhook on a local Hummingbird server
    /// and by e-mail through aiosmtpd. A refusing webhook is tried again on the next run; the mail is not.
    @Test func remindersAreDeliveredOncePerChannelAndARefusedChannelIsTriedAgain() async throws {
        guard let smtp = try await SMTPTestServer.start() else { return }
        defer { Task { await smtp.stop() } }
        let receiver = BudgetReminderDeliveryTests.Receiver()
        let app = Application(
            router: receiver.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let month = thisMonth
            try await succeed(["budget", "set", "food", "100"])
            try await succeed([
                "transactions", "add", "--title", "Groceries", "--amount", "-85", "--category", "food",
                "--date", midMonth(month),
            ])
            let targets = [
                "--webhook", "http://127.0.0.1:\(port)/hooks/finance",
                "--smtp-url", "smtp://127.0.0.1:\(smtp.port)?starttls=off",
                "--mail-from", "budgets@example.com", "--mail-to", "ana@example.com",
            ]
            let key = "budget.food.\(month).80"

            // The webhook refuses: the mail goes, the command fails naming the webhook.
            receiver.refusing.withLock { $0 = true }
            let refused = try await hearth(["budget", "reminders", "--deliver"] + targets)
            #expect(refused.status != 0)
            #expect(refused.stdout.contains("Delivered 1 budget reminder."), "\(refused.stdout)")
            #expect(refused.stdout.contains("\(key) by mail"), "\(refused.stdout)")
            #expect(
                refused.stderr.contains("error: \(key) was not delivered by webhook"), "\(refused.stderr)")
            #expect(smtp.count == 1)
            let mail = try await smtp.message(1)
            #expect(mail.subject == "Food & Dining: 80 % of the \(month.longName) budget spent")
            #expect(mail.messageID.hasPrefix("<\(key)"), "\(mail.messageID)")
            #expect(mail.to == "ana@example.com" && mail.from == "budgets@example.com")
            #expect(mail.text?.contains("Spent 85.00 of 100.00; 15.00 left.") == true, "\(mail.text ?? "")")

            // Next run: the webhook takes it; the mail is not sent again.
            receiver.refusing.withLock { $0 = false }
            let output = try await json(["budget", "reminders", "--deliver"] + targets)
            let delivered = try #require(output["delivered"] as? [[String: Any]])
            #expect(delivered.map { $0["channel"] as? String } == ["webhook"])
            #expect(delivered.map { $0["deliveryKey"] as? String } == [key])
            #expect(receiver.keys == [key])
            #expect(smtp.count == 1)

            // Nothing new: a third run sends nothing anywhere.
            let quiet = try await succeed(["budget", "reminders", "--deliver"] + targets)
            #expect(quiet.contains("Delivered 0 budget reminders."), "\(quiet)")
            #expect(receiver.keys == [key] && smtp.count == 1)
        }

        try await expectFailure(["budget", "reminders", "--deliver"], "--deliver needs somewhere to deliver")
        try await expectFailure(
            ["budget", "reminders", "--webhook", "http://127.0.0.1:1/x"], "go with --deliver")
        try await expectFailure(
            ["budget", "reminders", "--deliver", "--smtp-url", "smtp://127.0.0.1:2525", "--mail-to", "a@example.com"],
            "--smtp-url needs --mail-from")
        try await expectFailure(
            ["budget", "reminders", "--deliver", "--webhook", "ftp://example.com/x"], "is not an http(s) URL")
    }
}
