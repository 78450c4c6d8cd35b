import Foundation
import HearthCore

/// `{Count, Message, SearchCriteria, Results: [{…}]}`.
struct VPICResponse: Decodable, Sendable {
    var message: String?
    var results: [[String: LenientText]]

    enum CodingKeys: String, CodingKey {
        case message = "Message", results = "Results"
    }
}
