import Foundation
import HearthTestSupport
import Testing

/// `hearth pantry` commands shaped by the preferences, against a real `hearth serve`.
@Suite("hearth pantry preferences", .timeLimit(.minutes(10)))
struct PantryPreferencesCommandTests {
    static func pantry(_ arguments: [String], home: TemporaryFolder) async throws -> ChildProcess.Result {
        try await ChildProcess.run(
            ChildProcess.product("hearth"), ["pantry"] + arguments,
            environment: ["HEARTH_DATA_DIR": home.url.path, "HEARTH_PASSWORD": "long enough password"])
    }

    @Test(
        "the current household answers when none is named; units shape quantities; the default view is what `hearth pantry` shows"
    )
    func preferencesShapeCommands() async throws {
        let serverData = try TemporaryFolder(prefix: "hearth-pantry-prefs-server")
        try await ServerProcess.running(dataDirectory: serverData.url) { server in
            let me = try TemporaryFolder(prefix: "hearth-pantry-prefs-cook")
            let login = try await Self.pantry(
                [
                    "login", "--server", server.base, "--email", "cook-\(UUID().uuidString.prefix(8))@example.com",
                    "--sign-up",
                ], home: me)
            #expect(login.status == 0, "\(login.stderr)")
            let none = try await Self.pantry(["items", "list"], home: me)
            #expect(none.status != 0)
            #expect(none.stderr.contains("You belong to no household yet"), "\(none.stderr)")

            let created = try await Self.pantry(["household", "create", "Home", "--json"], home: me)
            let home = try #require(
                (try? JSONSerialization.jsonObject(with: created.stdoutData) as? [String: Any])?["id"] as? String,
                "\(created.stderr)")
            #expect(try await Self.pantry(["household", "create", "Cabin"], home: me).status == 0)
            let added = try await Self.pantry(
                ["items", "add", home, "Flour", "--quantity", "500", "--unit", "g", "--location", "Pantry"], home: me)
            #expect(added.status == 0, "\(added.stderr)")

            let first = try await Self.pantry(["items", "list"], home: me)
            #expect(
                first.stdout.contains("No items."),
                "no household named or selected: the first by name, Cabin: \(first.stdout)\(first.stderr)")
            let named = try await Self.pantry(["items", "list", home], home: me)
            #expect(named.stdout.contains("Flour\t500 g"), "\(named.stdout)\(named.stderr)")
            let last = try await Self.pantry(["items", "list"], home: me)
            #expect(last.stdout.contains("Flour\t500 g"), "the household named last: \(last.stdout)\(last.stderr)")

            let badUnits = try await Self.pantry(["preferences", "set", "--units", "furlongs"], home: me)
            #expect(badUnits.status != 0)
            #expect(badUnits.stderr.contains("--units \"furlongs\" is not one of: metric, imperial."))
            #expect(try await Self.pantry(["preferences", "set", "--units", "imperial"], home: me).status == 0)
            let imperial = try await Self.pantry(["items", "list"], home: me)
            #expect(imperial.stdout.contains("Flour\t1.1 lb"), "\(imperial.stdout)\(imperial.stderr)")
            let json = try await Self.pantry(["items", "list", "--json"], home: me)
            let stored = try #require(try? JSONSerialization.jsonObject(with: json.stdoutData) as? [[String: Any]])
            #expect(stored.first?["quantity"] as? Double == 500, "JSON keeps the stored quantity and unit")
            #expect(stored.first?["unit"] as? String == "g")

            let pantryView = try await Self.pantry([], home: me)
            #expect(pantryView.stdout.contains("Home: pantry"), "\(pantryView.stdout)\(pantryView.stderr)")
            #expect(pantryView.stdout.contains("1.1 lb"))
            #expect(try await Self.pantry(["preferences", "set", "--view", "shopping_list"], home: me).status == 0)
            let listView = try await Self.pantry([], home: me)
            #expect(listView.stdout.contains("Home: shopping list"), "\(listView.stdout)\(listView.stderr)")
            #expect(listView.stdout.contains("The shopping list is empty."))

            let logout = try await Self.pantry(["logout"], home: me)
            #expect(logout.status == 0, "\(logout.stderr)")
            let shown = try await Self.pantry(["preferences", "show"], home: me)
            #expect(
                shown.stdout.contains("household\t(none selected)"),
                "signing out forgets the household: \(shown.stdout)\(shown.stderr)")
            #expect(shown.stdout.contains("units\timperial"), "the device's units stay")
        }
    }
}
