import Foundation
import HearthCore

/// `{Count, Message, results: [{…}]}` (lower-case `results`; `Results` accepted too).
struct RecallsResponse: Decodable, Sendable {
    var results: [WireRecall]

    private enum CodingKeys: String, CodingKey {
        case lower = "results", upper = "Results"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        results =
            try container.decodeIfPresent([WireRecall].self, forKey: .lower)
            ?? container.decodeIfPresent([WireRecall].self, forKey: .upper) ?? []
    }
}
