import Foundation
import HearthCore
import HearthPantryModel

/// The household as its settings page shows it: members with their names, open invites, and the viewer's role.
struct HouseholdSettingsQuery: PantryOperation {
    struct Answer: Decodable, Sendable {
        struct Member: Decodable, Sendable {
            struct Person: Decodable, Sendable {
                let name: String
                let email: String
            }
            let id: String
            let userId: String
            let role: MemberRole
            let user: Person?
        }
        let id: String
        let name: String
        let description: String?
        let myRole: MemberRole?
        let members: [Member]
        let invites: [InviteCode]
    }
    static let kind = PantryOperationKind.query
    static let document = """
        query HouseholdSettings($id: String!) { household(id: $id) { id name description myRole \
        members { id userId role user { name email } } invites { \(PantrySelection.invite) } } }
        """
    static let field = "household"
    let id: String
    var variables: [String: AnyJSON] { ["id": .string(id)] }
}

/// One item with its whole stock history, oldest booking first.
struct ItemHistoryQuery: PantryOperation {
    struct Answer: Decodable, Sendable {
        let item: PantryItem
        let bookings: [StockBookingLine]

        private enum CodingKeys: String, CodingKey { case bookings }

        init(from decoder: any Decoder) throws {
            item = try PantryItem(from: decoder)
            bookings = try decoder.container(keyedBy: CodingKeys.self).decode(
                [StockBookingLine].self, forKey: .bookings)
        }
    }
    static let kind = PantryOperationKind.query
    static let document = "query ItemHistory($id: String!) { item(id: $id) { \(PantrySelection.receipt) } }"
    static let field = "item"
    let id: String
    var variables: [String: AnyJSON] { ["id": .string(id)] }
}

/// The people in the viewer's households, for the garage's sharing form to offer.
struct HouseholdPeopleQuery: PantryOperation {
    struct Household: Decodable, Sendable {
        let name: String
        let members: [HouseholdSettingsQuery.Answer.Member]
    }
    typealias Answer = [Household]
    static let kind = PantryOperationKind.query
    static let document = "query HouseholdPeople { households { name members { id userId role user { name email } } } }"
    static let field = "households"
}
