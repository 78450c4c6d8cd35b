public import HearthCore

/// The households the signed-in user belongs to.
public struct HouseholdsQuery: PantryOperation {
    public typealias Answer = [Household]
    public static let kind = PantryOperationKind.query
    public static let document = "query Households { households { \(PantrySelection.household) } }"
    public static let field = "households"
    public init() {}
}

/// One household with its members.
public struct HouseholdQuery: PantryOperation {
    public typealias Answer = Household
    public static let kind = PantryOperationKind.query
    public static let document = "query Household($id: String!) { household(id: $id) { \(PantrySelection.household) } }"
    public static let field = "household"
    public let id: String
    public init(id: String) { self.id = id }
    public var variables: [String: AnyJSON] { ["id": .string(id)] }
}

/// A household's name and optional description, as the create and update mutations take them.
public struct HouseholdFields: Sendable, Hashable {
    public let name: String
    public let description: String?
    public init(name: String, description: String?) {
        self.name = name
        self.description = description
    }

    var json: AnyJSON { .object(["name": .string(name), "description": description.map(AnyJSON.string) ?? .null]) }
}

/// Creates a household with the signed-in user as its owner.
public struct CreateHouseholdMutation: PantryOperation {
    public typealias Answer = Household
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation CreateHousehold($input: HouseholdInput!) { createHousehold(input: $input) { \(PantrySelection.household) } }"
    public static let field = "createHousehold"
    public let input: HouseholdFields
    public init(input: HouseholdFields) { self.input = input }
    public var variables: [String: AnyJSON] { ["input": input.json] }
}

/// Renames a household or changes its description.
public struct UpdateHouseholdMutation: PantryOperation {
    public typealias Answer = Household
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation UpdateHousehold($id: String!, $input: HouseholdInput!) { updateHousehold(id: $id, input: $input) { \(PantrySelection.household) } }"
    public static let field = "updateHousehold"
    public let id: String
    public let input: HouseholdFields
    public init(id: String, input: HouseholdFields) {
        self.id = id
        self.input = input
    }
    public var variables: [String: AnyJSON] { ["id": .string(id), "input": input.json] }
}

/// Deletes a household with everything in it; true once it is gone.
public struct DeleteHouseholdMutation: PantryOperation {
    public typealias Answer = Bool
    public static let kind = PantryOperationKind.mutation
    public static let document = "mutation DeleteHousehold($id: String!) { deleteHousehold(id: $id) }"
    public static let field = "deleteHousehold"
    public let id: String
    public init(id: String) { self.id = id }
    public var variables: [String: AnyJSON] { ["id": .string(id)] }
}

/// Makes an invite code for a household.
public struct CreateInviteMutation: PantryOperation {
    public typealias Answer = InviteCode
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation CreateInvite($id: String!) { createInvite(householdId: $id) { \(PantrySelection.invite) } }"
    public static let field = "createInvite"
    public let householdId: String
    public init(householdId: String) { self.householdId = householdId }
    public var variables: [String: AnyJSON] { ["id": .string(householdId)] }
}

/// Revokes an invite code before it expires.
public struct RevokeInviteMutation: PantryOperation {
    public typealias Answer = Bool
    public static let kind = PantryOperationKind.mutation
    public static let document = "mutation RevokeInvite($code: String!) { revokeInvite(code: $code) }"
    public static let field = "revokeInvite"
    public let code: String
    public init(code: String) { self.code = code }
    public var variables: [String: AnyJSON] { ["code": .string(code)] }
}

/// Joins the household an invite code is for.
public struct JoinHouseholdMutation: PantryOperation {
    public typealias Answer = Household
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation JoinHousehold($code: String!) { joinHousehold(code: $code) { \(PantrySelection.household) } }"
    public static let field = "joinHousehold"
    public let code: String
    public init(code: String) { self.code = code }
    public var variables: [String: AnyJSON] { ["code": .string(code)] }
}

/// Gives a member another role.
public struct UpdateMemberRoleMutation: PantryOperation {
    public typealias Answer = HouseholdMember
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation UpdateMemberRole($id: String!, $role: MemberRole!) { updateMemberRole(memberId: $id, role: $role) { \(PantrySelection.member) } }"
    public static let field = "updateMemberRole"
    public let memberId: String
    public let role: MemberRole
    public init(memberId: String, role: MemberRole) {
        self.memberId = memberId
        self.role = role
    }
    public var variables: [String: AnyJSON] { ["id": .string(memberId), "role": .string(role.rawValue)] }
}

/// Adds an existing account to a household as an admin or a member.
public struct AddMemberMutation: PantryOperation {
    public typealias Answer = HouseholdMember
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation AddMember($id: String!, $user: String!, $role: MemberRole) { addMember(householdId: $id, userId: $user, role: $role) { \(PantrySelection.member) } }"
    public static let field = "addMember"
    public let householdId: String
    public let userId: String
    public let role: MemberRole
    public init(householdId: String, userId: String, role: MemberRole = .member) {
        self.householdId = householdId
        self.userId = userId
        self.role = role
    }
    public var variables: [String: AnyJSON] {
        ["id": .string(householdId), "user": .string(userId), "role": .string(role.rawValue)]
    }
}

/// Removes a member from their household.
public struct RemoveMemberMutation: PantryOperation {
    public typealias Answer = Bool
    public static let kind = PantryOperationKind.mutation
    public static let document = "mutation RemoveMember($id: String!) { removeMember(memberId: $id) }"
    public static let field = "removeMember"
    public let memberId: String
    public init(memberId: String) { self.memberId = memberId }
    public var variables: [String: AnyJSON] { ["id": .string(memberId)] }
}

/// Leaves a household.
public struct LeaveHouseholdMutation: PantryOperation {
    public typealias Answer = Bool
    public static let kind = PantryOperationKind.mutation
    public static let document = "mutation LeaveHousehold($id: String!) { leaveHousehold(householdId: $id) }"
    public static let field = "leaveHousehold"
    public let householdId: String
    public init(householdId: String) { self.householdId = householdId }
    public var variables: [String: AnyJSON] { ["id": .string(householdId)] }
}

/// Hands a household's ownership to another of its members; the owner becomes an admin.
public struct TransferOwnershipMutation: PantryOperation {
    public typealias Answer = Household
    public static let kind = PantryOperationKind.mutation
    public static let document =
        "mutation TransferOwnership($id: String!, $member: String!) { transferOwnership(householdId: $id, memberId: $member) { \(PantrySelection.household) } }"
    public static let field = "transferOwnership"
    public let householdId: String
    public let memberId: String
    public init(householdId: String, memberId: String) {
        self.householdId = householdId
        self.memberId = memberId
    }
    public var variables: [String: AnyJSON] { ["id": .string(householdId), "member": .string(memberId)] }
}

/// What changed in a household, as `householdChanged` sends it.
public struct HouseholdChangeNotice: Decodable, Sendable, Hashable {
    /// `updated` (name or description), `deleted`, or `membersChanged` (someone joined, left, was removed or
    /// changed role).
    public let kind: String
    public let householdId: String
    /// The household after the change; nil once it is deleted.
    public let household: Household?

    public init(kind: String, householdId: String, household: Household?) {
        self.kind = kind
        self.householdId = householdId
        self.household = household
    }
}

/// Follows the changes to a household itself: its name, its deletion, and its members and their roles.
public struct HouseholdChangedSubscription: PantryOperation {
    public typealias Answer = HouseholdChangeNotice
    public static let kind = PantryOperationKind.subscription
    public static let document =
        "subscription HouseholdChanged($id: String!) { householdChanged(id: $id) { kind householdId household { \(PantrySelection.household) } } }"
    public static let field = "householdChanged"
    public let householdId: String
    public init(householdId: String) { self.householdId = householdId }
    public var variables: [String: AnyJSON] { ["id": .string(householdId)] }
}
