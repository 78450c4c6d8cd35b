import Foundation
import HearthCore
import HearthExchange
import HearthStore
import HearthTestSupport
import Testing

@testable import HearthFinance

@Suite struct ExchangeTests {
    /// A store with one of everything, including awkward text.
    func populated() async throws -> FinancePersistenceService {
        let (store, _) = try makeStore(now: date(2025, 3, 15, 12))
        let ada = try await store.save(
            Person(
                id: id(1), name: "Ada \"The Countess\"", email: "ada@example.com", avatar: .photo(Data([0, 1, 255]))))
        let bo = try await store.save(
            Person(id: id(2), name: "Bo, Jr.", avatar: .emoji("🐻"), balance: Decimal(string: "-7.25")!))
        try await store.save(
            Subscription(
                id: id(3), name: "Cloud", price: Decimal(string: "2.99")!, billingCycle: .monthly,
                category: .cloudStorage, nextBillingDate: date(2025, 3, 31, 9), isShared: true,
                sharedWith: [bo.id], lastBillingDate: date(2025, 2, 28, 9), totalSpent: Decimal(string: "5.98")!,
                website: "https://cloud.example.com", reminderTime: TimeOfDay(hour: 18, minute: 45)))
        try await store.save(
            Group(
                id: id(4), name: "Flat", members: [ada.id, bo.id],
                expenses: [
                    GroupExpense(
                        id: id(5), title: "Rent", amount: 1000, paidBy: ada.id, splitBetween: [ada.id, bo.id],
                        split: .percentages([ada.id: 60, bo.id: 40]), date: date(2025, 3, 1),
                        notes: "line one\nline two", receipt: "receipts/rent.pdf")
                ]))
        try await store.insertTransactions([
            Transaction(
                id: id(6), title: "Coffee, large", subtitle: "He said \"hi\"", amount: Decimal(string: "-3.50")!,
                category: .food,
                date: Date(timeIntervalSince1970: 1_741_000_000.123), tags: ["morning", "café"]),
            Transaction(
                id: id(7), title: "Salary", subtitle: "two\nlines", amount: 3200, category: .income,
                date: date(2025, 3, 1), isRecurring: true),
        ])
        return store
    }

    @Test func jsonRoundTripLosesNothingAndImportingTwiceAddsNothing() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-finance-tests")
        let source = try await populated()
        // A food budget the coffee has used 87.5 % of: its 80 % reminder is made and delivered.
        try await source.setBudget(category: .food, amount: 4, rollover: true)
        try await source.setBudget(category: .shopping, amount: Decimal(string: "120.50")!)
        #expect(try await source.deliverBudgetReminders { _ in }.map(\.id) == ["budget-2025-03-food-80"])
        let file = folder.file("export.json")
        try await source.exportJSON(to: file)

        // The same month: the import must not remind of the food budget again.
        let (target, _) = try makeStore(now: date(2025, 3, 20))
        let first = try await target.importJSON(from: file)
        #expect(
            first.inserted == [
                .person: 2, .subscription: 1, .group: 1, .groupExpense: 1, .transaction: 2, .budget: 2,
            ])
        #expect(try await snapshot(target) == snapshot(source))
        #expect(try await target.fetchBudgets() == source.fetchBudgets())
        #expect(try await target.budgetReminders() == source.budgetReminders())
        #expect(try await target.deliverBudgetReminders { _ in }.isEmpty)

        let second = try await target.importJSON(from: file)
        #expect(second.changed == 0)
        #expect(second.unchanged[.transaction] == 2)
        #expect(try await snapshot(target) == snapshot(source))

        let again = folder.file("again.json")
        try await target.exportJSON(to: again)
        let strip = { (url: URL) throws -> String in
            String(decoding: try Data(contentsOf: url), as: UTF8.self).split(separator: "\n").dropFirst().joined(
                separator: "\n")
        }
        #expect(try strip(file) == strip(again))  // identical apart from the export time
    }

    @Test func storesWithoutBudgetsExportNoBudgetSections() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-finance-tests")
        let file = folder.file("export.json")
        try await populated().exportJSON(to: file)
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(text.contains("\"groups\":["))
        #expect(!text.contains("\"budgets\""))
        #expect(!text.contains("\"budgetReminders\""))
    }

    @Test func badBudgetsInAnExportAreNamedAndNothingIsImported() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-finance-tests")
        let (store, _) = try makeStore()
        let food = Budget.id(for: .food).uuidString
        let head = #"{"format":"hearth-finance","version":1,"#
        let cases: [(String, String)] = [
            (
                head
                    + #""budgets":[{"id":"\#(food)","category":"Food & Dining","amount":0,"rollover":false,"startMonth":"2025-03","createdDate":"2025-03-01T00:00:00.000Z","updatedAt":"2025-03-01T00:00:00.000Z"}]}"#,
                "budgets[0]: Budget amount must be greater than 0"
            ),
            (
                head
                    + #""budgets":[{"id":"\#(food)","category":"Food & Dining","amount":5,"rollover":false,"startMonth":"2025-13","createdDate":"2025-03-01T00:00:00.000Z","updatedAt":"2025-03-01T00:00:00.000Z"}]}"#,
                "is not a month"
            ),
            (
                head
                    + #""budgetReminders":[{"id":"budget-2025-03-food-50","category":"Food & Dining","month":"2025-03","threshold":50,"spent":3,"available":4,"createdAt":"2025-03-01T00:00:00.000Z"}]}"#,
                "budgetReminders[0]: Budget reminder threshold 50"
            ),
            (
                head
                    + #""budgetReminders":[{"id":"budget-2025-04-food-80","category":"Food & Dining","month":"2025-03","threshold":80,"spent":3,"available":4,"createdAt":"2025-03-01T00:00:00.000Z"}]}"#,
                "budgetReminders[0]: Budget reminder \"budget-2025-04-food-80\" does not have the id"
            ),
        ]
        for (index, (text, message)) in cases.enumerated() {
            let file = folder.file("bad\(index).json")
            try Data(text.utf8).write(to: file)
            let error = await expectError(.validationFailed) { try await store.importJSON(from: file) }
            #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
        }
        #expect(try await store.fetchBudgets().isEmpty)
        #expect(try await store.budgetReminders().isEmpty)
    }

    @Test func badJSONIsReportedAndNothingIsImported() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-finance-tests")
        let (store, _) = try makeStore()
        let cases: [(String, String)] = [
            ("{ not json", "is not a valid Hearth finance export"),
            (#"{"format":"other","version":1}"#, "is not a Hearth finance export (its format is \"other\""),
            (#"{"format":"hearth-finance","version":9}"#, "was written by a newer Hearth (format version 9)"),
            (#"{"format":"hearth-finance","version":1,"transactions":[{"id":"x"}]}"#, "\"transactions[0].id\""),
            (
                #"{"format":"hearth-finance","version":1,"people":[{"id":"00000000-0000-0000-0000-000000000001","name":"Ok","phone":"","avatar":{"type":"emoji","emoji":"x"},"balance":0,"createdDate":"2025-01-01T00:00:00.000Z","updatedAt":"2025-01-01T00:00:00.000Z"},{"id":"00000000-0000-0000-0000-000000000002","name":" ","phone":"","avatar":{"type":"emoji","emoji":"x"},"balance":0,"createdDate":"2025-01-01T00:00:00.000Z","updatedAt":"2025-01-01T00:00:00.000Z"}]}"#,
                "people[1]: Person name cannot be empty"
            ),
        ]
        for (index, (text, message)) in cases.enumerated() {
            let file = folder.file("bad\(index).json")
            try Data(text.utf8).write(to: file)
            let error = await expectError(.validationFailed) { try await store.importJSON(from: file) }
            #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
        }
        #expect(try await store.fetchAllPeople().isEmpty)
        await expectError(.validationFailed) { try await store.importJSON(from: folder.file("missing.json")) }
    }

    @Test func jsonImportReadsAnyLayoutAndAnyOrder() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-finance-tests")
        let source = try await populated()
        let state = try await snapshot(source)

        // The store's contents pretty-printed, with the sections reversed (groups and subscriptions before
        // the people they name) and an unknown member: the import waits for the people and skips the rest.
        let encoder = FinanceCoding.encoder(pretty: true)
        let sections: [(String, Data)] = [
            ("transactions", try encoder.encode(state.transactions)), ("groups", try encoder.encode(state.groups)),
            ("subscriptions", try encoder.encode(state.subscriptions)), ("people", try encoder.encode(state.people)),
            ("version", Data("1".utf8)), ("format", Data(#""hearth-finance""#.utf8)),
        ]
        var text = "{\n  \"extra\" : [[1, {\"a\": \"] } [ {\\\" \\\\\"}], \"x\"],\n"
        for (key, value) in sections {
            text += "  \"\(key)\" :\r\n\t" + String(decoding: value, as: UTF8.self) + (key == "format" ? "\n" : ",\n")
        }
        text += "}\n"
        let reordered = folder.file("reordered.json")
        try Data(text.utf8).write(to: reordered)

        let (target, _) = try makeStore(now: date(2026, 1, 1))
        let counts = Locked<[Int]>([])
        let summary = try await target.importJSON(
            from: reordered, progress: { progress in counts.withLock { $0.append(progress.items) } })
        #expect(counts.current == [6])  // fewer than 10,000 values: only the final count
        #expect(summary.inserted == [.person: 2, .subscription: 1, .group: 1, .groupExpense: 1, .transaction: 2])
        #expect(try await snapshot(target) == state)
    }

    @Test(arguments: [
        (#"{"format":"hearth-finance" "version":1}"#, #"line 1: expected , or } after the value of "format""#),
        (
            "{\"format\":\"hearth-finance\",\"version\":1,\n\"notes\":[\n{\"id\":1}\n{\"id\":2}]}",
            #"line 4: expected , or ] after element 0 of "notes""#
        ),
        (
            "{\"format\":\"hearth-finance\",\"version\":1,\n\"people\":[\n{\"name\":\"Ada\"",
            #"the file ends inside "people"[0]; a } or ] is missing"#
        ),
        (#"{"format":"hearth-finance","version":1} {}"#, "unexpected text after the object's closing }"),
        (#"["format"]"#, "the file must hold one JSON object"),
        (#"{"format":"hearth-finance","version":1,"transactions":5}"#, #""transactions": expected an array"#),
        (#"{"format":"hearth-finance","version":1,"transactions":[{"id":1,]}"#, #""transactions[0]": "#),
        (#"{"version":1,"people":[]}"#, #""format": this required field is missing"#),
        (#"{"format":["hearth-finance"],"version":1}"#, #""format": expected a string but found an array"#),
        (#"{"format":"hearth-finance","version":"one"}"#, #""version": expected a number"#),
        (
            #"{"format":"hearth-finance","version":1,"subscriptions":[{"id":"00000000-0000-0000-0000-000000000009"}]}"#,
            #""subscriptions[0].name": this required field is missing"#
        ),
    ])
    func malformedJSONNamesThePlace(text: String, message: String) async throws {
        let folder = try TemporaryFolder(prefix: "hearth-finance-tests")
        let file = folder.file("bad.json")
        try Data(text.utf8).write(to: file)
        let (store, _) = try makeStore()
        try await store.save(Transaction(title: "Existing", amount: 1))
        let error = await expectError(.validationFailed) { try await store.importJSON(from: file) }
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
        #expect(
            error?.message.hasPrefix("bad.json is not a valid Hearth finance export") == true, "\(error?.message ?? "")"
        )
        #expect(try await store.countTransactions(matching: TransactionQuery()) == 1)
    }

    @Test func aFailureLateInALongImportStoresNothing() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-finance-tests")
        let file = folder.file("long.json")
        var text = #"{"format":"hearth-finance","version":1,"transactions":["# + "\n"
        let encoder = FinanceCoding.encoder()
        for index in 0..<3_000 {
            let transaction = Transaction(
                id: id(10_000 + index), title: "Row \(index)", amount: index == 2_999 ? 0 : -1, category: .food,
                date: date(2025, 3, 1))
            text += String(decoding: try encoder.encode(transaction), as: UTF8.self) + (index == 2_999 ? "\n" : ",\n")
        }
        text += "]}\n"
        try Data(text.utf8).write(to: file)
        let (store, _) = try makeStore()
        let error = await expectError(.validationFailed) { try await store.importJSON(from: file) }
        #expect(error?.message == "transactions[2999]: Transaction amount cannot be 0", "\(error?.message ?? "")")
        #expect(try await store.countTransactions(matching: TransactionQuery()) == 0)
    }

    @Test func csvRoundTripLosesNothingAndImportingTwiceAddsNothing() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-finance-tests")
        let source = try await populated()
        let file = folder.file("transactions.csv")
        #expect(try await source.exportTransactionsCSV(to: file, progress: nil) == 2)
        let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
        #expect(text.hasPrefix("id,date,title,subtitle,amount,category,isRecurring,tags,updatedAt\n"))
        #expect(text.contains("\"Coffee, large\",\"He said \"\"hi\"\"\",-3.50,Food & Dining,false,morning;café,"))
        #expect(text.contains("2025-03-03T11:06:40.123Z"))

        let (target, _) = try makeStore()
        let first = try await target.importTransactionsCSV(from: file, progress: nil)
        #expect(first.inserted[.transaction] == 2)
        let all = TransactionQuery().sorted(by: .dateAscending)
        let page = PageRequest(size: 100)
        #expect(
            try await target.fetchTransactions(matching: all, page: page)
                == source.fetchTransactions(matching: all, page: page))
        let second = try await target.importTransactionsCSV(from: file, progress: nil)
        #expect(second.changed == 0)
        #expect(try await target.countTransactions(matching: TransactionQuery()) == 2)
    }

    @Test func csvWithoutIDsGetsRepeatableIDs() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-finance-tests")
        let file = folder.file("bank.csv")
        try Data(
            """
            date,title,amount,category
            2025-03-01,Coffee,-3.50,food
            2025-03-01,Coffee,-3.50,food
            2025-03-02,Books,-20,Shopping

            """.utf8
        ).write(to: file)
        let (store, _) = try makeStore(zone: "Europe/Paris")
        let first = try await store.importTransactionsCSV(from: file, progress: nil)
        #expect(first.inserted[.transaction] == 3)  // two identical coffees are two transactions
        let second = try await store.importTransactionsCSV(from: file, progress: nil)
        #expect(second.changed == 0)
        let stored = try await store.fetchTransactions(inDateRange: date(2025, 2, 1)..<date(2025, 4, 1))
        #expect(stored.count == 3)
        #expect(stored.last?.date == date(2025, 3, 1, 0, 0, 0, in: "Europe/Paris"))
    }

    @Test(arguments: [
        ("date,title\n2025-03-01,Coffee\n", "The CSV header lacks the required column amount"),
        ("date,title,amount,colour\n", "The CSV header names an unknown column \"colour\""),
        (
            "date,title,amount\n2025-03-01,Coffee,-3.50\n2025-13-01,Tea,-2\n",
            "Line 3, column date: \"2025-13-01\" is not a date"
        ),
        ("date,title,amount\n2025-03-01,Coffee,abc\n", "Line 2, column amount: \"abc\" is not an amount"),
        ("date,title,amount\n2025-03-01,Coffee,0\n", "Line 2: Transaction amount cannot be 0"),
        ("date,title,amount\n2025-03-01,Coffee,-3.50,extra\n", "Line 2 has 4 fields but the header has 3"),
        (
            "date,title,amount,category\n2025-03-01,Coffee,-3,Groceries\n",
            "Line 2, column category: \"Groceries\" is not a category"
        ),
        (
            "date,title,amount\n2025-03-01,\"Coffee,-3\n2025-03-02,Tea,-2\n",
            "bad.csv has a quote opened on line 2 that is never closed"
        ),
        ("date,title,amount\n2025-03-01,\"Coffee\"x,-3\n", "bad.csv, line 2: text after a closing quote"),
        (
            "date,title,amount\n2025-03-01,\"multi\nline\",-3\n2025-03-01,Tea,0\n",
            "Line 4: Transaction amount cannot be 0"
        ),
    ])
    func badCSVIsReportedAndNothingIsImported(text: String, message: String) async throws {
        let folder = try TemporaryFolder(prefix: "hearth-finance-tests")
        let file = folder.file("bad.csv")
        try Data(text.utf8).write(to: file)
        let (store, _) = try makeStore()
        try await store.save(Transaction(title: "Existing", amount: 1))
        let error = await expectError(.validationFailed) {
            try await store.importTransactionsCSV(from: file, progress: nil)
        }
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "")")
        #expect(try await store.countTransactions(matching: TransactionQuery()) == 1)
    }

    @Test func aFailedExportLeavesNoFile() async throws {
        let folder = try TemporaryFolder(prefix: "hearth-finance-tests")
        let (store, _) = try makeStore()
        await expectError(.contextError) { try await store.exportJSON(to: folder.file("missing/folder/export.json")) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }
}
