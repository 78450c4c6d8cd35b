import Foundation
public import HearthCloudModel
public import HearthFinance

/// The money books a user can open on the pages: their own, those shared with them, those offered to them,
/// and whom they share their own with.
public struct FinanceBooks: Sendable, Equatable {
    /// The book open now; nil when it is the user's own.
    public var open: MoneyBook?
    /// The books other accounts shared with the user, named by their owners' addresses.
    public var shared: [MoneyBook]
    /// The books offered to the user and not accepted yet: who offers each, and the token that accepts it.
    public var invitations: [Invitation]
    /// The people the user's own book is shared with (invited or accepted).
    public var people: [CloudShareParticipant]

    /// A book offered to the user.
    public struct Invitation: Sendable, Equatable {
        /// The owner's address (or account).
        public var from: String
        /// The share's token, which the accept form sends.
        public var token: String
    }
}
