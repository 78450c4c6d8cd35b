import ArgumentParser
import Foundation
import HearthFinance

/// `hearth finance subscriptions …`
struct FinanceSubscriptionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscriptions",
        abstract: "Add, list, update, renew and delete subscriptions, and find them among the transactions.",
        subcommands: [Add.self, List.self, Update.self, Renew.self, Delete.self, Suggest.self]
    )

    /// The options add and update share.
    struct Fields: ParsableArguments {
        @Option(help: "Its name.") var name: String?
        @Option(parsing: .unconditional, help: "What one bill costs, such as 9.99.") var price: String?
        @Option(help: "daily, weekly, biweekly, monthly, quarterly, semi-annually, annually (yearly) or lifetime.")
        var cycle: String?
        @Option(help: "When the next bill is due.") var next: String?
        @Option(help: "Entertainment, Productivity, Fitness & Health, … (see the app's list).") var category: String?
        @Option(
            name: .customLong("payment-method"),
            help: "Credit Card, Debit Card, PayPal, Apple Pay, Google Pay, Bank Transfer or Other.") var paymentMethod:
            String?
        @Option(help: "What it is.") var description: String?
        @Option(help: "Notes.") var notes: String?
        @Option(help: "Its website (http or https).") var website: String?
        @Option(
            name: .customLong("shared-with"), help: "A person (id or name) who shares the cost; repeat for several.")
        var sharedWith: [String] = []
        @Option(name: .customLong("reminder-days"), help: "Remind this many days before each bill (default 3).")
        var reminderDays: Int?
        @Option(name: .customLong("reminder-time"), help: "Remind at this time, HH:mm (default 09:00).")
        var reminderTime: String?
        @Flag(name: .customLong("no-reminder"), help: "Do not remind before bills.") var noReminder = false
        @Flag(help: "Paused: not counted and not renewed.") var inactive = false

        struct Parsed {
            var price: Decimal?
            var cycle: BillingCycle?
            var next: Date?
            var category: SubscriptionCategory?
            var paymentMethod: PaymentMethod?
            var reminderTime: TimeOfDay?
        }

        func parse() throws -> Parsed {
            try FinanceCLI.check {
                var parsed = Parsed()
                parsed.price = try price.map { try FinanceCLI.amount($0, option: "--price") }
                parsed.cycle = try cycle.map { try FinanceCLI.choice(BillingCycle.self, $0, option: "--cycle") }
                parsed.next = try next.map { try FinanceCLI.date($0, option: "--next") }
                parsed.category = try category.map {
                    try FinanceCLI.choice(SubscriptionCategory.self, $0, option: "--category")
                }
                parsed.paymentMethod = try paymentMethod.map {
                    try FinanceCLI.choice(PaymentMethod.self, $0, option: "--payment-method")
                }
                parsed.reminderTime = try reminderTime.map { text in
                    guard let time = TimeOfDay(parsing: text) else {
                        throw InputError("--reminder-time \"\(text)\" is not a time; write HH:mm, such as 09:00")
                    }
                    return time
                }
                return parsed
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a subscription (needs --name, --price and --next).")
        @OptionGroup var options: FinanceOptions
        @OptionGroup var fields: Fields
        @Option(
            help:
                "Its currency: an ISO 4217 code such as USD, case ignored (default: the book currency of `hearth finance settings`)."
        )
        var currency: String?

        func run() async throws {
            let parsed = try fields.parse()
            let draft = try FinanceCLI.check { () throws -> Subscription in
                let code = try currency.map { try FinanceCLI.currency($0, option: "--currency") }
                guard let name = fields.name else {
                    throw InputError("--name is required: what is the subscription called?")
                }
                guard let price = parsed.price else { throw InputError("--price is required, such as --price 9.99") }
                guard let next = parsed.next else {
                    throw InputError("--next is required: when is the next bill due? (YYYY-MM-DD)")
                }
                return try FinanceValidation.validate(
                    Subscription(
                        name: name, description: fields.description ?? "", price: price,
                        billingCycle: parsed.cycle ?? .monthly,
                        category: parsed.category ?? .other, nextBillingDate: next, isActive: !fields.inactive,
                        paymentMethod: parsed.paymentMethod ?? .creditCard, notes: fields.notes ?? "",
                        website: fields.website,
                        enableRenewalReminder: !fields.noReminder, reminderDaysBefore: fields.reminderDays ?? 3,
                        reminderTime: parsed.reminderTime ?? .nineAM, currency: code))
            }
            try await FinanceCLI.run(options) { store in
                let shared = try await FinanceCLI.people(fields.sharedWith, in: store).map(\.id)
                let saved = try await store.save(draft.with(isShared: !shared.isEmpty, sharedWith: shared))
                if options.json {
                    try FinanceCLI.printJSON(saved)
                } else {
                    print("Added \(saved.name) (\(saved.id.uuidString))")
                }
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List subscriptions.")
        @OptionGroup var options: FinanceOptions
        @Flag(help: "Only active subscriptions, soonest bill first.") var active = false
        @Option(name: .customLong("renewing-within"), help: "Only active subscriptions billing within this many days.")
        var renewingWithin: Int?
        @Option(
            help:
                "Also show what each costs per month in this currency (ISO 4217, such as USD), at today's rates."
        ) var currency: String?

        func run() async throws {
            let target = try FinanceCLI.check { try currency.map { try FinanceCLI.currency($0, option: "--currency") } }
            try await FinanceCLI.run(options) { store in
                let subscriptions: [Subscription]
                if let days = renewingWithin {
                    subscriptions = try await store.fetchSubscriptionsRenewingSoon(days: days)
                } else if active {
                    subscriptions = try await store.fetchActiveSubscriptions()
                } else {
                    subscriptions = try await store.fetchAllSubscriptions()
                }
                if let target {
                    return try await FinanceSubscriptionsCommand.printConverted(
                        subscriptions, in: target, store: store, json: options.json)
                }
                if options.json { return try FinanceCLI.printJSON(subscriptions) }
                if subscriptions.isEmpty { return print("No subscriptions.") }
                FinanceCLI.table(
                    ["ID", "NAME", "PRICE", "CYCLE", "NEXT", "PER MONTH", "STATUS"],
                    subscriptions.map {
                        [
                            $0.id.uuidString, $0.name, FinanceCLI.money($0.price, $0.currency),
                            $0.billingCycle.displayName,
                            FinanceCLI.day($0.nextBillingDate),
                            FinanceCLI.money($0.billingCycle.monthlyEquivalent(of: $0.price), $0.currency),
                            $0.isActive ? "active" : "inactive",
                        ]
                    })
            }
        }
    }

    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a subscription.")
        @OptionGroup var options: FinanceOptions
        @Argument(help: "The subscription's id.") var id: String
        @OptionGroup var fields: Fields
        @Flag(help: "Make it active again.") var active = false
        @Option(help: FinanceCLI.currencyChangeHelp) var currency: String?

        func run() async throws {
            let parsed = try fields.parse()
            let currency = try FinanceCLI.check { try FinanceCLI.currencyChange(self.currency) }
            let id = try FinanceCLI.check { try FinanceCLI.uuid(self.id, what: "subscription") }
            try await FinanceCLI.run(options) { store in
                guard let current = try await store.fetchSubscription(byID: id) else {
                    throw PersistenceError.entityNotFound(id, entity: "Subscription")
                }
                let shared =
                    fields.sharedWith.isEmpty
                    ? nil : try await FinanceCLI.people(fields.sharedWith, in: store).map(\.id)
                let changed = current.with(
                    name: fields.name, description: fields.description, price: parsed.price, billingCycle: parsed.cycle,
                    category: parsed.category, nextBillingDate: parsed.next,
                    isActive: fields.inactive ? false : (active ? true : nil),
                    isShared: shared.map { !$0.isEmpty }, sharedWith: shared, paymentMethod: parsed.paymentMethod,
                    notes: fields.notes, website: fields.website.map { $0.isEmpty ? .none : .some($0) },
                    enableRenewalReminder: fields.noReminder ? false : nil, reminderDaysBefore: fields.reminderDays,
                    reminderTime: parsed.reminderTime, currency: currency)
                let saved = try await store.updateSubscription(changed)
                if options.json { try FinanceCLI.printJSON(saved) } else { print("Updated \(saved.name)") }
            }
        }
    }

    struct Renew: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record the bills due by now: the last and next billing dates move on, and total spent grows.")
        @OptionGroup var options: FinanceOptions
        @Argument(help: "The subscription's id; leave out to renew every active subscription that is due.") var id:
            String?

        func run() async throws {
            let id = try FinanceCLI.check { try self.id.map { try FinanceCLI.uuid($0, what: "subscription") } }
            try await FinanceCLI.run(options) { store in
                let renewed =
                    if let id { [try await store.renewSubscription(id: id)] } else {
                        try await store.renewDueSubscriptions()
                    }
                if options.json { return try FinanceCLI.printJSON(renewed) }
                if renewed.isEmpty { return print("Nothing is due.") }
                for subscription in renewed {
                    print(
                        "\(subscription.name): next bill \(FinanceCLI.day(subscription.nextBillingDate)), spent \(FinanceCLI.money(subscription.totalSpent)) in all"
                    )
                }
            }
        }
    }

    struct Suggest: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract:
                "Suggest subscriptions from payments that repeat (same payee, regular interval, amounts within 5 %).",
            discussion: "Lists the suggestions; --accept PAYEE (repeatable) or --accept-all adds them as subscriptions."
        )
        @OptionGroup var options: FinanceOptions
        @Option(help: "Add the suggestion for this payee as a subscription; repeat for several.") var accept: [String] =
            []
        @Flag(name: .customLong("accept-all"), help: "Add every suggestion as a subscription.") var acceptAll = false
        @Option(help: "The category of the subscriptions added (default Other).") var category: String?

        func run() async throws {
            let category = try FinanceCLI.check {
                try self.category.map { try FinanceCLI.choice(SubscriptionCategory.self, $0, option: "--category") }
                    ?? .other
            }
            try await FinanceCLI.run(options) { store in
                let found = try await store.recurringPaymentSuggestions()
                let chosen =
                    try acceptAll
                    ? found
                    : accept.map { payee in
                        let key = RecurringPayments.payeeKey(payee)
                        guard let match = found.first(where: { RecurringPayments.payeeKey($0.payee) == key }) else {
                            let known =
                                found.isEmpty
                                ? "none do now" : "these do: " + found.map { "\"\($0.payee)\"" }.joined(separator: ", ")
                            throw InputError(
                                "--accept \"\(payee)\": no payments to it repeat like a subscription (\(known)); nothing was added"
                            )
                        }
                        return match
                    }
                var added: [Subscription] = []
                for suggestion in chosen {
                    added.append(try await store.save(suggestion.subscription(category: category)))
                }
                let left = found.filter { suggestion in !chosen.contains(suggestion) }
                if options.json {
                    struct Answer: Encodable {
                        let suggestions: [RecurringPayment]
                        let added: [Subscription]
                    }
                    return try FinanceCLI.printJSON(Answer(suggestions: left, added: added))
                }
                for subscription in added {
                    print(
                        "Added \(subscription.name): \(FinanceCLI.money(subscription.price)) \(subscription.billingCycle.displayName.lowercased()), next bill \(FinanceCLI.day(subscription.nextBillingDate))"
                    )
                }
                if left.isEmpty {
                    return print(added.isEmpty ? "No payments repeat like a subscription." : "No other suggestions.")
                }
                FinanceCLI.table(
                    ["PAYEE", "AMOUNT", "CYCLE", "PAYMENTS", "LAST PAID", "NEXT"],
                    left.map {
                        [
                            $0.payee, FinanceCLI.money($0.amount), $0.cycle.displayName,
                            String($0.transactionIDs.count),
                            FinanceCLI.day($0.lastPaid), FinanceCLI.day($0.nextDue),
                        ]
                    })
                print("Add one with --accept PAYEE, or all with --accept-all.")
            }
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a subscription.")
        @OptionGroup var options: FinanceOptions
        @Argument(help: "The subscription's id.") var id: String

        func run() async throws {
            let id = try FinanceCLI.check { try FinanceCLI.uuid(self.id, what: "subscription") }
            try await FinanceCLI.run(options) { store in
                try await store.deleteSubscription(id: id)
                if options.json {
                    try FinanceCLI.printJSON(["deleted": id])
                } else {
                    print("Deleted subscription \(id.uuidString)")
                }
            }
        }
    }
}
