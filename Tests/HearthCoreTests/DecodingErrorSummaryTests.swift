import Foundation
import HearthCore
import Testing

/// The record server answers bad JSON with these sentences, so they must name the field at fault.
@Suite("DecodingErrorSummary")
struct DecodingErrorSummaryTests {
    struct Item: Decodable {
        var amount: Int
        var tags: [String]
    }
    struct Batch: Decodable { var items: [Item] }

    @Test("a wrong type names the path of the field")
    func typeMismatch() {
        let json = Data(#"{"items":[{"amount":1,"tags":[]},{"amount":"two","tags":[]}]}"#.utf8)
        do {
            _ = try JSONDecoder().decode(Batch.self, from: json)
            Issue.record("decoding should fail")
        } catch {
            let sentence = DecodingErrorSummary.describe(error)
            #expect(sentence.hasPrefix("\"items[1].amount\": expected a number"))
        }
    }

    @Test("a missing field and broken JSON are described")
    func missingAndBroken() {
        do {
            _ = try JSONDecoder().decode(Item.self, from: Data(#"{"amount":1}"#.utf8))
        } catch {
            #expect(DecodingErrorSummary.describe(error) == "\"tags\": this required field is missing.")
        }
        do {
            _ = try JSONDecoder().decode(Item.self, from: Data(#"{"amount":"#.utf8))
        } catch {
            #expect(DecodingErrorSummary.describe(error).hasPrefix("(top level)"))
        }
    }

    @Test("a malformed UUID says what an id looks like")
    func badUUID() {
        struct Row: Decodable { var id: UUID }
        do {
            _ = try JSONDecoder().decode([Row].self, from: Data(#"[{"id":"x"}]"#.utf8))
            Issue.record("decoding should fail")
        } catch {
            #expect(
                DecodingErrorSummary.describe(error)
                    == "\"[0].id\": expected an id such as \"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\" (a UUID).")
        }
    }
}
