import Foundation

/// The documents an attacker without an account sends to `/graphql`: each small on the wire, each built to cost
/// a naive server a crash, minutes of CPU or megabytes of memory.
enum HostileDocuments {
    /// Selections nested `depth` deep (about 4 KB at 1,000): a recursive parser runs out of stack.
    static func deep(_ depth: Int = 1_000) -> String {
        "query { " + String(repeating: "household(id: \"x\") { ", count: depth) + "id"
            + String(repeating: " }", count: depth) + " }"
    }

    /// Fragments that each spread the next one four times, twelve levels deep (about 1 KB): expanded, 4^12
    /// selections.
    static func fragmentBomb(levels: Int = 12, fanOut: Int = 4) -> String {
        var text = "query { households { ...F0 } }\n"
        for level in 0..<levels {
            let spreads = (0..<fanOut).map { "a\($0): households { ...F\(level + 1) }" }.joined(separator: " ")
            text += "fragment F\(level) on Household { \(spreads) }\n"
        }
        return text + "fragment F\(levels) on Household { id }\n"
    }

    /// `count` aliased, nested introspection selections: megabytes of answer from kilobytes of question.
    static func introspection(_ count: Int = 300) -> String {
        let one = "__schema { types { name fields { name type { name ofType { name ofType { name } } } } } }"
        return "query { " + (0..<count).map { "s\($0): \(one)" }.joined(separator: " ") + " }"
    }

    /// A document of `bytes` bytes that is not GraphQL at all, distinct each time.
    static func junk(_ bytes: Int, seed: Int) -> String {
        var generator = SplitMix64(seed: UInt64(seed))
        let letters = Array("abcdefghijklmnopqrstuvwxyz{}()[]:,!$@ \n")
        return String((0..<bytes).map { _ in letters[Int(generator.next() % UInt64(letters.count))] })
    }

    /// The JSON body of the `index`-th attack: the kinds in turn, junk of `junkBytes` bytes.
    static func body(_ index: Int, junkBytes: Int) throws -> Data {
        let query: String
        switch index % 4 {
        case 0: query = deep()
        case 1: query = fragmentBomb()
        case 2: query = introspection()
        default: query = junk(junkBytes, seed: index)
        }
        return try JSONSerialization.data(withJSONObject: ["query": query])
    }
}
