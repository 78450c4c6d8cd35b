import HearthPermissions
import Testing

@Suite("Rule templates")
struct PermissionTemplateTests {
    private let context: PermissionValue = [
        "user": ["id": "u1", "householdIds": ["h1", "h2"], "age": 42, "admin": false, "manager": nil]
    ]

    private func fill(_ conditions: [String: PermissionValue]) throws(PermissionError) -> [String: PermissionValue]? {
        try PermissionTemplate(rules: [PermissionRule("read", "Thing", conditions: conditions)]).fill(context)[0]
            .conditions
    }

    @Test("a whole-value placeholder takes the value with its type, arrays staying arrays")
    func wholeValue() throws {
        #expect(try fill(["id": "${user.id}"]) == ["id": "u1"])
        #expect(try fill(["householdId": ["$in": "${user.householdIds}"]]) == ["householdId": ["$in": ["h1", "h2"]]])
        #expect(try fill(["age": ["$gte": "${user.age}"]]) == ["age": ["$gte": 42]])
        #expect(
            try fill(["admin": "${user.admin}", "manager": "${user.manager}"]) == ["admin": false, "manager": nil])
        #expect(try fill(["first": "${user.householdIds.1}"]) == ["first": "h2"])
    }

    @Test("placeholders inside text are written as text, anywhere in the conditions")
    func embedded() throws {
        #expect(try fill(["path": "users/${user.id}/age-${user.age}"]) == ["path": "users/u1/age-42"])
        #expect(try fill(["ownerId": ["$in": ["${user.id}", "system"]]]) == ["ownerId": ["$in": ["u1", "system"]]])
        #expect(
            try fill(["owner": ["id": "${user.id}", "flag": "${user.admin}!"]]) == [
                "owner": ["id": "u1", "flag": "false!"]
            ])
        #expect(
            try fill(["note": "no placeholder, just $ and {braces}"]) == ["note": "no placeholder, just $ and {braces}"]
        )
    }

    @Test("the filled rules keep everything but their conditions, and rules without conditions stay as they are")
    func otherParts() throws {
        let rules = [
            PermissionRule(
                ["update", "delete"], ["Recipe"], fields: ["name"], conditions: ["authorId": "${user.id}"],
                inverted: true, reason: "Not yours"),
            PermissionRule("create", "Household"),
        ]
        let filled = try PermissionTemplate(rules: rules).fill(context)
        #expect(
            filled == [
                PermissionRule(
                    ["update", "delete"], ["Recipe"], fields: ["name"], conditions: ["authorId": "u1"], inverted: true,
                    reason: "Not yours"),
                PermissionRule("create", "Household"),
            ])
        #expect(try Ability(rules: filled).cannot("update", .instance("Recipe", ["authorId": "u1"]), field: "name"))
    }

    @Test("an unknown placeholder is an error naming it, its rule and what the context has")
    func unknownPlaceholder() throws {
        let template = PermissionTemplate(rules: [
            PermissionRule("read", "User", conditions: ["id": "${user.id}"]),
            PermissionRule("read", "Team", conditions: ["id": ["$in": "${user.teamIds}"]]),
        ])
        let error = try #require(throws: PermissionError.self) { try template.fill(context) }
        #expect(error.code == .unknownPlaceholder)
        #expect(error.ruleIndex == 1)
        #expect(error.message.contains("${user.teamIds}"))
        #expect(error.message.contains("Rule 1"))
        #expect(error.message.contains("householdIds"))

        for path in ["account.id", "user.householdIds.7", "user.id.length", "user..id"] {
            let error = try #require(throws: PermissionError.self) { try fill(["x": "a ${\(path)}"]) }
            #expect(error.code == .unknownPlaceholder)
            #expect(error.message.contains("${\(path)}"))
        }
    }

    @Test("an unclosed placeholder, or a list written inside text, is a malformed rule")
    func malformed() throws {
        let unclosed = try #require(throws: PermissionError.self) { try fill(["id": "${user.id"]) }
        #expect(unclosed.code == .invalidRule)
        let listInText = try #require(throws: PermissionError.self) { try fill(["id": "in ${user.householdIds}"]) }
        #expect(listInText.code == .invalidRule)
        #expect(listInText.message.contains("${user.householdIds}"))
    }
}
