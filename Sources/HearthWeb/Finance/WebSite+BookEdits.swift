import Foundation
import HearthCloudModel
import HearthCore
import HearthFinance
import Hummingbird
import HummingbirdCore

/// The money book's changes from the browser: a transaction or a subscription opened, corrected and deleted;
/// subscriptions paused, resumed and renewed; payments in a group recorded; budgets set and removed.
extension WebSite {
    func registerBookEdits<Context: WebRequestContext>(on router: Router<Context>) {
        router.get("/money/transactions/:transaction") { request, context in
            await page(request, context) { visit, caller in
                try await transactionPage(try context.parameters.uuid("transaction"), caller: caller, visit: visit)
            }
        }
        router.post("/money/transactions/:transaction") { request, context in
            await form(request, context) { visit, caller, form in
                let id = try context.parameters.uuid("transaction")
                return try await refusable {
                    _ = try await finance.updateTransaction(
                        id,
                        FinanceTransactionForm(
                            title: form["title"] ?? "", amount: form["amount"] ?? "", date: form["date"],
                            subtitle: form["subtitle"], category: form["category"],
                            isRecurring: form["recurring"] != nil, currency: form["txCurrency"]),
                        userID: caller.userRecordName, now: clock())
                    throw WebRedirect(location: "/money/transactions?notice=saved")
                } again: { problems in
                    try await transactionPage(id, caller: caller, visit: visit, problems: problems, typed: form.all)
                }
            }
        }
        router.post("/money/transactions/:transaction/delete") { request, context in
            await form(request, context) { _, caller, _ in
                try await finance.removeTransaction(
                    try context.parameters.uuid("transaction"), userID: caller.userRecordName, now: clock())
                throw WebRedirect(location: "/money/transactions?notice=deleted")
            }
        }
        router.get("/money/subscriptions/:subscription") { request, context in
            await page(request, context) { visit, caller in
                try await subscriptionPage(try context.parameters.uuid("subscription"), caller: caller, visit: visit)
            }
        }
        router.post("/money/subscriptions/:subscription") { request, context in
            await form(request, context) { visit, caller, form in
                let id = try context.parameters.uuid("subscription")
                return try await refusable {
                    _ = try await finance.updateSubscription(
                        id,
                        FinanceSubscriptionForm(
                            name: form["subscriptionName"] ?? "", price: form["price"] ?? "", cycle: form["cycle"],
                            nextBill: form["nextBill"], category: form["subscriptionCategory"],
                            currency: form["subscriptionCurrency"]),
                        userID: caller.userRecordName, now: clock())
                    throw WebRedirect(location: "/money?notice=subscriptionSaved")
                } again: { problems in
                    try await subscriptionPage(id, caller: caller, visit: visit, problems: problems, typed: form.all)
                }
            }
        }
        for (verb, notice) in [
            ("pause", "subscriptionPaused"), ("resume", "subscriptionResumed"), ("renew", "subscriptionRenewed"),
            ("delete", "subscriptionDeleted"),
        ] {
            router.post("/money/subscriptions/:subscription/\(verb)") { request, context in
                await form(request, context) { _, caller, _ in
                    let id = try context.parameters.uuid("subscription")
                    let user = caller.userRecordName
                    switch verb {
                    case "pause": _ = try await finance.setSubscription(id, active: false, userID: user, now: clock())
                    case "resume": _ = try await finance.setSubscription(id, active: true, userID: user, now: clock())
                    case "renew": _ = try await finance.renewSubscription(id, userID: user, now: clock())
                    default: try await finance.removeSubscription(id, userID: user, now: clock())
                    }
                    throw WebRedirect(location: "/money?notice=\(notice)")
                }
            }
        }
        router.post("/money/groups/:group/payments") { request, context in
            await form(request, context) { visit, caller, form in
                let group = try context.parameters.uuid("group")
                return try await refusable {
                    _ = try await finance.recordPayment(
                        group: group, from: try Self.uuid(form["from"] ?? "", "Who paid"),
                        to: try Self.uuid(form["to"] ?? "", "Who was paid"), amount: form["paid"] ?? "",
                        userID: caller.userRecordName, now: clock())
                    throw WebRedirect(location: "/money/groups/\(group.uuidString.lowercased())?notice=payment")
                } again: { problems in
                    try await groupPage(group, caller: caller, visit: visit, problems: problems, typed: form.all)
                }
            }
        }
        router.get("/money/report") { request, context in
            await page(request, context) { _, caller in
                let parameters = request.uri.queryParameters
                let period =
                    parameters["period"].map { String($0.prefix(40)) }
                    ?? FinanceMonth(containing: clock(), calendar: finance.calendar).description
                return try await finance.report(
                    period: period, format: parameters["format"].map { String($0.prefix(40)) } ?? "pdf",
                    userID: caller.userRecordName, now: clock()
                ).response()
            }
        }
        router.post("/money/groups/:group/expenses/:groupexpense/delete") { request, context in
            await form(request, context) { _, caller, _ in
                let group = try context.parameters.uuid("group")
                try await finance.removeGroupExpense(
                    try context.parameters.uuid("groupexpense"), group: group, userID: caller.userRecordName,
                    now: clock())
                throw WebRedirect(location: "/money/groups/\(group.uuidString.lowercased())?notice=expenseDeleted")
            }
        }
        router.post("/money/budgets") { request, context in
            await form(request, context) { visit, caller, form in
                try await moneyWrite(visit, caller, form, notice: "budget") {
                    _ = try await finance.setBudget(
                        category: form["budgetCategory"] ?? "", amount: form["budget"] ?? "",
                        rollover: form["rollover"] != nil, userID: caller.userRecordName, now: clock())
                }
            }
        }
        router.post("/money/currency") { request, context in
            await form(request, context) { visit, caller, form in
                try await moneyWrite(visit, caller, form, notice: "currency") {
                    _ = try await finance.setBookCurrency(
                        form["currency"] ?? "", userID: caller.userRecordName, now: clock())
                }
            }
        }
        router.post("/money/rates") { request, context in
            await form(request, context, uploadLimit: FinanceRecords.maxRatesBytes) { visit, caller, form in
                try await moneyWrite(visit, caller, form, notice: "rates") {
                    let file = form.file("rates")
                    _ = try await finance.importRates(
                        file?.data ?? Data(), fileName: file?.fileName ?? "", userID: caller.userRecordName,
                        now: clock())
                }
            }
        }
        router.post("/money/budgets/remove") { request, context in
            await form(request, context) { _, caller, form in
                try await finance.removeBudget(
                    category: form["budgetCategory"] ?? "", userID: caller.userRecordName, now: clock())
                throw WebRedirect(location: "/money?notice=budgetRemoved")
            }
        }
    }

    /// A transaction's page: its stored values to correct, or what was just typed with the problems named.
    func transactionPage(
        _ id: UUID, caller: CloudCaller, visit: WebVisit, problems: String? = nil, typed: [String: String] = [:]
    ) async throws -> Response {
        let transaction = try await finance.transaction(id, userID: caller.userRecordName, now: clock())
        let stored: [String: String] = [
            "title": transaction.title, "amount": WebFormat.amount(transaction.amount),
            "date": CalendarDay(transaction.date, in: finance.calendar.timeZone).iso,
            "subtitle": transaction.subtitle, "category": transaction.category.rawValue,
            "txCurrency": transaction.currency?.code ?? "",
        ]
        let values = typed.isEmpty ? stored : typed
        return try render(
            "money/transaction",
            [
                "title": transaction.title, "section": ["money": true],
                "transaction": ["id": id.uuidString.lowercased(), "title": transaction.title],
                "typed": values,
                "recurring": typed.isEmpty ? transaction.isRecurring : typed["recurring"] != nil,
                "txCategories": TransactionCategory.allCases.map {
                    ["value": $0.rawValue, "selected": $0.rawValue == values["category"]]
                },
                "problems": problems ?? "",
            ], visit: visit)
    }

    /// A subscription's page: its stored values to change, pause, renew or delete it.
    func subscriptionPage(
        _ id: UUID, caller: CloudCaller, visit: WebVisit, problems: String? = nil, typed: [String: String] = [:]
    ) async throws -> Response {
        let subscription = try await finance.subscription(id, userID: caller.userRecordName, now: clock())
        let book = try await finance.bookCurrency(userID: caller.userRecordName, now: clock())
        let currency = subscription.currency ?? book
        let stored: [String: String] = [
            "subscriptionName": subscription.name, "price": WebFormat.amount(subscription.price),
            "cycle": subscription.billingCycle.rawValue,
            "nextBill": CalendarDay(subscription.nextBillingDate, in: finance.calendar.timeZone).iso,
            "subscriptionCategory": subscription.category.rawValue,
            "subscriptionCurrency": subscription.currency?.code ?? "",
        ]
        let values = typed.isEmpty ? stored : typed
        return try render(
            "money/subscription",
            [
                "title": subscription.name, "section": ["money": true],
                "subscription": [
                    "id": id.uuidString.lowercased(), "name": subscription.name, "active": subscription.isActive,
                    "spent": WebFormat.money(subscription.totalSpent, in: currency),
                    "monthly": WebFormat.money(subscription.monthlyCost, in: currency),
                ],
                "typed": values,
                "cycles": BillingCycle.allCases.filter { $0 != .yearly || $0.rawValue == values["cycle"] }.map {
                    ["value": $0.rawValue, "selected": $0.rawValue == values["cycle"]]
                },
                "subscriptionCategories": SubscriptionCategory.allCases.map {
                    ["value": $0.rawValue, "selected": $0.rawValue == values["subscriptionCategory"]]
                },
                "problems": problems ?? "",
            ], visit: visit)
    }
}
