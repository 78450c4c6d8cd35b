import Foundation
import HearthCloud
import HearthCore
import HearthPantryModel

/// A change to a household, sent to subscribers when the write that made it commits.
///
/// It travels as a database notice (topic ``topic``), so on PostgreSQL the subscribers of every server
/// process on the database hear it, not only those of the process that made the change.
struct HouseholdChange: Sendable, Equatable, Codable {
    enum Kind: String, Sendable, Codable {
        case updated, deleted, membersChanged
    }

    static let topic = "pantry.household"

    let householdID: String
    let kind: Kind
    /// The user who made the change.
    let byUserID: String

    var notice: SQLNotice {
        SQLNotice(
            topic: Self.topic, payload: String(decoding: (try? JSONEncoder().encode(self)) ?? Data(), as: UTF8.self))
    }

    /// The change a notice carries; nil for notices about anything else.
    init?(_ notice: SQLNotice) {
        guard notice.topic == Self.topic,
            let change = try? JSONDecoder().decode(Self.self, from: Data(notice.payload.utf8))
        else { return nil }
        self = change
    }

    init(householdID: String, kind: Kind, byUserID: String) {
        self.householdID = householdID
        self.kind = kind
        self.byUserID = byUserID
    }
}

/// What a `householdChanged` subscriber is sent: the kind of change and the household as it is now.
struct HouseholdChangeEvent: Sendable {
    let householdID: String
    let kind: HouseholdChange.Kind
    /// The household after the change; nil once it is deleted.
    let household: Household?
}
