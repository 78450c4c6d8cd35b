import HearthCore

/// A change to a household, published after the write that made it commits.
struct HouseholdChange: Sendable, Equatable {
    enum Kind: String, Sendable, Codable {
        case updated, deleted, membersChanged
    }

    let householdID: String
    let kind: Kind
    /// The user who made the change.
    let byUserID: String
}

/// The household changes of this server process, for subscriptions. Changes made by other server processes
/// on the same PostgreSQL database are not seen here.
typealias PantryEvents = Broadcast<HouseholdChange, Void>
