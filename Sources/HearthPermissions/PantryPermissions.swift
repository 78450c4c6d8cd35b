/// The Pantry app's rules: what a user may do, from their household memberships.
///
/// The rules are stored as a ``PermissionTemplate`` and filled for each user from this context:
/// `{"user": {"id", "householdIds" (every household they belong to), "managedHouseholdIds" (where they
/// are owner or admin), "adminHouseholdIds" (where they are admin)}}`. Later rules win.
///
/// | # | rule | who it is for |
/// |---|------|---------------|
/// | 0 | `manage User` where `id` = `${user.id}` | everyone: their own user |
/// | 1 | `create Household` | everyone: a new household, which they then own |
/// | 2 | `read Household` where `id` $in `${user.householdIds}` | every member |
/// | 3 | `read HouseholdMember` where `household_id` $in `${user.householdIds}` | every member: who else belongs |
/// | 4 | `manage PantryItem, ShoppingListItem, Recipe` where `householdId` $in `${user.householdIds}` | every member |
/// | 5 | `manage Household` where `id` $in `${user.managedHouseholdIds}` | owner and admin |
/// | 6 | `manage HouseholdMember` where `household_id` $in `${user.managedHouseholdIds}` | owner and admin |
/// | 7 | not `update, delete HouseholdMember` where `household_id` $in `${user.adminHouseholdIds}` and `role` $in `owner, admin` | admin: admins manage members, not the owner or other admins |
/// | 8 | not `delete Household` where `id` $in `${user.adminHouseholdIds}` | admin: only the owner deletes a household |
///
/// Nothing else is allowed: not messages, not households one does not belong to, not other users.
/// `HouseholdMember` conditions read the snake_case `household_id` (and `user_id`), as the Pantry
/// server's rules always have; build instances with ``member(householdId:userId:role:)`` rather than
/// from the camelCase model. Pantry items, shopping list items and recipes read `householdId`.
public struct PantryPermissions: Sendable {
    /// A member's role in a household, from most to least powerful.
    public enum Role: String, Codable, Sendable, CaseIterable {
        case owner, admin, member
    }

    /// One household a user belongs to, and their role there.
    public struct Membership: Codable, Sendable, Hashable {
        public let householdId: String
        public let role: Role

        public init(householdId: String, role: Role) {
            self.householdId = householdId
            self.role = role
        }
    }

    /// The subject types the Pantry rules name.
    public enum Subject {
        public static let user = "User"
        public static let household = "Household"
        public static let householdMember = "HouseholdMember"
        public static let pantryItem = "PantryItem"
        public static let shoppingListItem = "ShoppingListItem"
        public static let recipe = "Recipe"
    }

    /// The rules as stored, before a user's context fills them (see the table above).
    public static let template = PermissionTemplate(rules: [
        PermissionRule("manage", Subject.user, conditions: ["id": "${user.id}"]),
        PermissionRule("create", Subject.household),
        PermissionRule("read", Subject.household, conditions: ["id": ["$in": "${user.householdIds}"]]),
        PermissionRule("read", Subject.householdMember, conditions: ["household_id": ["$in": "${user.householdIds}"]]),
        PermissionRule(
            ["manage"], [Subject.pantryItem, Subject.shoppingListItem, Subject.recipe],
            conditions: ["householdId": ["$in": "${user.householdIds}"]]
        ),
        PermissionRule("manage", Subject.household, conditions: ["id": ["$in": "${user.managedHouseholdIds}"]]),
        PermissionRule(
            "manage", Subject.householdMember, conditions: ["household_id": ["$in": "${user.managedHouseholdIds}"]]),
        PermissionRule(
            ["update", "delete"], [Subject.householdMember],
            conditions: ["household_id": ["$in": "${user.adminHouseholdIds}"], "role": ["$in": ["owner", "admin"]]],
            inverted: true,
            reason:
                "Admins manage members, not the owner or other admins; ask the owner to change an admin's or the owner's membership."
        ),
        PermissionRule(
            "delete", Subject.household,
            conditions: ["id": ["$in": "${user.adminHouseholdIds}"]],
            inverted: true,
            reason: "Only the owner can delete a household; ask the owner, or leave it."
        ),
    ])

    /// The context the template is filled from for this user.
    public static func context(userId: String, memberships: [Membership]) -> PermissionValue {
        func ids(_ roles: Set<Role>) -> PermissionValue {
            var seen: Set<String> = []
            let ids = memberships.filter { roles.contains($0.role) && seen.insert($0.householdId).inserted }
            return .array(ids.map { .string($0.householdId) })
        }
        return [
            "user": [
                "id": .string(userId),
                "householdIds": ids([.owner, .admin, .member]),
                "managedHouseholdIds": ids([.owner, .admin]),
                "adminHouseholdIds": ids([.admin]),
            ]
        ]
    }

    /// A user's rules, filled from their memberships.
    public static func rules(userId: String, memberships: [Membership]) throws(PermissionError) -> [PermissionRule] {
        try template.fill(context(userId: userId, memberships: memberships))
    }

    /// A user's rules with their version, as `me { permissions { rules version } }` answers.
    public static func permissions(userId: String, memberships: [Membership]) throws -> Permissions {
        try Permissions(rules: rules(userId: userId, memberships: memberships))
    }

    // MARK: Subjects as the rules read them

    /// A user, by id.
    public static func user(id: String) -> PermissionSubject {
        .instance(Subject.user, ["id": .string(id)])
    }

    /// A household, by id.
    public static func household(id: String) -> PermissionSubject {
        .instance(Subject.household, ["id": .string(id)])
    }

    /// A membership, with the snake_case attributes the member rules read. Give the role when checking
    /// an update or removal, so that rule 7 can protect the owner's and other admins' memberships from admins.
    public static func member(householdId: String, userId: String? = nil, role: Role? = nil) -> PermissionSubject {
        var attributes: [String: PermissionValue] = ["household_id": .string(householdId)]
        if let userId { attributes["user_id"] = .string(userId) }
        if let role { attributes["role"] = .string(role.rawValue) }
        return .instance(Subject.householdMember, .object(attributes))
    }

    /// A pantry item, shopping list item or recipe (`type`, one of ``Subject``) of a household.
    public static func householdContent(_ type: String, householdId: String) -> PermissionSubject {
        .instance(type, ["householdId": .string(householdId)])
    }
}
