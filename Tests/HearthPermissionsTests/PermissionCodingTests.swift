import Foundation
import HearthPermissions
import Testing

@Suite("Rules as JSON")
struct PermissionCodingTests {
    /// Two JSON texts hold the same value, whatever their key order and spacing.
    private func sameJSON(_ lhs: Data, _ rhs: String) throws -> Bool {
        try JSONDecoder().decode(PermissionValue.self, from: lhs)
            == JSONDecoder().decode(PermissionValue.self, from: Data(rhs.utf8))
    }

    @Test("rules in CASL's shape decode from strings and arrays, and encode back the same way")
    func roundTrip() throws {
        let json = """
            [
              {"action": "read", "subject": "Household", "conditions": {"id": {"$in": ["h1", "h2"]}}},
              {"action": ["update", "delete"], "subject": ["PantryItem", "Recipe"], "fields": ["name", "notes"]},
              {"action": "manage", "subject": "all"},
              {"action": "archive"},
              {"action": "delete", "subject": "Household", "fields": "name", "inverted": true, "reason": "Owners only"}
            ]
            """
        let rules = try JSONDecoder().decode([PermissionRule].self, from: Data(json.utf8))
        #expect(rules[0] == PermissionRule("read", "Household", conditions: ["id": ["$in": ["h1", "h2"]]]))
        #expect(
            rules[1] == PermissionRule(["update", "delete"], ["PantryItem", "Recipe"], fields: ["name", "notes"]))
        #expect(rules[2].subjects == ["all"] && !rules[2].inverted)
        #expect(rules[3].subjects == nil)
        #expect(
            rules[4] == PermissionRule("delete", "Household", fields: ["name"], inverted: true, reason: "Owners only"))

        let encoded = try JSONEncoder().encode(rules)
        #expect(try sameJSON(encoded, json))
        #expect(try JSONDecoder().decode([PermissionRule].self, from: encoded) == rules)
    }

    @Test("a list of one encodes as a plain string, and inverted is written only when true")
    func normalizedShape() throws {
        let rule = try JSONDecoder().decode(
            PermissionRule.self, from: Data(#"{"action":["read"],"subject":["Recipe"],"inverted":false}"#.utf8))
        #expect(try sameJSON(JSONEncoder().encode(rule), #"{"action":"read","subject":"Recipe"}"#))
        let nullSubject = try JSONDecoder().decode(
            PermissionRule.self, from: Data(#"{"action":"read","subject":null}"#.utf8))
        #expect(nullSubject.subjects == nil)
    }

    @Test("rules of the wrong shape fail to decode, naming the field")
    func badShapes() {
        for json in [
            #"{"subject":"Recipe"}"#, #"{"action":1}"#, #"{"action":"read","subject":[1]}"#,
            #"{"action":"read","fields":{"a":1}}"#, #"{"action":"read","conditions":"id = 1"}"#,
            #"{"action":"read","inverted":"yes"}"#,
        ] {
            #expect(throws: DecodingError.self, "\(json)") {
                try JSONDecoder().decode(PermissionRule.self, from: Data(json.utf8))
            }
        }
    }

    @Test("permissions round-trip, and their derived version follows the rules")
    func permissions() throws {
        let rules = [PermissionRule("read", "Household", conditions: ["id": "h1"])]
        let permissions = try Permissions(rules: rules)
        #expect(permissions.version.count == 16)
        #expect(try Permissions(rules: rules).version == permissions.version)
        #expect(
            try Permissions(rules: [PermissionRule("read", "Household", conditions: ["id": "h2"])]).version
                != permissions.version)
        let decoded = try JSONDecoder().decode(Permissions.self, from: JSONEncoder().encode(permissions))
        #expect(decoded == permissions)
        #expect(try Ability(decoded).can("read", .instance("Household", ["id": "h1"])))
    }

    @Test("JSON values keep booleans and numbers apart, and integers encode without a fraction")
    func values() throws {
        let decoded = try JSONDecoder().decode(
            PermissionValue.self, from: Data(#"[1, true, 0, false, 1.5, "x", null, {"a": []}]"#.utf8))
        #expect(decoded == [1, true, 0, false, 1.5, "x", nil, ["a": []]])
        #expect(PermissionValue.number(3).description == "3")
        #expect((["b": 1, "a": [true, nil]] as PermissionValue).description == #"{"a":[true,null],"b":1}"#)
    }

    @Test("an Encodable model becomes its JSON value, dates as ISO 8601 text")
    func fromModel() throws {
        struct Member: Encodable {
            let userId: String
            let joinedAt: Date
            let nickname: String?
        }
        struct Household: Encodable {
            let id: String
            let memberCount: Int
            let members: [Member]
        }
        let model = Household(
            id: "h1", memberCount: 1,
            members: [Member(userId: "u1", joinedAt: Date(timeIntervalSince1970: 0), nickname: nil)])
        #expect(
            try PermissionValue(encoding: model) == [
                "id": "h1", "memberCount": 1, "members": [["userId": "u1", "joinedAt": "1970-01-01T00:00:00Z"]],
            ])
    }
}
