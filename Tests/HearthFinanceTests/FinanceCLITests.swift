import Foundation
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

@testable import HearthFinance

/// `hearth finance …` run as a real process against a database file.
@Suite(.timeLimit(.minutes(10))) struct FinanceCLITests {
    let folder: TemporaryFolder
    let database: URL

    init() throws {
        folder = try TemporaryFolder(prefix: "hearth-finance-tests")
        database = folder.file("finance.sqlite")
    }

    /// Runs `hearth finance arguments… --db database` in the test's folder, in UTC.
    @discardableResult
    func hearth(_ arguments: [String], database: URL? = nil, environment: [String: String] = [:]) async throws
        -> ChildProcess.Result
    {
        let arguments = ["finance"] + arguments + ["--db", (database ?? self.database).path]
        return try await ChildProcess.run(
            ChildProcess.product("hearth"), arguments, environment: ["TZ": "UTC"].merging(environment) { $1 },
            directory: folder.url)
    }

    func json(_ arguments: [String]) async throws -> Any {
        let result = try await hearth(arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// Everything in the database file, read through the library.
    func contents() async throws -> Snapshot {
        try await snapshot(try FinancePersistenceService.open(at: database))
    }

    func expectFailure(_ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let before = try await contents()
        let result = try await hearth(arguments)
        #expect(result.status != 0, "\(arguments) succeeded", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            !result.stderr.contains("Fatal error") && !result.stderr.contains("Stack dump"),
            sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "stdout: \(result.stdout)", sourceLocation: sourceLocation)
        #expect(try await contents() == before, "\(arguments) changed the database", sourceLocation: sourceLocation)
    }

    @Test func peopleGroupsExpensesBalancesAndSettling() async throws {
        try await hearth(["people", "add", "--name", "Ada"])
        try await hearth(["people", "add", "--name", "Bo", "--email", "bo@example.com"])
        try await hearth(["people", "add", "--name", "Cy"])
        let people = try #require(try await json(["people", "list"]) as? [[String: Any]])
        #expect(people.map { $0["name"] as? String } == ["Ada", "Bo", "Cy"])
        let group = try #require(
            try await json(["groups", "add", "--name", "Trip", "--member", "Ada", "--member", "bo", "--member", "Cy"])
                as? [String: Any])
        #expect((group["members"] as? [Any])?.count == 3)
        try await hearth([
            "expenses", "add", "--group", "Trip", "--title", "Hut", "--amount", "90", "--paid-by", "Ada",
            "--split", "Ada", "--split", "Bo", "--split", "Cy",
        ])
        try await hearth([
            "expenses", "add", "--group", "trip", "--title", "Fuel", "--amount", "30", "--paid-by", "Bo",
            "--split", "Bo=25", "--split", "Cy=75", "--split-mode", "percent",
        ])
        let balances = try #require(try await json(["balances", "Trip"]) as? [String: Any])
        let amounts = (balances["balances"] as? [[String: Any]])?.map { "\($0["name"]!) \($0["balance"]!)" }
        #expect(amounts == ["Ada 60", "Bo -7.5", "Cy -52.5"])
        let payments = (balances["suggestedPayments"] as? [[String: Any]])?.map {
            "\($0["fromName"]!)→\($0["toName"]!) \($0["amount"]!)"
        }
        #expect(payments == ["Cy→Ada 52.5", "Bo→Ada 7.5"])

        let text = try await hearth(["balances", "Trip"])
        #expect(text.stdout.contains("Cy pays Ada 52.50"))
        #expect(try await hearth(["settle", "--group", "Trip", "--from", "Cy", "--to", "Ada"]).status == 0)
        let settled = try await hearth(["settle", "--group", "Trip", "--from", "Bo", "--to", "Ada"])
        #expect(settled.stdout.contains("Trip is settled up."))
        let unsettled = try #require(try await json(["expenses", "list", "--unsettled"]) as? [Any])
        #expect(unsettled.isEmpty)
        let hut = try #require(try await json(["expenses", "list", "--group", "Trip"]) as? [[String: Any]]).first
        #expect(hut?["isSettled"] as? Bool == true)
    }

    @Test func transactionsSubscriptionsSummaryAndPaging() async throws {
        let today = Formatting.isoDayUTC(Date())
        let tomorrow = Formatting.isoDayUTC(Date().addingTimeInterval(86_400))
        try await hearth([
            "transactions", "add", "--title", "Salary", "--amount", "3200", "--category", "income", "--recurring",
        ])
        try await hearth([
            "transactions", "add", "--title", "Coffee", "--amount", "-3.50", "--category", "food", "--tag", "morning",
        ])
        try await hearth([
            "transactions", "add", "--title", "Rent", "--amount", "-1200", "--category", "bills", "--date", today,
        ])
        try await hearth([
            "subscriptions", "add", "--name", "Music", "--price", "9.99", "--next", tomorrow, "--category",
            "Music & Audio",
        ])
        try await hearth([
            "subscriptions", "add", "--name", "Cloud", "--price", "36", "--cycle", "quarterly", "--next", "2099-01-01",
        ])
        let summary = try #require(try await json(["summary", "--days", "3"]) as? [String: Any])
        #expect("\(summary["monthlySubscriptionCost"]!)" == "21.99")
        #expect("\(summary["income"]!)" == "3200")
        #expect("\(summary["expenses"]!)" == "1203.5")
        #expect("\(summary["net"]!)" == "1996.5")
        #expect((summary["renewingSoon"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Music"])

        let first = try #require(
            try await json(["transactions", "list", "--limit", "2", "--sort", "amount-asc"]) as? [String: Any])
        #expect((first["items"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Rent", "Coffee"])
        let cursor = try #require(first["nextCursor"] as? String)
        let second = try #require(
            try await json(["transactions", "list", "--limit", "2", "--sort", "amount-asc", "--after", cursor])
                as? [String: Any])
        #expect((second["items"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Salary"])
        #expect(second["nextCursor"] == nil || second["nextCursor"] is NSNull)
        let tagged = try #require(
            try await json(["transactions", "list", "--tag", "morning", "--min", "-10", "--max", "0"]) as? [String: Any]
        )
        #expect((tagged["items"] as? [Any])?.count == 1)

        let text = try await hearth(["summary"])
        #expect(text.stdout.contains("Subscriptions per month: 21.99"))
        #expect(text.stdout.contains("net 1996.50"))
    }

    @Test func updateAndDeleteEveryKindOfValue() async throws {
        let ada = try #require(try await json(["people", "add", "--name", "Ada"]) as? [String: Any])
        let adaID = try #require(ada["id"] as? String)
        try await hearth(["people", "add", "--name", "Bo"])
        #expect(
            try await hearth(["people", "update", "Ada", "--name", "Ada Lovelace", "--balance", "-4.50"]).status == 0)
        let renamed = try #require(try await json(["people", "list", "--with-balances"]) as? [[String: Any]])
        #expect(renamed.map { "\($0["name"]!) \($0["balance"]!)" } == ["Ada Lovelace -4.5"])

        let subscription = try #require(
            try await json(["subscriptions", "add", "--name", "Gym", "--price", "30", "--next", "2030-01-31"])
                as? [String: Any])
        let subscriptionID = try #require(subscription["id"] as? String)
        let updated = try #require(
            try await json([
                "subscriptions", "update", subscriptionID, "--price", "35", "--cycle", "yearly",
                "--shared-with", "Bo", "--reminder-time", "07:15",
            ]) as? [String: Any])
        #expect("\(updated["price"]!)" == "35")
        #expect(updated["billingCycle"] as? String == "Yearly")
        #expect(updated["isShared"] as? Bool == true)
        #expect(updated["reminderTime"] as? String == "07:15")

        let transaction = try #require(
            try await json(["transactions", "add", "--title", "Tea", "--amount", "-2", "--date", "2025-03-01"])
                as? [String: Any])
        let transactionID = try #require(transaction["id"] as? String)
        let changed = try #require(
            try await json([
                "transactions", "update", transactionID, "--amount", "-2.75", "--category", "food", "--tag", "x",
            ]) as? [String: Any])
        #expect("\(changed["amount"]!)" == "-2.75")
        #expect(changed["tags"] as? [String] == ["x"])

        try await hearth(["groups", "add", "--name", "Flat", "--member", adaID, "--member", "Bo"])
        let expense = try #require(
            try await json([
                "expenses", "add", "--group", "Flat", "--title", "Rent", "--amount", "100", "--paid-by", "Bo",
                "--split", "Ada Lovelace=3", "--split", "Bo=1", "--split-mode", "shares",
            ]) as? [String: Any])
        let expenseID = try #require(expense["id"] as? String)
        let resplit = try #require(
            try await json([
                "expenses", "update", expenseID, "--amount", "120", "--split", "Ada Lovelace", "--split", "Bo",
            ]) as? [String: Any])
        #expect("\(resplit["amount"]!)" == "120")
        let balances = try #require(try await json(["balances", "Flat"]) as? [String: Any])
        #expect((balances["balances"] as? [[String: Any]])?.map { "\($0["balance"]!)" } == ["-60", "60"])
        #expect(try await hearth(["groups", "update", "Flat", "--name", "Home"]).status == 0)
        // The expense names both members, so neither can leave the group or be deleted.
        try await expectFailure(
            ["groups", "update", "Home", "--member", "Bo"], "Cannot remove \"Ada Lovelace\" from group \"Home\"")
        try await expectFailure(["people", "delete", "Bo"], "\"Bo\" is a member of group \"Home\"")

        #expect(try await hearth(["expenses", "delete", expenseID]).status == 0)
        #expect(try await hearth(["groups", "delete", "Home"]).status == 0)
        #expect(try await hearth(["subscriptions", "delete", subscriptionID]).status == 0)
        #expect(try await hearth(["transactions", "delete", transactionID]).status == 0)
        #expect(try await hearth(["people", "delete", "Bo"]).status == 0)
        let left = try await contents()
        #expect(left.people.map(\.name) == ["Ada Lovelace"])
        #expect(left.groups.isEmpty && left.subscriptions.isEmpty && left.transactions.isEmpty)
        #expect(try await hearth(["undo"]).stdout.contains("Undid: Delete person"))
        #expect(try await contents().people.count == 2)
    }

    @Test func exportAndImportRoundTripThroughFiles() async throws {
        try await hearth(["people", "add", "--name", "Ada", "--balance", "-12.25"])
        try await hearth([
            "transactions", "add", "--title", "Tea, \"green\"", "--amount", "-2.40", "--date", "2025-03-01", "--tag",
            "a", "--tag", "b",
        ])
        let jsonFile = folder.file("all.json")
        let csvFile = folder.file("all.csv")
        #expect(try await hearth(["export", "--output", jsonFile.path]).status == 0)
        #expect(try await hearth(["export", "-o", csvFile.path]).status == 0)
        let copy = folder.file("copy.sqlite")
        #expect(try await hearth(["import", jsonFile.path], database: copy).stdout.contains("2 added"))
        #expect(
            try await hearth(["import", jsonFile.path], database: copy).stdout.contains(
                "0 added, 0 updated, 2 already up to date"))
        #expect(
            try await hearth(["import", csvFile.path], database: copy).stdout.contains(
                "0 added, 0 updated, 1 already up to date"))
        #expect(try await snapshot(try FinancePersistenceService.open(at: copy)) == contents())
    }

    @Test(
        "subscriptions suggest lists payments that repeat, refuses a payee that does not, and --accept adds the subscription"
    )
    func suggestedSubscriptions() async throws {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let now = Date()
        func day(monthsAgo: Int) -> String {
            Formatting.isoDayUTC(utc.date(byAdding: .month, value: -monthsAgo, to: now)!)
        }
        for (months, title) in [(3, "STREAMLY 4471"), (2, "Streamly 9902"), (1, "Streamly")] {
            try await hearth([
                "transactions", "add", "--title", title, "--amount", "-12.99", "--date", day(monthsAgo: months),
            ])
        }
        for (months, amount) in [(3, "-20"), (1, "-7.45")] {
            try await hearth([
                "transactions", "add", "--title", "Corner Shop", "--amount", amount, "--date", day(monthsAgo: months),
            ])
        }
        let text = try await hearth(["subscriptions", "suggest"])
        #expect(
            text.status == 0 && text.stdout.contains("Streamly") && text.stdout.contains("Monthly"), "\(text.stdout)")
        #expect(!text.stdout.contains("Corner Shop"))
        #expect(text.stdout.contains("Add one with --accept PAYEE"))
        try await expectFailure(
            ["subscriptions", "suggest", "--accept", "Corner Shop"],
            "--accept \"Corner Shop\": no payments to it repeat like a subscription (these do: \"Streamly\")")

        let answer = try #require(
            try await json(["subscriptions", "suggest", "--accept", "streamly", "--category", "Entertainment"])
                as? [String: Any])
        let added = try #require((answer["added"] as? [[String: Any]])?.first)
        #expect(added["name"] as? String == "Streamly" && added["billingCycle"] as? String == "Monthly")
        #expect((added["price"] as? NSNumber)?.decimalValue == Decimal(string: "12.99")!)
        #expect(added["category"] as? String == "Entertainment")
        #expect((answer["suggestions"] as? [Any])?.isEmpty == true)
        #expect((try await json(["subscriptions", "list"]) as? [Any])?.count == 1)
        #expect(
            try await hearth(["subscriptions", "suggest"]).stdout.contains("No payments repeat like a subscription."))
    }

    @Test func badInputExitsNonZeroAndWritesNothing() async throws {
        try await hearth(["people", "add", "--name", "Ada"])
        try await hearth(["transactions", "add", "--title", "Tea", "--amount", "-2"])
        let unknown = UUID().uuidString
        try await expectFailure(["people", "delete", unknown], "No person has the id \(unknown)")
        try await expectFailure(["transactions", "delete", unknown], "Transaction \(unknown) was not found")
        try await expectFailure(
            ["transactions", "add", "--title", "Gift", "--amount", "0"], "Transaction amount cannot be 0")
        try await expectFailure(
            ["transactions", "add", "--title", "Gift", "--amount", "12,50"], "--amount \"12,50\" is not an amount")
        try await expectFailure(
            ["transactions", "add", "--title", "Gift", "--amount", "5", "--date", "2025-02-30"],
            "--date \"2025-02-30\" is not a date")
        try await expectFailure(["people", "add", "--name", "Bo", "--email", "bo@"], "Invalid email format")
        try await expectFailure(
            ["subscriptions", "add", "--name", "Music", "--price", "0", "--next", "2025-01-01"],
            "Subscription price must be greater than 0")
        try await expectFailure(["groups", "add", "--name", "Trip"], "Group must have at least one member")
        try await expectFailure(
            ["groups", "add", "--name", "Trip", "--member", "Nobody"], "No person is named \"Nobody\"")
        try await expectFailure(["balances", "Nowhere"], "No group is named \"Nowhere\"")
        try await expectFailure(["settle", "not-an-id"], "\"not-an-id\" is not a valid expense id")

        let badJSON = folder.file("bad.json")
        try Data("{\"format\":\"hearth-finance\",\"version\":1,\"people\":[{\"name\":3}]}".utf8).write(to: badJSON)
        try await expectFailure(["import", badJSON.path], "bad.json is not a valid Hearth finance export")
        let badCSV = folder.file("bad.csv")
        try Data("date,title,amount\n2025-01-01,Fine,-1\n2025-01-02,Broken,lots\n".utf8).write(to: badCSV)
        try await expectFailure(["import", badCSV.path], "Line 3, column amount: \"lots\" is not an amount")
        try await expectFailure(["import", folder.file("missing.csv").path], "does not exist")
    }

    @Test func aFailedCommandOnANewDatabaseLeavesNoFile() async throws {
        let fresh = folder.file("fresh.sqlite")
        let result = try await hearth(["people", "delete", UUID().uuidString], database: fresh)
        #expect(result.status != 0)
        #expect(!FileManager.default.fileExists(atPath: fresh.path))
    }

    @Test func theDatabaseDefaultsToTheDataDirectory() async throws {
        let result = try await ChildProcess.run(
            ChildProcess.product("hearth"), ["finance", "people", "add", "--name", "Ada"],
            environment: ["HEARTH_DATA_DIR": folder.file("data").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.file("data/finance.sqlite").path))
    }
}

extension Formatting {
    fileprivate static func isoDayUTC(_ date: Date) -> String { isoDay(date, timeZone: TimeZone(identifier: "UTC")!) }
}
