import HearthPermissions
import Testing

@Suite("Ability")
struct AbilityTests {
    private func post(_ attributes: PermissionValue) -> PermissionSubject { .instance("Post", attributes) }

    @Test("nothing is allowed without a rule")
    func denyByDefault() throws {
        let ability = try Ability(rules: [])
        #expect(!ability.can("read", "Post"))
        #expect(ability.cannot("read", post(["id": 1])))
        #expect(ability.relevantRule(for: "read", "Post") == nil)
    }

    @Test("manage stands for every action, and only a manage rule answers a manage check")
    func manageMatchesEveryAction() throws {
        let ability = try Ability(rules: [PermissionRule("manage", "Post"), PermissionRule("read", "Comment")])
        for action in ["create", "read", "update", "delete", "archive", "manage"] {
            #expect(ability.can(action, "Post"), "\(action)")
        }
        #expect(ability.can("read", "Comment"))
        #expect(!ability.can("manage", "Comment"))
        #expect(!ability.can("update", "Comment"))
        #expect(!ability.can("read", "User"))
    }

    @Test("all stands for every subject type, and a rule without a subject means all")
    func allMatchesEverySubject() throws {
        let ability = try Ability(rules: [PermissionRule("read", "all"), PermissionRule("archive")])
        #expect(ability.can("read", "Post"))
        #expect(ability.can("read", post(["id": 1])))
        #expect(ability.can("read", "all"))
        #expect(ability.can("archive", "Household"))
        #expect(!ability.can("update", "Post"))

        let narrow = try Ability(rules: [PermissionRule("read", "Post")])
        #expect(!narrow.can("read", "all"))
        #expect(try Ability(rules: [PermissionRule("manage", "all")]).can("delete", "Anything"))
    }

    @Test("later rules win over earlier ones")
    func laterRulesWin() throws {
        let allowThenDeny = try Ability(rules: [
            PermissionRule("read", "Post"), PermissionRule("read", "Post", inverted: true),
        ])
        #expect(!allowThenDeny.can("read", "Post"))
        let denyThenAllow = try Ability(rules: [
            PermissionRule("read", "Post", inverted: true), PermissionRule("read", "Post"),
        ])
        #expect(denyThenAllow.can("read", "Post"))
        let manageThenDenyDelete = try Ability(rules: [
            PermissionRule("manage", "all"), PermissionRule("delete", "Post", inverted: true),
        ])
        #expect(manageThenDenyDelete.can("update", "Post"))
        #expect(!manageThenDenyDelete.can("delete", "Post"))
        #expect(manageThenDenyDelete.can("delete", "Comment"))
    }

    @Test("a conditional rule answers a type check with yes, and an instance check only when it matches")
    func conditionalRules() throws {
        let ability = try Ability(rules: [PermissionRule("update", "Post", conditions: ["authorId": "me"])])
        #expect(ability.can("update", "Post"))
        #expect(ability.can("update", post(["authorId": "me"])))
        #expect(!ability.can("update", post(["authorId": "someone"])))
        #expect(!ability.can("update", .instance("Comment", ["authorId": "me"])))
    }

    @Test("an inverted rule with conditions forbids matching instances but not the type")
    func invertedWithConditions() throws {
        let ability = try Ability(rules: [
            PermissionRule("read", "Post"),
            PermissionRule("read", "Post", conditions: ["private": true], inverted: true),
        ])
        #expect(ability.can("read", "Post"))
        #expect(ability.can("read", post(["private": false])))
        #expect(!ability.can("read", post(["private": true])))
    }

    @Test("an inverted rule without conditions, or with empty ones, forbids the type too")
    func invertedWithoutConditions() throws {
        for conditions in [nil, [:]] as [[String: PermissionValue]?] {
            let ability = try Ability(rules: [
                PermissionRule("read", "Post"),
                PermissionRule("read", "Post", conditions: conditions, inverted: true),
            ])
            #expect(!ability.can("read", "Post"))
            #expect(!ability.can("read", post(["id": 1])))
        }
    }

    @Test("an instance that a later conditional rule does not match falls through to earlier rules")
    func fallThrough() throws {
        let ability = try Ability(rules: [
            PermissionRule("read", "Post", inverted: true),
            PermissionRule("read", "Post", conditions: ["authorId": "me"]),
        ])
        #expect(ability.can("read", post(["authorId": "me"])))
        #expect(!ability.can("read", post(["authorId": "someone"])))
        #expect(ability.can("read", "Post"))
    }

    @Test("field rules allow only their fields; a check without a field needs some field allowed")
    func fieldRules() throws {
        let ability = try Ability(rules: [PermissionRule("read", "Post", fields: ["title", "id"])])
        #expect(ability.can("read", "Post"))
        #expect(ability.can("read", "Post", field: "title"))
        #expect(ability.can("read", "Post", field: "id"))
        #expect(!ability.can("read", "Post", field: "description"))

        let allButOne = try Ability(rules: [
            PermissionRule("read", "Post"),
            PermissionRule("read", "Post", fields: ["description"], inverted: true),
        ])
        #expect(allButOne.can("read", "Post"))
        #expect(allButOne.can("read", "Post", field: "title"))
        #expect(!allButOne.can("read", "Post", field: "description"))
        #expect(try Ability(rules: [PermissionRule("read", "Post")]).can("read", "Post", field: "anything"))
    }

    @Test("field patterns use stars the way CASL's field matcher does")
    func fieldPatterns() throws {
        func allowed(_ pattern: String, _ field: String) throws -> Bool {
            try Ability(rules: [PermissionRule("read", "Post", fields: [pattern])]).can("read", "Post", field: field)
        }
        let cases: [(String, String, Bool)] = [
            ("author.*", "author", true), ("author.*", "author.*", true), ("author.*", "author.name", true),
            ("author.*", "author.publication.name", false),
            ("author.**", "author", true), ("author.**", "author.publication.name", true),
            ("author.**", "authors", false),
            ("author.*.name", "author", false), ("author.*.name", "author.publication.name", true),
            ("author.*.name", "author.publication.startDate", false),
            ("author.*.name", "author.publication.country.name", false),
            ("author.**.name", "author.publication.country.name", true), ("author.**.name", "author.name", false),
            ("*.name", "author.name", true), ("*.name", "author.publication.name", false), ("*.name", "name", false),
            ("**.name", "author.publication.name", true),
            ("author.address.street*", "author.address.street", true),
            ("author.address.street*", "author.address.street1", true),
            ("author.address.street*", "author.address", false),
            ("author?.address+.street*", "author?.address+.street2", true),
            ("author?.address+.street*", "author?.address+", false),
            ("vehicle.*.generic.*", "vehicle.profile.generic.item", true),
            ("vehicle.*.generic.*", "vehicle.*.user.*", false),
            ("*", "title", true), ("*", "author.name", false), ("**", "author.name", true),
            // A leading star, or one between two dots, stands for at least one character; a trailing one may stand for none.
            ("*.name", ".name", false), ("**.name", ".name", false), ("*a", "a", false), ("a*", "a", true),
            ("a.*.b", "a..b", false),
        ]
        for (pattern, field, expected) in cases {
            #expect(try allowed(pattern, field) == expected, "\(pattern) ~ \(field)")
        }
    }

    @Test("the relevant rule is the one that decides, and carries the reason for a denial")
    func relevantRule() throws {
        let allow = PermissionRule("read", "Post")
        let deny = PermissionRule(
            "read", "Post", conditions: ["private": true], inverted: true, reason: "Private posts are hidden")
        let ability = try Ability(rules: [allow, deny])
        #expect(ability.relevantRule(for: "read", post(["private": true])) == deny)
        #expect(ability.relevantRule(for: "read", post(["private": false])) == allow)
        #expect(ability.relevantRule(for: "read", "Post") == allow)
        #expect(ability.relevantRule(for: "update", "Post") == nil)
    }

    @Test("authorize throws FORBIDDEN with the rule's reason, or CASL's default message")
    func authorize() throws {
        let ability = try Ability(rules: [
            PermissionRule("read", "Post"),
            PermissionRule(
                "read", "Post", conditions: ["private": true], inverted: true, reason: "Private posts are hidden"),
            PermissionRule("delete", "Post", inverted: true),
        ])
        try ability.authorize("read", post(["private": false]))
        #expect(throws: PermissionError(.forbidden, "Private posts are hidden", ruleIndex: 1)) {
            try ability.authorize("read", post(["private": true]))
        }
        #expect(throws: PermissionError(.forbidden, "Cannot execute \"update\" on \"Post\"", ruleIndex: nil)) {
            try ability.authorize("update", post(["private": false]))
        }
        #expect(throws: PermissionError(.forbidden, "Cannot execute \"delete\" on \"Post\"", ruleIndex: 2)) {
            try ability.authorize("delete", "Post")
        }
    }

    @Test("permitted fields add an allowing rule's fields and remove an inverted rule's, first to last")
    func permittedFields() throws {
        let ability = try Ability(rules: [
            PermissionRule("read", "Post", fields: ["title", "body"]),
            PermissionRule("read", "Post", fields: ["meta"], conditions: ["published": true]),
            PermissionRule("read", "Post", fields: ["body"], conditions: ["archived": true], inverted: true),
            PermissionRule("update", "Post"),
            PermissionRule("update", "Post", fields: ["createdAt"], inverted: true),
        ])
        #expect(ability.permittedFields(for: "read", "Post") == ["title", "body", "meta"])
        #expect(ability.permittedFields(for: "read", post(["published": false, "archived": true])) == ["title"])
        #expect(
            ability.permittedFields(for: "read", post(["published": true, "archived": false])) == [
                "title", "body", "meta",
            ])
        #expect(ability.permittedFields(for: "update", "Post", allFields: ["title", "createdAt"]) == ["title"])
        #expect(ability.permittedFields(for: "delete", "Post", allFields: ["title"]).isEmpty)
    }

    @Test("an instance can be built from an Encodable model")
    func instanceFromModel() throws {
        struct Item: Encodable {
            let householdId: String
            let quantity: Double
            let tags: [String]
        }
        let ability = try Ability(rules: [
            PermissionRule(
                "update", "PantryItem", conditions: ["householdId": "h1", "tags": "fresh", "quantity": ["$gt": 0]])
        ])
        #expect(
            ability.can(
                "update", try .instance("PantryItem", encoding: Item(householdId: "h1", quantity: 2, tags: ["fresh"]))))
        #expect(
            !ability.can(
                "update", try .instance("PantryItem", encoding: Item(householdId: "h1", quantity: 0, tags: ["fresh"]))))
        #expect(
            !ability.can(
                "update", try .instance("PantryItem", encoding: Item(householdId: "h2", quantity: 2, tags: ["fresh"]))))
    }
}
