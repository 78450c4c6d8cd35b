import Foundation
import HearthTestSupport
import Testing

/// `hearth pantry …` against a real `hearth serve`: two people, each with their own data directory.
@Suite("hearth pantry", .timeLimit(.minutes(10)))
struct PantryCommandTests {
    /// Runs `hearth pantry …` as the person whose data directory is `home`.
    static func pantry(_ arguments: [String], home: TemporaryFolder) async throws -> ChildProcess.Result {
        try await ChildProcess.run(
            ChildProcess.product("hearth"), ["pantry"] + arguments,
            environment: ["HEARTH_DATA_DIR": home.url.path, "HEARTH_PASSWORD": "long enough password"])
    }

    static func json(_ result: ChildProcess.Result) -> Any? {
        try? JSONSerialization.jsonObject(with: result.stdoutData)
    }

    @Test("log in, create a household, invite, join, list members, change a role, leave, log out")
    func households() async throws {
        let serverData = try TemporaryFolder(prefix: "hearth-pantry-cli-server")
        try await ServerProcess.running(dataDirectory: serverData.url) { server in
            let owner = try TemporaryFolder(prefix: "hearth-pantry-cli-owner")
            let guest = try TemporaryFolder(prefix: "hearth-pantry-cli-guest")
            let ownerEmail = "owner-\(UUID().uuidString.prefix(8))@example.com"

            let login = try await Self.pantry(
                ["login", "--server", server.base, "--email", ownerEmail, "--sign-up"], home: owner)
            #expect(login.status == 0, "\(login.stderr)")
            #expect(
                login.stdout.contains("Signed in as \(ownerEmail.lowercased())")
                    || login.stdout.contains("Signed in as \(ownerEmail)"))

            let created = try await Self.pantry(["household", "create", "Home", "--json"], home: owner)
            #expect(created.status == 0, "\(created.stderr)")
            let household = try #require((Self.json(created) as? [String: Any])?["id"] as? String)

            let invite = try await Self.pantry(["household", "invite", household, "--json"], home: owner)
            let code = try #require((Self.json(invite) as? [String: Any])?["code"] as? String, "\(invite.stderr)")

            #expect(
                try await Self.pantry(
                    [
                        "login", "--server", server.base, "--email", "guest-\(UUID().uuidString.prefix(8))@example.com",
                        "--sign-up",
                    ], home: guest
                ).status == 0)
            let joined = try await Self.pantry(["household", "join", code], home: guest)
            #expect(joined.stdout.contains("Joined Home"), "\(joined.stderr)")

            let members = try await Self.pantry(["household", "members", household, "--json"], home: owner)
            let list = try #require(Self.json(members) as? [[String: Any]], "\(members.stderr)")
            #expect(list.map { $0["role"] as? String } == ["owner", "member"])
            let guestMember = try #require(list.last?["id"] as? String)

            let badRole = try await Self.pantry(["household", "role", guestMember, "superuser"], home: owner)
            #expect(badRole.status != 0)
            #expect(badRole.stderr.contains("Role \"superuser\" is not one of: owner, admin, member"))
            let promoted = try await Self.pantry(["household", "role", guestMember, "admin"], home: owner)
            #expect(promoted.stdout.contains("is now admin"), "\(promoted.stderr)")

            let emptyName = try await Self.pantry(["household", "create", "   "], home: owner)
            #expect(emptyName.status != 0)
            #expect(emptyName.stderr.contains("Household name cannot be empty"))

            let items = try await Self.pantry(["items", "list", household], home: guest)
            #expect(items.stdout.contains("No items."), "\(items.stderr)")
            let added = try await Self.pantry(
                [
                    "items", "add", household, "  Oats ", "--quantity", "500", "--unit", "g", "--category", "pantry",
                    "--expires", "2030-01-31", "--location", "Pantry",
                ], home: guest)
            #expect(added.stdout.contains("Added Oats"), "\(added.stderr)")
            let stocked = try await Self.pantry(["items", "list", household, "--json"], home: owner)
            let stock = try #require(Self.json(stocked) as? [[String: Any]], "\(stocked.stderr)")
            #expect(stock.map { $0["name"] as? String } == ["Oats"])
            #expect(stock.first?["quantity"] as? Double == 500)
            let badDay = try await Self.pantry(
                ["items", "add", household, "Milk", "--expires", "tomorrow"], home: owner)
            #expect(badDay.stderr.contains("--expires \"tomorrow\" is not a day written YYYY-MM-DD"))

            // Stock: each command prints the booking to undo; the other member sees the result.
            let oats = try #require(stock.first?["id"] as? String)
            let used = try await Self.pantry(["items", "consume", oats, "100", "--json"], home: guest)
            let usedJSON = try #require(Self.json(used) as? [String: Any], "\(used.stderr)")
            #expect((usedJSON["item"] as? [String: Any])?["quantity"] as? Double == 400)
            #expect((usedJSON["booking"] as? [String: Any])?["kind"] as? String == "consume")
            let spoiled = try await Self.pantry(["items", "consume", oats, "50", "--spoiled"], home: owner)
            #expect(spoiled.stdout.contains("Threw away Oats: now 350 g"), "\(spoiled.stdout)\(spoiled.stderr)")
            #expect(spoiled.stdout.contains("hearth pantry items undo "))
            let opened = try await Self.pantry(["items", "open", oats, "--json"], home: guest)
            #expect(
                ((Self.json(opened) as? [String: Any])?["booking"] as? [String: Any])?["kind"] as? String == "open",
                "\(opened.stderr)")
            let moved = try await Self.pantry(["items", "move", oats, "100", "--to", "fridge", "--json"], home: guest)
            let movedBooking = try #require(
                (Self.json(moved) as? [String: Any])?["booking"] as? [String: Any], "\(moved.stderr)")
            #expect(movedBooking["fromLocation"] as? String == "Pantry")
            #expect(movedBooking["toLocation"] as? String == "Fridge")
            let counted = try await Self.pantry(["items", "correct", oats, "300", "--json"], home: owner)
            let countedJSON = try #require(Self.json(counted) as? [String: Any], "\(counted.stderr)")
            #expect((countedJSON["item"] as? [String: Any])?["quantity"] as? Double == 300)
            let correction = try #require((countedJSON["booking"] as? [String: Any])?["id"] as? String)
            let undone = try await Self.pantry(["items", "undo", correction], home: guest)
            #expect(undone.stdout.contains("now 350 g"), "\(undone.stdout)\(undone.stderr)")
            let edited = try await Self.pantry(
                ["items", "edit", oats, "--name", " Rolled oats ", "--minimum", "500", "--json"], home: guest)
            let editedJSON = try #require(Self.json(edited) as? [String: Any], "\(edited.stderr)")
            #expect(editedJSON["name"] as? String == "Rolled oats")
            #expect(editedJSON["quantity"] as? Double == 350)
            let expiring = try await Self.pantry(["items", "list", household, "--expiring", "36500"], home: owner)
            #expect(expiring.stdout.contains("Rolled oats"), "\(expiring.stderr)")
            let notExpiring = try await Self.pantry(["items", "list", household, "--expiring", "1"], home: owner)
            #expect(
                notExpiring.stdout.contains("No items expire within 1 day."),
                "\(notExpiring.stdout)\(notExpiring.stderr)")

            let badCategory = try await Self.pantry(["items", "edit", oats, "--category", "snacks"], home: owner)
            #expect(badCategory.status != 0)
            #expect(badCategory.stderr.contains("--category \"snacks\" is not one of"))
            let tooMuch = try await Self.pantry(["items", "consume", oats, "9000"], home: owner)
            #expect(tooMuch.status != 0)
            #expect(tooMuch.stderr.contains("Cannot consume 9000 g"), "\(tooMuch.stderr)")
            let badQuantity = try await Self.pantry(["items", "consume", oats, "lots"], home: owner)
            #expect(badQuantity.status != 0)
            #expect(badQuantity.stderr.contains("lots"), "\(badQuantity.stderr)")
            let noBooking = try await Self.pantry(["items", "undo", "no-such-booking"], home: owner)
            #expect(noBooking.status != 0)
            #expect(noBooking.stderr.contains("no-such-booking"), "\(noBooking.stderr)")
            let nowhere = try await Self.pantry(["items", "move", oats, "10", "--to", "Attic"], home: owner)
            #expect(nowhere.status != 0)
            #expect(nowhere.stderr.contains("Attic"), "\(nowhere.stderr)")
            let stillThere = try await Self.pantry(["items", "list", household, "--json"], home: owner)
            #expect(
                (Self.json(stillThere) as? [[String: Any]])?.first?["quantity"] as? Double == 350,
                "refusals changed nothing")

            let deleted = try await Self.pantry(["items", "delete", oats], home: owner)
            #expect(deleted.stdout.contains("Deleted Rolled oats"), "\(deleted.stderr)")
            let emptied = try await Self.pantry(["items", "list", household], home: guest)
            #expect(emptied.stdout.contains("No items."), "\(emptied.stderr)")

            let left = try await Self.pantry(["household", "leave", household], home: guest)
            #expect(left.status == 0, "\(left.stderr)")
            let guestList = try await Self.pantry(["household", "list"], home: guest)
            #expect(guestList.stdout.contains("No households"))

            let listed = try await Self.pantry(["household", "list"], home: owner)
            #expect(listed.stdout.contains("\(household)\tHome\t1 member"), "\(listed.stdout)\(listed.stderr)")

            #expect(try await Self.pantry(["logout"], home: owner).status == 0)
            let afterLogout = try await Self.pantry(["household", "list", "--server", server.base], home: owner)
            #expect(afterLogout.status != 0)
            #expect(afterLogout.stderr.contains("hearth pantry login --server \(server.base)"), "\(afterLogout.stderr)")
            let noServer = try await Self.pantry(["household", "list"], home: owner)
            #expect(noServer.stderr.contains("Give the server: --server"), "\(noServer.stderr)")
        }
    }
}
