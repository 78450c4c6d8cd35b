public import HearthCore

/// A JSON value kept exactly as it arrived, for data whose meaning another target gives (a user's permission
/// rules, which HearthPermissions reads; a GraphQL answer).
public typealias RawJSON = AnyJSON
