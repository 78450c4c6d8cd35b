import GraphQL
import OrderedCollections

/// A JSON value from a client (a request's variables, a WebSocket payload), read into GraphQL's `Map` in one
/// pass.
///
/// `Map`'s own decoding reads an object twice at every level (once to see that it is one, once for its keys), so
/// fifty levels of `{"a": …}` in a kilobyte of variables would take 2⁵⁰ steps. This reads each value once: a
/// scalar, a list, or else an object. JSON's decoder bounds the nesting (512 levels) before this descends.
struct GraphQLJSONValue: Decodable {
    let map: Map

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            map = .null
        } else if let bool = try? container.decode(Bool.self) {
            map = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            map = .number(Number(number))
        } else if let string = try? container.decode(String.self) {
            map = .string(string)
        } else if let elements = try? container.decode([GraphQLJSONValue].self) {
            map = .array(elements.map(\.map))
        } else {
            // Not a scalar or a list: an object, read once, its members in the order the decoder gives them.
            let object = try decoder.container(keyedBy: Key.self)
            var members = OrderedDictionary<String, Map>()
            for key in object.allKeys {
                members[key.stringValue] = try object.decode(GraphQLJSONValue.self, forKey: key).map
            }
            map = .dictionary(members)
        }
    }

    /// An object's members, as a variables dictionary.
    static func variables(_ object: [String: GraphQLJSONValue]?) -> [String: Map] {
        object?.mapValues(\.map) ?? [:]
    }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
