import HearthPermissions
import Testing

/// Whether one rule with these conditions lets an instance with these attributes be read.
private func matches(_ conditions: [String: PermissionValue], _ attributes: PermissionValue) throws -> Bool {
    let ability = try Ability(rules: [PermissionRule("read", "Thing", conditions: conditions)])
    return ability.can("read", .instance("Thing", attributes))
}

@Suite("Condition operators")
struct ConditionOperatorTests {
    @Test("implicit equality compares strings, numbers and booleans strictly")
    func implicitEquality() throws {
        #expect(try matches(["householdId": "h1"], ["householdId": "h1"]))
        #expect(try !matches(["householdId": "h1"], ["householdId": "h2"]))
        #expect(try !matches(["householdId": "h1"], ["name": "h1"]))
        #expect(try matches(["count": 3], ["count": 3.0]))
        #expect(try !matches(["count": 3], ["count": "3"]))
        #expect(try !matches(["done": true], ["done": 1]))
        #expect(try matches(["done": false], ["done": false]))
    }

    @Test("$eq on an array field matches an element or the whole array")
    func equalityOnArrays() throws {
        #expect(try matches(["tags": "a"], ["tags": ["a", "b"]]))
        #expect(try !matches(["tags": "c"], ["tags": ["a", "b"]]))
        #expect(try matches(["tags": ["$eq": ["a", "b"]]], ["tags": ["a", "b"]]))
        #expect(try !matches(["tags": ["$eq": ["a", "b"]]], ["tags": ["b", "a"]]))
        #expect(try matches(["pairs": ["$eq": ["a"]]], ["pairs": [["a"], ["b"]]]))
        #expect(try !matches(["tags": "a"], ["tags": []]))
    }

    @Test("an object value compares member by member")
    func objectEquality() throws {
        #expect(try matches(["address": ["city": "Oslo"]], ["address": ["city": "Oslo"]]))
        #expect(try !matches(["address": ["city": "Oslo"]], ["address": ["city": "Oslo", "zip": "0150"]]))
    }

    @Test("$eq null matches a missing or null member, or an array holding null")
    func equalityWithNull() throws {
        #expect(try matches(["deletedAt": nil], [:]))
        #expect(try matches(["deletedAt": nil], ["deletedAt": nil]))
        #expect(try !matches(["deletedAt": nil], ["deletedAt": "2024-01-01"]))
        #expect(try matches(["values": nil], ["values": [1, nil]]))
        #expect(try matches(["a.b": nil], ["a": [:]]))
        #expect(try matches(["a.b": nil], ["a": [["b": 1], [:]]]))
        #expect(try !matches(["a.b": nil], ["a": [["b": 1]]]))
        // As in ucast: with nothing holding the last segment, null does not match.
        #expect(try !matches(["a.b": nil], [:]))
    }

    @Test("$ne is the negation of $eq, so a missing member is not equal")
    func notEqual() throws {
        #expect(try matches(["n": ["$ne": 3]], ["n": 4]))
        #expect(try !matches(["n": ["$ne": 3]], ["n": 3]))
        #expect(try matches(["n": ["$ne": 3]], [:]))
        #expect(try matches(["n": ["$ne": 3]], ["n": "3"]))
        #expect(try !matches(["n": ["$ne": 3]], ["n": [1, 3]]))
        #expect(try matches(["n": ["$ne": 3]], ["n": [1, 2]]))
        #expect(try !matches(["n": ["$ne": nil]], [:]))
        #expect(try matches(["n": ["$ne": nil]], ["n": 0]))
    }

    @Test("$lt, $lte, $gt and $gte compare numbers with numbers and strings with strings")
    func comparisons() throws {
        #expect(try matches(["n": ["$lt": 5]], ["n": 4]))
        #expect(try !matches(["n": ["$lt": 5]], ["n": 5]))
        #expect(try matches(["n": ["$lte": 5]], ["n": 5]))
        #expect(try !matches(["n": ["$lte": 5]], ["n": 5.5]))
        #expect(try matches(["n": ["$gt": 5]], ["n": 6]))
        #expect(try !matches(["n": ["$gt": 5]], ["n": 5]))
        #expect(try matches(["n": ["$gte": 5]], ["n": 5]))
        #expect(try !matches(["n": ["$gte": 5]], ["n": -5]))
        #expect(try matches(["date": ["$lt": "2024-06-01"]], ["date": "2024-01-31"]))
        #expect(try !matches(["date": ["$gte": "2024-06-01"]], ["date": "2024-01-31"]))
        #expect(try matches(["name": ["$gt": "Z"]], ["name": "a"]))
    }

    @Test("comparing across types, with null or with nothing is false, never a crash")
    func comparisonMismatches() throws {
        for op in ["$lt", "$lte", "$gt", "$gte"] {
            #expect(try !matches(["n": [op: 10]], ["n": "5"]), "\(op) number vs string")
            #expect(try !matches(["n": [op: "10"]], ["n": 5]), "\(op) string vs number")
            #expect(try !matches(["n": [op: 10]], ["n": true]), "\(op) vs boolean")
            #expect(try !matches(["n": [op: 10]], ["n": nil]), "\(op) vs null")
            #expect(try !matches(["n": [op: 10]], [:]), "\(op) vs missing")
            #expect(try !matches(["n": [op: 10]], ["n": ["x": 1]]), "\(op) vs object")
        }
    }

    @Test("a comparison on an array field holds when one element satisfies it")
    func comparisonOnArrays() throws {
        #expect(try matches(["scores": ["$gt": 90]], ["scores": [50, 95]]))
        #expect(try !matches(["scores": ["$gt": 90]], ["scores": [50, 60]]))
        #expect(try !matches(["scores": ["$gt": 90]], ["scores": []]))
        #expect(try matches(["n": ["$gte": 1, "$lt": 5]], ["n": 1]))
        #expect(try !matches(["n": ["$gte": 1, "$lt": 5]], ["n": 5]))
    }

    @Test("$in matches a value in the list, or an array field with any element in it")
    func within() throws {
        let rule: [String: PermissionValue] = ["id": ["$in": ["h1", "h2"]]]
        #expect(try matches(rule, ["id": "h1"]))
        #expect(try !matches(rule, ["id": "h3"]))
        #expect(try !matches(rule, [:]))
        #expect(try matches(rule, ["id": ["h3", "h2"]]))
        #expect(try !matches(rule, ["id": ["h3", "h4"]]))
        #expect(try !matches(rule, ["id": []]))
        #expect(try !matches(["id": ["$in": []]], ["id": "h1"]))
        #expect(try !matches(["id": ["$in": ["1"]]], ["id": 1]))
        #expect(try matches(["id": ["$in": [nil]]], ["id": nil]))
        #expect(try !matches(["id": ["$in": [nil]]], [:]))
    }

    @Test("$nin holds when no value is in the list, including when the member is missing")
    func notWithin() throws {
        let rule: [String: PermissionValue] = ["id": ["$nin": ["h1", "h2"]]]
        #expect(try matches(rule, ["id": "h3"]))
        #expect(try !matches(rule, ["id": "h1"]))
        #expect(try matches(rule, [:]))
        #expect(try !matches(rule, ["id": ["h3", "h1"]]))
        #expect(try matches(rule, ["id": ["h3", "h4"]]))
    }

    @Test("$exists asks whether the member is there, null or not")
    func exists() throws {
        #expect(try matches(["views": ["$exists": true]], ["views": 3]))
        #expect(try matches(["views": ["$exists": true]], ["views": nil]))
        #expect(try !matches(["views": ["$exists": true]], [:]))
        #expect(try matches(["views": ["$exists": false]], [:]))
        #expect(try !matches(["views": ["$exists": false]], ["views": 0]))
        #expect(try matches(["a.b": ["$exists": false]], [:]))
        #expect(try matches(["a.b": ["$exists": false]], ["a": nil]))
        #expect(try !matches(["a.b": ["$exists": true]], ["a": "text"]))
        #expect(try matches(["authors.0": ["$exists": false]], ["authors": []]))
        #expect(try !matches(["authors.0": ["$exists": false]], ["authors": ["me"]]))
    }

    @Test("$exists on a path through an array holds when one element meets it")
    func existsThroughArrays() throws {
        let members: PermissionValue = ["members": [["role": "owner"], [:]]]
        #expect(try matches(["members.role": ["$exists": true]], members))
        #expect(try matches(["members.role": ["$exists": false]], members))
        #expect(try !matches(["members.role": ["$exists": true]], ["members": [[:]]]))
        // As in ucast: an empty array has no element for which the member is missing.
        #expect(try !matches(["members.role": ["$exists": false]], ["members": []]))
    }

    @Test("dot paths read nested objects and gather from arrays of objects")
    func dotPaths() throws {
        let household: PermissionValue = ["household": ["id": "h1", "members": [["userId": "u1"], ["userId": "u2"]]]]
        #expect(try matches(["household.id": "h1"], household))
        #expect(try matches(["household.members.userId": "u2"], household))
        #expect(try !matches(["household.members.userId": "u3"], household))
        #expect(try matches(["household.members.userId": ["$in": ["u9", "u1"]]], household))
        #expect(try matches(["household.members.1.userId": "u2"], household))
        #expect(try !matches(["household.members.1.userId": "u1"], household))
        #expect(try !matches(["household.members.5.userId": "u1"], household))
        #expect(try !matches(["household.id": "h1"], ["household": nil]))
        #expect(try !matches(["household.id": "h1"], ["household": "h1"]))
        #expect(try !matches(["household.id": "h1"], [:]))
    }

    @Test("nested arrays flatten one level along a path, as ucast reads them")
    func nestedArrays() throws {
        let groups: PermissionValue = [
            "groups": [["members": [["userId": "a"]]], ["members": [["userId": "b"], ["userId": "c"]]]]
        ]
        #expect(try matches(["groups.members.userId": "c"], groups))
        #expect(try !matches(["groups.members.userId": "d"], groups))
        #expect(try matches(["matrix": [1, 2]], ["matrix": [[1, 2], [3]]]))
        // Arrays inside arrays are not objects, so a name read through them finds nothing.
        #expect(try !matches(["matrix.v": 1], ["matrix": [[["v": 1]]]]))
    }

    @Test("several fields must all hold, and empty conditions match everything")
    func conjunction() throws {
        let rule: [String: PermissionValue] = ["householdId": "h1", "quantity": ["$gt": 0]]
        #expect(try matches(rule, ["householdId": "h1", "quantity": 2]))
        #expect(try !matches(rule, ["householdId": "h1", "quantity": 0]))
        #expect(try !matches(rule, ["householdId": "h2", "quantity": 2]))
        #expect(try matches([:], ["anything": 1]))
    }
}

@Suite("Rules refused at load")
struct RuleLoadingTests {
    private func loadError(_ rules: [PermissionRule]) -> PermissionError? {
        do {
            _ = try Ability(rules: rules)
            return nil
        } catch {
            return error
        }
    }

    private let fine = PermissionRule("read", "Household")

    @Test("an unknown operator is refused with the rule index and the operator named")
    func unknownOperator() throws {
        let error = try #require(
            loadError([fine, PermissionRule("read", "Recipe", conditions: ["name": ["$regex": "^a"]])]))
        #expect(error.code == .unknownOperator)
        #expect(error.ruleIndex == 1)
        #expect(error.message.contains("Rule 1"))
        #expect(error.message.contains("$regex"))
        #expect(error.message.contains("\"name\""))
        #expect(error.message.contains("$exists"))
    }

    @Test("operators at the top level of the conditions are refused")
    func topLevelOperator() throws {
        let error = try #require(
            loadError([PermissionRule("read", "Recipe", conditions: ["$or": [["a": 1], ["b": 2]]])]))
        #expect(error.code == .unknownOperator)
        #expect(error.ruleIndex == 0)
        #expect(error.message.contains("$or"))
    }

    @Test("operators mixed with plain keys, and operands of the wrong kind, are malformed")
    func malformedConditions() throws {
        let cases: [(PermissionValue, String)] = [
            (["$gt": 1, "max": 3], "\"max\""),
            (["$in": "h1"], "an array"),
            (["$nin": 1], "an array"),
            (["$lt": true], "a number or a string"),
            (["$gte": ["x": 1]], "a number or a string"),
            (["$exists": "yes"], "true or false"),
        ]
        for (condition, named) in cases {
            let error = try #require(
                loadError([fine, fine, PermissionRule("read", "Recipe", conditions: ["n": condition])]))
            #expect(error.code == .invalidRule)
            #expect(error.ruleIndex == 2)
            #expect(error.message.contains("Rule 2"))
            #expect(error.message.contains(named), "\(error.message)")
        }
    }

    @Test("rules with no action, empty subjects or fields, or an empty path segment are malformed")
    func malformedRules() throws {
        let rules = [
            PermissionRule([], ["Household"]),
            PermissionRule([""], ["Household"]),
            PermissionRule(["read"], []),
            PermissionRule("read", "Household", fields: []),
            PermissionRule("read", "Household", fields: [""]),
            PermissionRule("read", "Household", conditions: ["household..id": "h1"]),
        ]
        for rule in rules {
            let error = try #require(loadError([fine, rule]), "\(rule)")
            #expect(error.code == .invalidRule)
            #expect(error.ruleIndex == 1)
        }
    }
}
