import BenchmarkSupport
import Foundation

/// The operation a household's home screen sends: the household, the items that need attention soon (expired,
/// overdue or due within five days) with their statuses, every recipe ranked by how much the stock covers with
/// what is still missing, and the shopping list.
enum Dashboard {
    static let query = """
        query Dashboard($householdId: String!, $withinDays: Int!) {
          household(id: $householdId) { id name memberCount }
          expiring: items(householdId: $householdId, expiringWithinDays: $withinDays) {
            id name quantity unit category location expirationDate dueDateKind minimumQuantity statuses
          }
          cookableRecipes(householdId: $householdId) {
            coverage canCook
            recipe { id name totalTime servings difficulty }
            missing { ingredient { name quantity unit } available missing status }
          }
          shoppingList(householdId: $householdId) { id name quantity unit checked note recipeId }
        }
        """

    /// The request body both servers get: `{"query", "variables", "operationName"}`.
    static func body(householdID: String) throws -> Data {
        try JSONSerialization.data(
            withJSONObject: [
                "query": query, "operationName": "Dashboard",
                "variables": ["householdId": householdID, "withinDays": 5],
            ] as [String: Any], options: [.sortedKeys])
    }

    /// The answer of `base` to the dashboard, as canonical JSON: keys sorted, numbers written one way.
    static func answer(base: String, token: String, body: Data) async throws -> (canonical: String, bytes: Int) {
        let raw = try await GraphQLClient.post(base + "/graphql", body, token: token)
        guard case .object(let object) = try JSONDecoder().decode(JSONValue.self, from: raw) else {
            throw LoadError("\(base)/graphql answered something other than a JSON object")
        }
        if let errors = object["errors"] {
            throw LoadError("\(base)/graphql answered the dashboard with errors: \(errors.canonical)")
        }
        return (JSONValue.object(object).canonical, raw.count)
    }

    /// The first place two canonical answers differ, with some context, for the failure message.
    static func firstDifference(_ lhs: String, _ rhs: String) -> String {
        let l = Array(lhs.utf8)
        let r = Array(rhs.utf8)
        var index = 0
        while index < min(l.count, r.count), l[index] == r[index] { index += 1 }
        let start = max(0, index - 200)
        func slice(_ bytes: [UInt8]) -> String {
            String(decoding: bytes[min(start, bytes.count)..<min(index + 200, bytes.count)], as: UTF8.self)
        }
        return "at byte \(index):\n  Hearth:     …\(slice(l))…\n  Strawberry: …\(slice(r))…"
    }

}

/// Any JSON value, numbers as doubles, for comparing the two servers' answers.
indirect enum JSONValue: Decodable {
    case object([String: JSONValue])
    case array([JSONValue])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? single.decode(Double.self) {
            self = .number(number)
        } else if let string = try? single.decode(String.self) {
            self = .string(string)
        } else if let array = try? single.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try single.decode([String: JSONValue].self))
        }
    }

    /// The value as JSON with sorted keys and every number as the shortest text of its double, so 2 and 2.0 agree.
    var canonical: String {
        switch self {
        case .object(let object):
            "{" + object.keys.sorted().map { Self.quoted($0) + ":" + object[$0]!.canonical }.joined(separator: ",")
                + "}"
        case .array(let array): "[" + array.map(\.canonical).joined(separator: ",") + "]"
        case .string(let string): Self.quoted(string)
        case .number(let number): "\(number)"
        case .bool(let bool): bool ? "true" : "false"
        case .null: "null"
        }
    }

    private static func quoted(_ text: String) -> String {
        let data = try! JSONEncoder().encode([text])
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }
}
