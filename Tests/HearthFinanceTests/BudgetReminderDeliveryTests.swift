import Foundation
import HTTPTypes
import HearthCore
import HearthTestSupport
import Hummingbird
import HummingbirdTesting
import Testing

@testable import HearthFinance

/// Budget reminders delivered to a webhook on a local Hummingbird server, each once, with a stable key.
@Suite(.timeLimit(.minutes(5))) struct BudgetReminderDeliveryTests {
    /// What the webhook received, and whether it should refuse.
    final class Receiver: Sendable {
        let posts = Locked<[(key: String, body: Data)]>([])
        let refusing = Locked<Bool>(false)

        var keys: [String] { posts.withLock { $0.map(\.key) } }

        func router() -> Router<BasicRequestContext> {
            let router = Router()
            router.post("/hooks/finance") { request, _ -> HTTPResponse.Status in
                if self.refusing.withLock({ $0 }) { return .serviceUnavailable }
                let body = try await request.body.collect(upTo: 1 << 20)
                let key = request.headers[HTTPField.Name("Idempotency-Key")!] ?? ""
                self.posts.withLock { $0.append((key, Data(body.readableBytesView))) }
                return .noContent
            }
            return router
        }
    }

    /// A webhook channel that does not retry: a refusal fails the delivery at once.
    func channel(port: Int, now: Date) throws -> WebhookBudgetReminderChannel {
        try WebhookBudgetReminderChannel(
            url: URL(string: "http://127.0.0.1:\(port)/hooks/finance")!,
            network: NetworkService(configuration: NetworkConfiguration(timeout: .seconds(30), maxRetries: 0)),
            now: { now })
    }

    /// A store in March 2025 whose food budget of 100.00 has 85.00 spent: its 80 % reminder is made.
    func store() async throws -> FinancePersistenceService {
        let (store, _) = try makeStore(now: date(2025, 3, 15, 12))
        try await store.setBudget(category: .food, amount: 100)
        try await store.insertTransactions([
            Transaction(title: "Groceries", amount: -85, category: .food, date: date(2025, 3, 10))
        ])
        return store
    }

    @Test func eachReminderReachesTheWebhookOnceAndARefusalIsTriedAgain() async throws {
        let receiver = Receiver()
        let app = Application(
            router: receiver.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let store = try await store()
            let webhook = try channel(port: port, now: date(2025, 3, 15, 12, 30))

            receiver.refusing.withLock { $0 = true }
            let refused = try await store.deliverBudgetReminders(to: [webhook])
            #expect(refused.delivered.isEmpty)
            #expect(refused.failed.map(\.deliveryKey) == ["budget.food.2025-03.80"])
            #expect(refused.failed.first?.channel == "webhook")
            #expect(receiver.keys.isEmpty)
            #expect(try await store.budgetReminders().first?.deliveries == nil)

            receiver.refusing.withLock { $0 = false }
            let first = try await store.deliverBudgetReminders(to: [webhook])
            #expect(first.delivered.map(\.deliveryKey) == ["budget.food.2025-03.80"])
            #expect(first.failed.isEmpty)
            #expect(receiver.keys == ["budget.food.2025-03.80"])
            let body = try #require(receiver.posts.withLock { $0.first?.body })
            let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
            #expect(object["event"] as? String == "finance.budget.reminder")
            #expect(object["deliveryKey"] as? String == "budget.food.2025-03.80")
            #expect(object["title"] as? String == "Food & Dining: 80 % of the March 2025 budget spent")
            #expect(object["body"] as? String == "Spent 85.00 of 100.00; 15.00 left.")
            #expect(object["deliveredAt"] as? String == "2025-03-15T12:30:00Z")
            #expect(try await store.budgetReminders().first?.deliveries == ["webhook": date(2025, 3, 15, 12)])

            // Nothing new: nothing is sent again. Overspending makes the 100 % reminder, sent alone.
            #expect(try await store.deliverBudgetReminders(to: [webhook]).delivered.isEmpty)
            try await store.insertTransactions([
                Transaction(title: "Dinner", amount: -20, category: .food, date: date(2025, 3, 14))
            ])
            let second = try await store.deliverBudgetReminders(to: [webhook])
            #expect(second.delivered.map(\.deliveryKey) == ["budget.food.2025-03.100"])
            #expect(receiver.keys == ["budget.food.2025-03.80", "budget.food.2025-03.100"])
            // Being shown in the terminal is separate from the channels: both are still to be shown there.
            #expect(try await store.deliverBudgetReminders { _ in }.count == 2)
        }
    }

    @Test func channelDeliveriesTravelInTheExportSoAnImportSendsNothingAgain() async throws {
        let receiver = Receiver()
        let app = Application(
            router: receiver.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let source = try await store()
            let webhook = try channel(port: port, now: date(2025, 3, 15, 12))
            #expect(try await source.deliverBudgetReminders(to: [webhook]).delivered.count == 1)

            let folder = try TemporaryFolder(prefix: "hearth-finance-tests")
            let file = folder.file("export.json")
            try await source.exportJSON(to: file)
            #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self).contains(#""deliveries":{"webhook":"#))
            let (target, _) = try makeStore(now: date(2025, 3, 20))
            try await target.importJSON(from: file)
            #expect(try await target.budgetReminders() == source.budgetReminders())
            #expect(try await target.deliverBudgetReminders(to: [webhook]).delivered.isEmpty)
            #expect(receiver.keys == ["budget.food.2025-03.80"])
        }
    }

    @Test func deliveryKeysFollowCategoryMonthAndThreshold() {
        let month = FinanceMonth(year: 2026, month: 11)!
        let reminder = BudgetReminder(
            category: .bills, month: month, threshold: 100, spent: 10, available: 10, createdAt: Date())
        #expect(reminder.deliveryKey == "budget.bills.2026-11.100")
    }
}
