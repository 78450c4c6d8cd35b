import Foundation
import GraphQL
import HearthCloud
import HearthCore
import HearthPantryModel
import HearthTestSupport
import Logging
import Synchronization
import Testing

@testable import HearthPantryServer

/// Query answers are kept per caller while the revisions of their households, housemates and account stand; a
/// trigger on every table an answer is made from moves them on, whoever writes.
@Suite("Kept answers: one statement while nothing changes, never stale after any write")
struct AnswerCacheTests {
    static let dashboard = """
        query($h: String!) {
          me { id email name }
          household(id: $h) { name memberCount myRole members { role user { email name } } items { name quantity statuses } }
          cookableRecipes(householdId: $h) { coverage canCook recipe { name } }
          shoppingList(householdId: $h) { name quantity checked }
        }
        """

    /// Two services on `pantry`'s database with one clock: one keeps answers, the other builds every answer.
    static func services(_ pantry: Pantry, clock: @escaping @Sendable () -> Date = Date.init) throws -> Services {
        var logger = Logger(label: "hearth.pantry.test")
        logger.logLevel = .critical
        return Services(
            keeping: try PantryGraphQL(
                store: PantryStore(database: pantry.recordStore.database, clock: clock), keptAnswerBytes: 8 << 20,
                logger: logger),
            fresh: try PantryGraphQL(
                store: PantryStore(database: pantry.recordStore.database, clock: clock), logger: logger))
    }

    struct Services {
        let keeping: PantryGraphQL
        let fresh: PantryGraphQL
    }

    /// Asks both services the same query: the answers must be the same JSON. Returns the answer the keeping
    /// service served and the statements it ran.
    static func ask(
        _ services: Services, _ pantry: Pantry, _ query: String, as viewer: PantryViewer, _ variables: [String: Map],
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> (answer: String, statements: Int) {
        let before = pantry.statements
        let kept = await services.keeping.respond(GraphQLRequest(query: query, variables: variables), viewer: viewer)
            .body
        let statements = pantry.statements - before
        let fresh = GraphQLResponseBody.bytes(
            await services.fresh.execute(GraphQLRequest(query: query, variables: variables), viewer: viewer))
        let answer = String(decoding: kept, as: UTF8.self)
        // As JSON values: the permission rules are a JSON scalar whose members come in no fixed order.
        let same =
            (try JSONSerialization.jsonObject(with: kept) as? NSObject)?.isEqual(
                try JSONSerialization.jsonObject(with: fresh)) == true
        #expect(
            same,
            "the answer served differs from a fresh one: \(answer) against \(String(decoding: fresh, as: UTF8.self))",
            sourceLocation: sourceLocation)
        #expect(!answer.contains("\"errors\""), "\(answer)", sourceLocation: sourceLocation)
        return (answer, statements)
    }

    @Test(
        "a kept answer costs one statement; every kind of write is seen by the next answer",
        arguments: DatabaseKind.allCases)
    func everyWriteIsSeen(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let cook = try await pantry.user("cook")
            let home = try await pantry.household("Home", owner: owner, members: [(cook, .member)])
            let flour = try await pantry.stockedItem("Flour", grams: 1000, in: home)
            _ = try await pantry.data(
                RecipeSliceTests.addRecipe, as: owner,
                [
                    "h": .string(home.id), "name": "Bread",
                    "ingredients": .array([RecipeSliceTests.ingredient("flour", 500, "g")]),
                ])
            let keeping = try Self.services(pantry)
            let variables: [String: Map] = ["h": .string(home.id)]

            var last = try await Self.ask(keeping, pantry, Self.dashboard, as: owner, variables)
            #expect(last.statements > 1)
            let again = try await Self.ask(keeping, pantry, Self.dashboard, as: owner, variables)
            #expect(again.statements == 1, "only the revision is read")
            #expect(again.answer == last.answer)

            /// After `write`, the next answer must be built again, differ from the last one and equal a fresh one.
            func afterWrite(
                _ what: Comment, sourceLocation: Testing.SourceLocation = #_sourceLocation,
                _ write: () async throws -> Void
            ) async throws {
                try await write()
                let next = try await Self.ask(
                    keeping, pantry, Self.dashboard, as: owner, variables, sourceLocation: sourceLocation)
                #expect(next.statements > 1, what, sourceLocation: sourceLocation)
                #expect(next.answer != last.answer, what, sourceLocation: sourceLocation)
                let kept = try await Self.ask(
                    keeping, pantry, Self.dashboard, as: owner, variables, sourceLocation: sourceLocation)
                #expect(kept.statements == 1, what, sourceLocation: sourceLocation)
                last = next
            }

            try await afterWrite("a stock verb") {
                _ = try await pantry.data(
                    "mutation($i: String!) { consume(itemId: $i, quantity: 600) { quantity } }", as: owner,
                    ["i": .string(flour.item)])
            }
            try await afterWrite("an item added") { _ = try await pantry.stockedItem("Rice", grams: 500, in: home) }
            try await afterWrite("a recipe's ingredient changed behind the store's back") {
                try await pantry.execute(
                    "UPDATE pantry_recipe_ingredients SET quantity = ? WHERE name = ?", [.double(300), .text("flour")])
            }
            try await afterWrite("a shopping line added") {
                _ = try await pantry.data(
                    "mutation($h: String!) { addShoppingItem(householdId: $h, name: \"Milk\", quantity: 1, unit: \"l\") { id } }",
                    as: owner, variables)
            }
            try await afterWrite("another member's name, in their profile") {
                _ = try await pantry.data(
                    "mutation { updateMe(input: {firstName: \"Ada\", lastName: \"Cook\"}) { name } }", as: cook)
            }
            let cookMember = try #require(home.members.first { $0.userId == cook.userID })
            try await afterWrite("a role changed") {
                _ = try await pantry.data(
                    "mutation($m: String!) { updateMemberRole(memberId: $m, role: admin) { role } }", as: owner,
                    ["m": .string(cookMember.id)])
            }
            try await afterWrite("an account's e-mail address") {
                try await pantry.execute(
                    "UPDATE accounts SET email = ? WHERE id = ?", [.text("ada@example.com"), .text(cook.userID)])
            }
            try await afterWrite("the household renamed") {
                _ = try await pantry.data(
                    "mutation($h: String!) { updateHousehold(id: $h, input: {name: \"Flat 3\"}) { name } }", as: owner,
                    variables)
            }

            // Neither a refused write nor the cloud's own counters on the account rows move a revision.
            let version = try await pantry.store.answerVersion(for: owner.userID)
            let refused = await pantry.run(
                "mutation($i: String!) { consume(itemId: $i, quantity: 5000) { quantity } }", as: owner,
                ["i": .string(flour.item)])
            #expect(refused.codes == ["BAD_USER_INPUT"])
            try await pantry.execute(
                "UPDATE accounts SET change_seq = change_seq + 1 WHERE id = ?", [.text(owner.userID)])
            #expect(try await pantry.store.answerVersion(for: owner.userID) == version)
            #expect(try await Self.ask(keeping, pantry, Self.dashboard, as: owner, variables).statements == 1)

            // Nor does a write to a household the caller does not belong to, by someone they share none with.
            let stranger = try await pantry.user("stranger")
            let elsewhere = try await pantry.household("Elsewhere", owner: stranger)
            _ = try await pantry.stockedItem("Tea", grams: 100, in: elsewhere)
            _ = try await pantry.data("mutation { updateMe(input: {firstName: \"Sam\"}) { name } }", as: stranger)
            #expect(try await Self.ask(keeping, pantry, Self.dashboard, as: owner, variables).statements == 1)
            // Once they share it, a change there counts (the answer is built again, though this one shows the same).
            let invite = try await pantry.invite(to: elsewhere)
            _ = try await pantry.data(
                "mutation($c: String!) { joinHousehold(code: $c) { id } }", as: owner, ["c": .string(invite.code)])
            #expect(
                try await Self.ask(keeping, pantry, Self.dashboard, as: owner, variables).statements > 1,
                "joining a household")
            #expect(try await Self.ask(keeping, pantry, Self.dashboard, as: owner, variables).statements == 1)
            _ = try await pantry.data("mutation { updateMe(input: {firstName: \"Samuel\"}) { name } }", as: stranger)
            #expect(
                try await Self.ask(keeping, pantry, Self.dashboard, as: owner, variables).statements > 1,
                "a housemate's name")
        }
    }

    @Test(
        "answers are kept per caller and per day, and answers with invite codes are never kept",
        arguments: DatabaseKind.allCases)
    func callersDaysAndInvites(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let cook = try await pantry.user("cook")
            let home = try await pantry.household("Home", owner: owner, members: [(cook, .member)])
            let tomorrow = CalendarDay(Date().addingTimeInterval(86_400), in: TimeZone(identifier: "UTC")!)
            _ = try await pantry.stockedItem("Milk", grams: 1000, in: home, expiring: tomorrow)
            let now = WallClock()
            let keeping = try Self.services(pantry) { now.now }
            let variables: [String: Map] = ["h": .string(home.id)]

            // Two callers, one query: each gets their own answer (their role, their permissions).
            let query =
                "query($h: String!) { household(id: $h) { myRole items { name statuses } } me { permissions { rules version } } }"
            let ownerAnswer = try await Self.ask(keeping, pantry, query, as: owner, variables)
            let cookAnswer = try await Self.ask(keeping, pantry, query, as: cook, variables)
            #expect(cookAnswer.statements > 1)
            #expect(ownerAnswer.answer.contains("\"OWNER\"") || ownerAnswer.answer.contains("\"owner\""))
            #expect(cookAnswer.answer != ownerAnswer.answer)
            #expect(try await Self.ask(keeping, pantry, query, as: cook, variables).answer == cookAnswer.answer)

            // Two days later the same stored data answers otherwise: the milk has expired.
            let due = try await Self.ask(keeping, pantry, query, as: owner, variables)
            #expect(due.statements == 1)
            now.advance(by: 2 * 86_400)
            let later = try await Self.ask(keeping, pantry, query, as: owner, variables)
            #expect(later.statements > 1)
            #expect(later.answer != due.answer)
            #expect(later.answer.contains("\"expired\"") || later.answer.contains("\"EXPIRED\""), "\(later.answer)")

            // Invite codes run out to the millisecond: their answers are built every time.
            _ = try await pantry.invite(to: home)
            let invites = "query($h: String!) { household(id: $h) { invites { code } } }"
            now.set(Date())
            let open = try await Self.ask(keeping, pantry, invites, as: owner, variables)
            #expect(open.answer.contains("\"code\""))
            #expect(try await Self.ask(keeping, pantry, invites, as: owner, variables).statements > 1)
            now.advance(by: 30 * 86_400)
            let keepingLater = try await Self.ask(keeping, pantry, invites, as: owner, variables)
            #expect(
                !keepingLater.answer.contains("\"code\""),
                "an expired invite is no longer listed: \(keepingLater.answer)")
        }
    }

    @Test(
        "a write to any table an answer is made from moves the revision on, whoever writes",
        arguments: DatabaseKind.allCases)
    func everyTableHasItsTrigger(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            // Every pantry table but the revisions themselves and the digests' delivery records (which no answer
            // shows) is one answers are made from.
            let statements = PantryTables.statements + PantryTables.mealPlanStatements
            let created = statements.compactMap { statement -> String? in
                guard let range = statement.range(of: "CREATE TABLE IF NOT EXISTS ") else { return nil }
                return String(statement[range.upperBound...].prefix { $0 != " " && $0 != "(" })
            }
            #expect(
                Set(created).subtracting([
                    "pantry_item_revisions", "pantry_household_revisions", "pantry_user_revisions",
                    "pantry_digest_deliveries",
                ]) == Set(PantryTables.answeredTables))

            let owner = try await pantry.user("owner")
            let home = try await pantry.household("Home", owner: owner)
            _ = try await pantry.invite(to: home)
            _ = try await pantry.stockedItem("Flour", grams: 1000, in: home)
            _ = try await pantry.data(
                RecipeSliceTests.addRecipe, as: owner,
                [
                    "h": .string(home.id), "name": "Bread",
                    "ingredients": .array([RecipeSliceTests.ingredient("flour", 500, "g")]),
                ])
            _ = try await pantry.data(
                "mutation($h: String!) { addShoppingItem(householdId: $h, name: \"Milk\", quantity: 1, unit: \"l\") { id } }",
                as: owner, ["h": .string(home.id)])
            let bread = try await pantry.data(
                RecipeSliceTests.addRecipe, as: owner,
                [
                    "h": .string(home.id), "name": "Rolls",
                    "ingredients": .array([RecipeSliceTests.ingredient("flour", 500, "g")]),
                ])["addRecipe", "id"]
            _ = try await pantry.data(
                MealPlanSliceTests.plan, as: owner,
                ["h": .string(home.id), "day": "2026-11-23", "meal": "dinner", "r": bread])
            _ = try await pantry.data(MealPlanSliceTests.cook, as: owner, ["h": .string(home.id), "r": bread])
            _ = try await pantry.data("mutation { updateMe(input: {firstName: \"Ada\"}) { name } }", as: owner)
            _ = try await pantry.data(
                "mutation { setDigestPreferences(input: {enabled: true}) { enabled } }", as: owner)
            _ = try await pantry.data(
                "mutation($h: String!) { createStore(householdId: $h, name: \"Corner\", sectionOrder: [dairy]) { id } }",
                as: owner, ["h": .string(home.id)])

            // A column of each table, set to itself: an update that changes nothing still counts.
            let columns = [
                "pantry_households": "name", "pantry_members": "role", "pantry_invites": "code", "pantry_items": "name",
                "pantry_stock_bookings": "kind", "pantry_recipes": "name", "pantry_recipe_ingredients": "name",
                "pantry_recipe_steps": "text", "pantry_recipe_tags": "tag", "pantry_shopping_items": "name",
                "pantry_profiles": "first_name", "pantry_digest_preferences": "hour", "pantry_meal_plan": "meal",
                "pantry_cookings": "recipe_id", "pantry_cooking_bookings": "name",
                "pantry_shopping_lists": "name", "pantry_stores": "name",
            ]
            #expect(Set(columns.keys) == Set(PantryTables.answeredTables))
            for table in PantryTables.answeredTables {
                let column = try #require(columns[table])
                let before = try await pantry.store.answerVersion(for: owner.userID)
                try await pantry.execute("UPDATE \(table) SET \(column) = \(column)")
                #expect(try await pantry.store.answerVersion(for: owner.userID) != before, "an update of \(table)")
            }
            // Deleting rows counts too, and one transaction moves the revision on once or more, never zero times.
            let before = try await pantry.store.answerVersion(for: owner.userID)
            try await pantry.execute("DELETE FROM pantry_recipe_tags")
            #expect(try await pantry.store.answerVersion(for: owner.userID) != before)
        }
    }

    @Test(
        "requests in flight for an answer being built wait for it rather than build it again",
        arguments: DatabaseKind.allCases)
    func concurrentMissesBuildOnce(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let home = try await pantry.household("Home", owner: owner)
            for name in ["Flour", "Rice", "Oats", "Milk"] {
                _ = try await pantry.stockedItem(name, grams: 1000, in: home)
            }
            let services = try Self.services(pantry)
            let variables: [String: Map] = ["h": .string(home.id)]
            let request = GraphQLRequest(query: Self.dashboard, variables: variables)
            let built = try await Self.ask(services, pantry, Self.dashboard, as: owner, variables).statements - 1
            #expect(built > 1)

            _ = try await pantry.stockedItem("Sugar", grams: 500, in: home)
            let before = pantry.statements
            let answers = await withTaskGroup(of: Data.self) { group in
                for _ in 0..<8 { group.addTask { await services.keeping.respond(request, viewer: owner).body } }
                return await group.reduce(into: []) { $0.append($1) }
            }
            // Eight revision reads and one answer built, whether the others waited for it or came after it.
            #expect(
                pantry.statements - before <= 8 + built,
                "\(pantry.statements - before) statements, one build costs \(built)")
            let fresh = GraphQLResponseBody.bytes(await services.fresh.execute(request, viewer: owner))
            #expect(Set(answers) == [fresh])
            #expect(String(decoding: fresh, as: UTF8.self).contains("Sugar"))
        }
    }

    @Test(
        "concurrent writes to several households all commit, each moving the revision on",
        arguments: DatabaseKind.allCases)
    func concurrentWritesCommit(_ kind: DatabaseKind) async throws {
        _ = try await withPantry(kind) { pantry in
            let owner = try await pantry.user("owner")
            let homes = [
                try await pantry.household("Home", owner: owner), try await pantry.household("Cabin", owner: owner),
            ]
            func revisions() async throws -> Int64 {
                try await pantry.recordStore.database.transaction(readOnly: true) { tx in
                    try await tx.first(
                        "SELECT CAST(COALESCE(SUM(revision), 0) AS BIGINT) AS total FROM pantry_household_revisions")?
                        .int("total") ?? 0
                }
            }
            let before = try await revisions()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for n in 0..<40 {
                    group.addTask { _ = try await pantry.stockedItem("Item \(n)", grams: 100, in: homes[n % 2]) }
                }
                try await group.waitForAll()
            }
            let moved = try await revisions() - before
            // Each write is one transaction of two rows (the item and its purchase): on PostgreSQL the household's
            // revision moves once per transaction, on SQLite once per row.
            #expect(moved == (kind == .postgres ? 40 : 80))
            let counts = try await pantry.store.items(inHouseholds: homes.map(\.id)).mapValues(\.count)
            #expect(counts == [homes[0].id: 20, homes[1].id: 20])
        }
    }

    @Test("a build hands its answer to those waiting, or nil when it cannot be kept")
    func waitersGetTheBuild() async throws {
        let cache = AnswerCache(byteLimit: 1 << 20)
        let key = AnswerCache.Key(
            userID: "u", document: DocumentCache.digest("{ q }"), operationName: nil, variables: [:],
            day: CalendarDay(iso: "2026-11-25")!)
        guard case .build = cache.claim(key, version: "1") else {
            Issue.record("the first request builds")
            return
        }
        guard case .wait = cache.claim(key, version: "1") else {
            Issue.record("the second waits")
            return
        }
        guard case .build = cache.claim(key, version: "2") else {
            Issue.record("another version builds its own")
            return
        }
        let waiting = Task { await cache.wait(key, version: "1") }
        cache.finish(key, version: "1", body: Data("one".utf8), keep: true)
        #expect(await waiting.value == Data("one".utf8))
        guard case .kept(let body) = cache.claim(key, version: "1") else {
            Issue.record("then it is kept")
            return
        }
        #expect(body == Data("one".utf8))

        guard case .wait = cache.claim(key, version: "2") else {
            Issue.record("version 2 is still being built")
            return
        }
        let other = Task { await cache.wait(key, version: "2") }
        cache.finish(key, version: "2", body: Data("two".utf8), keep: false)
        #expect(await other.value == nil, "an answer that cannot be kept is not shared")
        guard case .build = cache.claim(key, version: "2") else {
            Issue.record("nothing kept for version 2")
            return
        }
        cache.finish(key, version: "2", body: nil, keep: false)
    }

    static func key(_ user: String, _ n: Int, variables: [String: Map] = [:]) -> AnswerCache.Key {
        AnswerCache.Key(
            userID: user, document: DocumentCache.digest("{ q\(n) }"), operationName: nil, variables: variables,
            day: CalendarDay(iso: "2026-11-25")!)
    }

    @Test("kept answers stay within their byte limit, dropping the least recently used first")
    func bounded() {
        let cache = AnswerCache(byteLimit: 40_000, entryLimit: 3)
        let body = Data(repeating: 65, count: 900)
        for n in 0..<3 { cache.store(Self.key("u", n), version: "1", body: body) }
        #expect(cache.answer(Self.key("u", 0), version: "1") == body)
        #expect(cache.answer(Self.key("u", 0), version: "2") == nil, "another version's answer is not served")
        cache.store(Self.key("u", 3), version: "1", body: body)
        #expect(cache.usage.entries == 3)
        #expect(cache.answer(Self.key("u", 1), version: "1") == nil, "the least recently used went first")
        #expect(cache.answer(Self.key("u", 0), version: "1") == body)
        // A later answer replaces the one kept; more than a caller's share (an eighth of the limit) is not kept.
        cache.store(Self.key("u", 0), version: "2", body: Data(repeating: 66, count: 10))
        #expect(cache.answer(Self.key("u", 0), version: "2")?.count == 10)
        #expect(cache.answer(Self.key("u", 0), version: "1") == nil)
        cache.store(Self.key("u", 5), version: "1", body: Data(count: 5_001))
        #expect(cache.answer(Self.key("u", 5), version: "1") == nil)
        #expect(cache.usage.bytes <= 40_000)
    }

    @Test("an answer's variables count toward the limit, and one caller's answers evict only their own")
    func sharesAndVariables() {
        // A share is an eighth: 5,000 bytes, four answers of 900 bytes and their keys.
        let cache = AnswerCache(byteLimit: 40_000)
        let body = Data(repeating: 65, count: 900)
        for n in 0..<2 { cache.store(Self.key("neighbour", n), version: "1", body: body) }
        let one = cache.usage.bytes / 2
        #expect(one >= 900 + AnswerCache.keyOverhead)
        for n in 0..<100 { cache.store(Self.key("flooder", n), version: "1", body: body) }
        #expect(cache.usage.entries == 2 + 4)
        #expect(cache.usage.bytes <= cache.shareLimit + 2 * one)
        for n in 0..<2 {
            #expect(cache.answer(Self.key("neighbour", n), version: "1") == body, "another caller's answers stay")
        }
        for n in 96..<100 {
            #expect(cache.answer(Self.key("flooder", n), version: "1") == body, "the flooder keeps their newest")
        }

        // 3,000 bytes of variables make an entry 3,000 bytes dearer, and a key past the share is not kept at all.
        let light = Self.key("neighbour", 9)
        let heavy = Self.key("neighbour", 9, variables: ["note": .string(String(repeating: "v", count: 3_000))])
        #expect(AnswerCache.size(heavy, body) - AnswerCache.size(light, body) >= 3_000)
        cache.store(heavy, version: "1", body: body)
        #expect(cache.answer(heavy, version: "1") == body)
        let tooHeavy = Self.key("neighbour", 10, variables: ["note": .string(String(repeating: "v", count: 6_000))])
        cache.store(tooHeavy, version: "1", body: Data(repeating: 65, count: 10))
        #expect(cache.answer(tooHeavy, version: "1") == nil)
        #expect(MapSize.bytes(of: ["a": .array([.string("xyz"), .null])]) == 4 * MapSize.overhead + 1 + 3)
    }
}
